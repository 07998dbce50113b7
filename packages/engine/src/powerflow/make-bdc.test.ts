import { describe, expect, it } from 'vitest';
import { toDense } from '../linalg/csc';
import { readMatpower } from '../io/matpower/read-matpower';
import { inServiceMask } from '../model/indexing';
import { makeBdc } from './make-bdc';

// Branch 2 has tap 0.5 and a 30° shift; branch 3 is out of service.
const CASE = `mpc.baseMVA = 100;
mpc.bus = [
1 3 0 0 0 0 1 1 0 345 1 1.1 0.9;
2 1 0 0 0 0 1 1 0 345 1 1.1 0.9;
3 1 0 0 0 0 1 1 0 345 1 1.1 0.9;
];
mpc.gen = [ 1 0 0 0 0 1 100 1 100 0; ];
mpc.branch = [
1 2 0 0.1 0 0 0 0 0 0 1;
2 3 0 0.2 0 0 0 0 0.5 30 1;
1 3 0 0.4 0 0 0 0 0 0 0;
];`;

describe('makeBdc', () => {
  it('uses 1/(x·tap) for the series term and −b·shift for the phase-shifter injections', () => {
    const { network } = readMatpower(CASE);
    const bdc = makeBdc(network, inServiceMask(network).branchActive);
    expect(Array.from(bdc.b)).toEqual([10, 10, 0]);
    const dense = toDense(bdc.bbus).map((r) => Array.from(r));
    expect(dense).toEqual([
      [10, -10, 0],
      [-10, 20, -10],
      [0, -10, 10],
    ]);
    const shift = (-10 * 30 * Math.PI) / 180;
    expect(bdc.pfinj[1]).toBeCloseTo(shift, 15);
    expect(Array.from(bdc.pbusinj)).toEqual([0, shift, -shift]);
    expect(toDense(bdc.bf).map((r) => Array.from(r))[2]).toEqual([0, 0, 0]);
  });

  it('refuses an in-service branch with zero reactance, naming it, instead of producing NaN', () => {
    const { network } = readMatpower(CASE.replace('2 3 0 0.2 0', '2 3 0.01 0 0'));
    expect(() => makeBdc(network, inServiceMask(network).branchActive)).toThrow(
      expect.objectContaining({ code: 'MODEL_BRANCH_ZERO_REACTANCE', field: 'branch.BR_X' }),
    );
    const off = readMatpower(CASE.replace('1 3 0 0.4', '1 3 0 0')).network;
    expect(() => makeBdc(off, inServiceMask(off).branchActive)).not.toThrow();
  });
});
