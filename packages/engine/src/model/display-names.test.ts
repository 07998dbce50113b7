import { describe, expect, it } from 'vitest';
import { readMatpower } from '../io/matpower/read-matpower';
import type { BusIndex } from './network';
import { branchDisplayName } from './display-names';
import { busDisplayName } from './network';

const CASE = `mpc.baseMVA = 100;
mpc.bus = [
10 3 0 0 0 0 1 1 0 230 1 1.1 0.9;
20 1 0 0 0 0 1 1 0 230 1 1.1 0.9;
];
mpc.gen = [ 10 0 0 0 0 1 100 1 100 0; ];
mpc.branch = [
10 20 0 0.1 0 0 0 0 0 0 1;
20 10 0 0.1 0 0 0 0 0 0 1;
];
mpc.bus_name = { '  NORTE 230 '; '' };`;

describe('display names', () => {
  it('uses the trimmed file name or B<number>, and appends circuits other than 1', () => {
    const { network } = readMatpower(CASE);
    expect(busDisplayName(network, 0 as BusIndex)).toBe('NORTE 230');
    expect(busDisplayName(network, 1 as BusIndex)).toBe('B20');
    expect(branchDisplayName(network, 0)).toBe('NORTE 230-B20');
    expect(branchDisplayName(network, 1)).toBe('B20-NORTE 230 2');
  });
});
