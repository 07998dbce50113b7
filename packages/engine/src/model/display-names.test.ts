import { describe, expect, it } from 'vitest';
import { readMatpower } from '../io/matpower/read-matpower';
import type { BusIndex } from './network';
import { branchDisplayName, busLabel } from './display-names';
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
  it('uses the trimmed file name or B<number> for a bus alone', () => {
    const { network } = readMatpower(CASE);
    expect(busDisplayName(network, 0 as BusIndex)).toBe('NORTE 230');
    expect(busDisplayName(network, 1 as BusIndex)).toBe('B20');
  });

  it('labels a bus «NOMBRE (número, kV)» and a branch «desde – hasta ckt c» (issue #29)', () => {
    const { network } = readMatpower(CASE);
    expect(busLabel(network, 0 as BusIndex)).toBe('NORTE 230 (10, 230 kV)');
    // No name in the file: the number leads.
    expect(busLabel(network, 1 as BusIndex)).toBe('20 (230 kV)');
    expect(branchDisplayName(network, 0)).toBe('NORTE 230 (10, 230 kV) – 20 (230 kV) ckt 1');
    expect(branchDisplayName(network, 1)).toBe('20 (230 kV) – NORTE 230 (10, 230 kV) ckt 2');
    const lowVoltage = readMatpower(CASE.replaceAll(' 230 1 1.1', ' 13.8 1 1.1')).network;
    expect(busLabel(lowVoltage, 0 as BusIndex)).toBe('NORTE 230 (10, 13,8 kV)');
    const noKv = readMatpower(CASE.replaceAll(' 230 1 1.1', ' 0 1 1.1')).network;
    expect(busLabel(noKv, 0 as BusIndex)).toBe('NORTE 230 (10)');
    expect(busLabel(noKv, 1 as BusIndex)).toBe('20');
  });
});
