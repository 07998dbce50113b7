import type { Branches, Generators, Network } from '../model/network';

function grow<T extends Float64Array | Int32Array | Uint8Array | Int8Array>(
  array: T,
  extra: number,
): T {
  const out = new (array.constructor as new (length: number) => T)(array.length + extra);
  out.set(array);
  return out;
}

/** A copy of the network with room for `extraBranches` and `extraGenerators` more rows. */
export function withExtraRows(
  net: Network,
  extraBranches: number,
  extraGenerators: number,
): Network {
  const b = net.branches;
  const branches: Branches = {
    count: b.count + extraBranches,
    fromBus: grow(b.fromBus, extraBranches),
    toBus: grow(b.toBus, extraBranches),
    rPu: grow(b.rPu, extraBranches),
    xPu: grow(b.xPu, extraBranches),
    bPu: grow(b.bPu, extraBranches),
    rateAMva: grow(b.rateAMva, extraBranches),
    rateBMva: grow(b.rateBMva, extraBranches),
    rateCMva: grow(b.rateCMva, extraBranches),
    tapRatio: grow(b.tapRatio, extraBranches),
    shiftDeg: grow(b.shiftDeg, extraBranches),
    inService: grow(b.inService, extraBranches),
    circuit: [...b.circuit, ...new Array<string>(extraBranches).fill('1')],
    // A project's branches are lines, never switches; the file's switches stay switches.
    ...(b.switch === undefined ? {} : { switch: grow(b.switch, extraBranches) }),
  };
  const g = net.generators;
  const generators: Generators = {
    count: g.count + extraGenerators,
    bus: grow(g.bus, extraGenerators),
    pgMw: grow(g.pgMw, extraGenerators),
    qgMvar: grow(g.qgMvar, extraGenerators),
    qmaxMvar: grow(g.qmaxMvar, extraGenerators),
    qminMvar: grow(g.qminMvar, extraGenerators),
    vgPu: grow(g.vgPu, extraGenerators),
    mBaseMva: grow(g.mBaseMva, extraGenerators),
    inService: grow(g.inService, extraGenerators),
    pmaxMw: grow(g.pmaxMw, extraGenerators),
    pminMw: grow(g.pminMw, extraGenerators),
    // Project units are added without a declared fuel.
    ...(g.fuel === undefined
      ? {}
      : { fuel: [...g.fuel, ...new Array<string>(extraGenerators).fill('')] }),
    // Nor machine data: NaN, unknown (short-circuit strength says so, never assumes zero).
    ...(g.source === undefined
      ? {}
      : {
          source: {
            zrPu: growUnknown(g.source.zrPu, extraGenerators),
            zxPu: growUnknown(g.source.zxPu, extraGenerators),
            rtPu: growUnknown(g.source.rtPu, extraGenerators),
            xtPu: growUnknown(g.source.xtPu, extraGenerators),
          },
        }),
  };
  return {
    ...net,
    buses: {
      ...net.buses,
      pdMw: Float64Array.from(net.buses.pdMw),
      qdMvar: Float64Array.from(net.buses.qdMvar),
    },
    branches,
    generators,
  };
}

function growUnknown(a: Float64Array, extra: number): Float64Array {
  const out = new Float64Array(a.length + extra).fill(Number.NaN);
  out.set(a);
  return out;
}
