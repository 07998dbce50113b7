import { asReferenceFile, readReferenceText } from '@holgura/test-fixtures';
import { describe, expect, it } from 'vitest';
import { readMatpower } from '../../src/io/matpower/read-matpower';
import { readPsse } from '../../src/io/psse';
import type { Network } from '../../src/model/network';
const read = (file: string): string => readReferenceText(asReferenceFile(`raw/${file}`), 'latin1');

type Columns = Record<string, ArrayLike<number>>;

/**
 * Largest |ours − MATPOWER| per column, failing beyond 1e-9 + 2e-9·|MATPOWER|: the .m files
 * print 9 significant digits (PD 3019.08679 for 3019.0867851…), so that is their precision.
 */
function compareColumns(
  what: string,
  ours: Columns,
  theirs: Columns,
  names: readonly string[],
): Record<string, number> {
  const max: Record<string, number> = {};
  for (const name of names) {
    const a = ours[name];
    const b = theirs[name];
    expect(a.length, `${what}.${name} length`).toBe(b.length);
    let m = 0;
    for (let i = 0; i < a.length; i++) {
      const d = Math.abs(a[i] - b[i]);
      if (!(d <= 1e-9 + 2e-9 * Math.abs(b[i]))) {
        expect.fail(`${what}.${name} row ${i + 1}: ours ${a[i]}, MATPOWER ${b[i]}`);
      }
      m = Math.max(m, d);
    }
    max[name] = m;
  }
  return max;
}

/** Bus numbers at the ends of each branch / generator, so rows compare by bus number. */
function withNumbers(net: Network): { branches: Columns; generators: Columns } {
  const n = net.buses.number;
  return {
    branches: {
      ...net.branches,
      from: Array.from(net.branches.fromBus, (i) => n[i]),
      to: Array.from(net.branches.toBus, (i) => n[i]),
    } as unknown as Columns,
    generators: {
      ...net.generators,
      busNumber: Array.from(net.generators.bus, (i) => n[i]),
    } as unknown as Columns,
  };
}

const BUS = ['number', 'type', 'pdMw', 'qdMvar', 'gsMw', 'bsMvar', 'area', 'vmPu', 'vaDeg'];
const BUS2 = ['baseKv', 'zone', 'vmaxPu', 'vminPu'];
const BRANCH = ['from', 'to', 'rPu', 'xPu', 'bPu', 'rateAMva', 'rateBMva', 'rateCMva'];
const BRANCH2 = ['tapRatio', 'shiftDeg', 'inService'];
const GEN = ['busNumber', 'pgMw', 'qgMvar', 'qmaxMvar', 'qminMvar', 'vgPu', 'mBaseMva'];
const GEN2 = ['inService', 'pmaxMw', 'pminMw'];

const CASES = [
  ['t_case9_save2psse.raw', 't_case9_save2psse.m'],
  ['t_psse_case2.raw', 't_psse_case2.m'],
  ['t_psse_case3.raw', 't_psse_case3.m'],
] as const;

describe("RAW → network equals MATPOWER's psse2mpc conversion", () => {
  for (const [raw, m] of CASES) {
    it(`${raw} vs ${m}: bus, branch, gen rows and bus names`, () => {
      const ours = readPsse(read(raw), { matpower: true }).network;
      const ref = readMatpower(read(m)).network;
      const a = withNumbers(ours);
      const b = withNumbers(ref);
      const busErr = compareColumns(
        'bus',
        ours.buses as unknown as Columns,
        ref.buses as unknown as Columns,
        [...BUS, ...BUS2],
      );
      const brErr = compareColumns('branch', a.branches, b.branches, [...BRANCH, ...BRANCH2]);
      const genErr = compareColumns('gen', a.generators, b.generators, [...GEN, ...GEN2]);
      expect(ours.buses.name).toEqual(ref.buses.name);
      const worst = (e: Record<string, number>): string =>
        Object.entries(e)
          .filter(([, v]) => v > 0)
          .map(([k, v]) => `${k} ${v.toExponential(1)}`)
          .join(', ') || 'all exact';
      console.info(
        `${raw}: bus [${worst(busErr)}]; branch [${worst(brErr)}]; gen [${worst(genErr)}]`,
      );
    });
  }

  it('t_psse_case3.raw without the matpower option: only magnetizing admittance differs', () => {
    const pss = readPsse(read('t_psse_case3.raw')).network;
    const mp = readPsse(read('t_psse_case3.raw'), { matpower: true }).network;
    // T1 (101-151, CM 1): MAG1 0.17147, MAG2 −0.10288 pu on 100 MVA, at its winding-1 bus 101.
    const i101 = pss.buses.number.indexOf(101);
    expect(pss.buses.gsMw[i101] - mp.buses.gsMw[i101]).toBeCloseTo(17.147, 9);
    expect(pss.buses.bsMvar[i101] - mp.buses.bsMvar[i101]).toBeCloseTo(-10.288, 9);
    expect(pss.branches.xPu).toEqual(mp.branches.xPu);
    expect(pss.buses.pdMw).toEqual(mp.buses.pdMw);
  });
});
