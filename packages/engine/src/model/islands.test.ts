import { describe, expect, it } from 'vitest';
import { readMatpower } from '../io/matpower/read-matpower';
import { inServiceMask } from './indexing';
import { findIslands } from './islands';

const CASE = `mpc.baseMVA = 100;
mpc.bus = [
1 3 0 0 0 0 1 1 0 345 1 1.1 0.9;
2 1 10 0 0 0 1 1 0 345 1 1.1 0.9;
3 1 10 0 0 0 1 1 0 345 1 1.1 0.9;
4 2 10 0 0 0 1 1 0 345 1 1.1 0.9;
5 4 0 0 0 0 1 1 0 345 1 1.1 0.9;
];
mpc.gen = [
1 0 0 10 -10 1 100 1 100 0;
4 0 0 10 -10 1 100 0 100 0;
];
mpc.branch = [
1 2 0 0.1 0 0 0 0 0 0 1;
2 3 0 0.1 0 0 0 0 0 0 0;
3 4 0 0.1 0 0 0 0 0 0 1;
4 5 0 0.1 0 0 0 0 0 0 1;
];`;

describe('islands', () => {
  it('splits on out-of-service branches, ignores isolated buses and finds generation', () => {
    const { network } = readMatpower(CASE);
    const active = inServiceMask(network);
    expect(Array.from(active.branchActive)).toEqual([1, 0, 1, 0]);
    expect(Array.from(active.genActive)).toEqual([1, 0]);
    const islands = findIslands(network, active);
    expect(islands.count).toBe(2);
    expect(Array.from(islands.islandByBus)).toEqual([0, 0, 1, 1, -1]);
    expect(Array.from(islands.hasGeneration)).toEqual([1, 0]);
    expect(Array.from(islands.refBus)).toEqual([0, -1]);
  });
});
