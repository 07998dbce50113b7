import type { Network } from '../../model/network';
import { sanitiseBusNames } from '../names';
import { BranchRows } from './builder';
import type { BusColumns } from './builder';
import type { BusInput } from './convert-buses';
import { convertBuses, makeIndex } from './convert-buses';
import type { RawRecord } from './records';
import { num, str } from './records';
import {
  convertSwitchingDevices,
  countJumper,
  emptySwitchCounts,
  isJumper,
  isSwitchCircuit,
  countMarked,
  SWITCH_X_PU,
  switchWarning,
} from './switches';
import { convertThreeWinding, convertTwoWinding } from './transformers';

export interface ConvertInput extends BusInput {
  readonly sbase: number;
  readonly generator: RawRecord[];
  readonly branch: RawRecord[];
  /** v34/v35 system switching devices (empty before). */
  readonly switchingDevice: RawRecord[];
  readonly transformer: { two: RawRecord[]; three: RawRecord[] };
}

export interface Converted {
  readonly network: Network;
  readonly generatorIds: string[];
  readonly branchLines: Int32Array;
}

/**
 * The one conversion into the network model, step by step as MATPOWER's psse_convert.m: buses
 * sorted by number; loads summed per bus at constant power; shunts into bus GS/BS; branches
 * (lines, then 2-winding, then 3-winding transformers) in file order; generators in file order.
 * Then what psse2mpc does not read: closed system switching devices, appended as branches after
 * the transformers (so every other branch keeps MATPOWER's row), and zero-impedance lines given
 * a tiny reactance (switches.ts); both are marked in `branches.switch`.
 */
