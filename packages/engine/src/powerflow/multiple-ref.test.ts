import { describe, expect, it } from 'vitest';
import { readMatpower } from '../io/matpower/read-matpower';
import { makeDfactors, ptdfColumn } from '../sensitivity/dfactors';
import { buildDcModel, runDcPowerFlow } from './dcpf';

// A triangle with two REF buses (1 and 2, both with generators) and a 60 MW load at bus 3.
const CASE = `mpc.baseMVA = 100;
mpc.bus = [
1 3 0 0 0 0 1 1 0 230 1 1.1 0.9;
2 3 0 0 0 0 1 1 -2 230 1 1.1 0.9;
3 1 60 0 0 0 1 1 0 230 1 1.1 0.9;
];
mpc.gen = [
1 30 0 0 0 1 100 1 100 0;
2 30 0 0 0 1 100 1 100 0;
];
mpc.branch = [
1 2 0 0.1 0 0 0 0 0 0 1;
2 3 0 0.1 0 0 0 0 0 0 1;
1 3 0 0.1 0 0 0 0 0 0 1;
];`;

describe('a case with two REF buses', () => {
  const { network } = readMatpower(CASE);

  it('DC power flow holds both at their own angles, as rundcpf does', () => {
    const pf = runDcPowerFlow(network);
    expect(Array.from(pf.refBuses)).toEqual([0, 1]);
    expect(pf.vaDeg[0]).toBe(0);
    expect(pf.vaDeg[1]).toBe(-2);
    // 2° across x = 0.1 pu on 100 MVA: 100·(2π/180)/0.1 MW from bus 1 to bus 2.
    expect(pf.pfMw[0]).toBeCloseTo((100 * ((2 * Math.PI) / 180)) / 0.1, 9);
  });

  it('PTDF uses the first REF bus as the only slack, like makePTDF', () => {
    const model = buildDcModel(network);
    expect(Array.from(model.slackBuses)).toEqual([0]);
    const col = ptdfColumn(makeDfactors(model), 1, new Float64Array(3));
    // Injection at bus 2, withdrawal at bus 1: 2/3 on the direct line (flowing 2→1), 1/3 around.
    expect(col[0]).toBeCloseTo(-2 / 3, 12);
    expect(col[1]).toBeCloseTo(1 / 3, 12);
    expect(col[2]).toBeCloseTo(-1 / 3, 12);
  });
});
