import { describe, expect, it } from 'vitest';
import { readMatpower } from '../io/matpower/read-matpower';
import { runAcPowerFlow } from './acpf';
import { runDcPowerFlow } from './dcpf';

// Three islands: {1,2} with the REF generator, {3,4} with only a PV generator at bus 4 (its
// reference), {5,6} with load but no generation (de-energised; its angles are not 0 in the file).
const CASE = `mpc.baseMVA = 100;
mpc.bus = [
1 3 0 0 0 0 1 1.00 5 230 1 1.1 0.9;
2 1 40 10 0 0 1 1.00 0 230 1 1.1 0.9;
3 1 30 5 0 0 1 1.00 0 230 1 1.1 0.9;
4 2 0 0 0 0 1 1.00 -7 230 1 1.1 0.9;
5 1 20 0 0 0 1 1.00 3 230 1 1.1 0.9;
6 1 0 0 0 0 1 1.00 9 230 1 1.1 0.9;
];
mpc.gen = [
1 40 0 100 -100 1.02 100 1 100 0;
4 30 0 100 -100 1.01 100 1 100 0;
];
mpc.branch = [
1 2 0.01 0.1 0.02 0 0 0 0 0 1;
3 4 0.01 0.2 0.02 0 0 0 0 0 1;
5 6 0.01 0.1 0.02 0 0 0 0 0 1;
];`;

describe('power flow on a network split into islands', () => {
  const { network } = readMatpower(CASE);

  it('DC: each island with generation is solved around its own reference; the rest carry nothing', () => {
    const pf = runDcPowerFlow(network);
    expect(Array.from(pf.refBuses)).toEqual([0, 3]);
    expect(pf.deenergisedIslands).toEqual([2]);
    expect(pf.pfMw[0]).toBeCloseTo(40, 10);
    expect(pf.pfMw[1]).toBeCloseTo(-30, 10);
    expect(pf.pfMw[2]).toBe(0);
    // θ2 = θ1 − 0.4 pu · 0.1 rad/pu, the reference held at its case angle (5°).
    expect(pf.vaDeg[1]).toBeCloseTo(5 - (0.04 * 180) / Math.PI, 10);
    expect(pf.vaDeg[2]).toBeCloseTo(-7 - (0.06 * 180) / Math.PI, 10);
    expect(pf.vaDeg[4]).toBe(3);
  });

  it('AC: converges with one reference per energised island and reports dead buses at 0 pu', () => {
    const pf = runAcPowerFlow(network);
    expect(pf.converged).toBe(true);
    expect(pf.vmPu[0]).toBe(1.02);
    expect(pf.vmPu[3]).toBe(1.01);
    expect(pf.vaDeg[3]).toBeCloseTo(-7, 12);
    expect(Array.from(pf.vmPu.subarray(4))).toEqual([0, 0]);
    expect(pf.pfMw[2]).toBe(0);
    // The island's generator picks up its own island's load plus losses, nothing else.
    expect(pf.pgMw[1]).toBeGreaterThan(30);
    expect(pf.pgMw[1]).toBeLessThan(31);
    expect(pf.pgMw[0]).toBeGreaterThan(40);
    expect(pf.pgMw[0]).toBeLessThan(41);
  });
});