export function convertCase(input: ConvertInput): Converted {
  const { sbase, tables, warnings } = input;
  const bus = convertBuses(input);
  sanitiseBusNames(bus.name, bus.number, warnings);
  const index = makeIndex(bus);

  // Non-transformer branches; explicit line shunts GI, BI, GJ, BJ go into the bus shunts.
  const br = new BranchRows();
  const switchRows: number[] = [];
  const switches = emptySwitchCounts();
  const [ra, rb, rc] = tables.branchRates;
  for (const rec of input.branch) {
    const r = rec.v;
    const f = index(Math.abs(num(r, 'I')), rec.line, 'I');
    // A negative J marks the metered end.
    const t = index(Math.abs(num(r, 'J')), rec.line, 'J');
    const inService = num(r, tables.branchStatus) !== 0;
    // A breaker or bus tie written as a zero-impedance line (R = X = 0 makes B = 1/x infinite);
    // psse2mpc keeps the file's X, and so does the matpower option.
    const jumper = !input.matpower && isJumper(num(r, 'R'), num(r, 'X'));
    // PSS/E marks breakers ('@') and switches ('*') in the branch data by their circuit id:
    // topology like a switching device, whatever small impedance they carry.
    const device = !input.matpower && isSwitchCircuit(str(r, 'CKT'));
    if (jumper || device) switchRows.push(br.count);
    if (jumper) countJumper(switches, rec.line, inService);
    else if (device) countMarked(switches, rec.line);
    br.push({
      from: f,
      to: t,
      r: num(r, 'R'),
      x: jumper ? SWITCH_X_PU : num(r, 'X'),
      b: num(r, 'B'),
      rates: [num(r, ra), num(r, rb), num(r, rc)],
      tap: 0,
      shift: 0,
      inService,
      circuit: str(r, 'CKT'),
      line: rec.line,
    });
    if (inService) {
      bus.gs[f] += num(r, 'GI') * sbase;
      bus.bs[f] += num(r, 'BI') * sbase;
      bus.gs[t] += num(r, 'GJ') * sbase;
      bus.bs[t] += num(r, 'BJ') * sbase;
    }
  }

  const ctx = { sbase, tables, bus, index, matpower: input.matpower, warnings };
  for (const rec of input.transformer.two) convertTwoWinding(rec, ctx, br);
  const three = input.transformer.three;
  if (three.length > 0) {
    const maxBus = bus.number.reduce((m, n) => Math.max(m, n), 0);
    const starBase = 10 ** Math.ceil(Math.log10(maxBus + 1));
    three.forEach((rec, k) => convertThreeWinding(rec, k, starBase, ctx, br));
    warnings.push({
      code: 'PARSE_RAW_STAR_BUSES_ADDED',
      message: `buses ${starBase + 1}–${starBase + three.length} added as the star points of ${three.length} 3-winding transformers`,
      line: three[0].line,
    });
  }

  convertSwitchingDevices(input.switchingDevice, index, br, switchRows, switches);
  const switchWarned = switchWarning(switches);
  if (switchWarned) warnings.push(switchWarned);
  const switchColumn = new Uint8Array(br.count);
  for (const k of switchRows) switchColumn[k] = 1;

  const gen = input.generator;
  const ng = gen.length;
  const g = {
    bus: new Int32Array(ng),
    pgMw: new Float64Array(ng),
    qgMvar: new Float64Array(ng),
    qmaxMvar: new Float64Array(ng),
    qminMvar: new Float64Array(ng),
    vgPu: new Float64Array(ng),
    mBaseMva: new Float64Array(ng),
    inService: new Uint8Array(ng),
    pmaxMw: new Float64Array(ng),
    pminMw: new Float64Array(ng),
    source: {
      zrPu: new Float64Array(ng),
      zxPu: new Float64Array(ng),
      rtPu: new Float64Array(ng),
      xtPu: new Float64Array(ng),
    },
  };
  const generatorIds: string[] = [];
  gen.forEach((rec, k) => {
    const r = rec.v;
    g.bus[k] = index(num(r, 'I'), rec.line, 'I');
    g.pgMw[k] = num(r, 'PG');
    g.qgMvar[k] = num(r, 'QG');
    g.qmaxMvar[k] = num(r, 'QT');
    g.qminMvar[k] = num(r, 'QB');
    g.vgPu[k] = num(r, 'VS');
    g.mBaseMva[k] = Number.isNaN(num(r, 'MBASE')) ? sbase : num(r, 'MBASE');
    g.inService[k] = num(r, 'STAT') > 0 ? 1 : 0;
    g.pmaxMw[k] = num(r, 'PT');
    g.pminMw[k] = num(r, 'PB');
    g.source.zrPu[k] = num(r, 'ZR');
    g.source.zxPu[k] = num(r, 'ZX');
    g.source.rtPu[k] = num(r, 'RT');
    g.source.xtPu[k] = num(r, 'XT');
    generatorIds.push(str(r, 'ID'));
  });

  return {
    network: {
      baseMva: sbase,
      buses: busArrays(bus),
      branches: {
        count: br.count,
        fromBus: Int32Array.from(br.from),
        toBus: Int32Array.from(br.to),
        rPu: Float64Array.from(br.r),
        xPu: Float64Array.from(br.x),
        bPu: Float64Array.from(br.b),
        rateAMva: Float64Array.from(br.rateA),
        rateBMva: Float64Array.from(br.rateB),
        rateCMva: Float64Array.from(br.rateC),
        tapRatio: Float64Array.from(br.tap),
        shiftDeg: Float64Array.from(br.shift),
        inService: Uint8Array.from(br.status),
        circuit: br.circuit,
        ...(switchRows.length > 0 ? { switch: switchColumn } : {}),
      },
      generators: { count: ng, ...g },
    },
    generatorIds,
    branchLines: Int32Array.from(br.line),
  };
}

function busArrays(b: BusColumns): Network['buses'] {
  return {
    count: b.number.length,
    number: Int32Array.from(b.number),
    type: Int8Array.from(b.type),
    pdMw: Float64Array.from(b.pd),
    qdMvar: Float64Array.from(b.qd),
    gsMw: Float64Array.from(b.gs),
    bsMvar: Float64Array.from(b.bs),
    area: Int32Array.from(b.area),
    vmPu: Float64Array.from(b.vm),
    vaDeg: Float64Array.from(b.va),
    baseKv: Float64Array.from(b.baseKv),
    zone: Int32Array.from(b.zone),
    vmaxPu: Float64Array.from(b.vmax),
    vminPu: Float64Array.from(b.vmin),
    name: b.name,
  };
}
