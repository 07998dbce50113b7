import { describe, expect, it } from 'vitest';
import { readMatpower } from '../io/matpower/read-matpower';
import { buildDcModel } from '../powerflow/dcpf';
import { screenN1 } from './n1';

// A 400 kV ring 1-2-3 with a 115 kV transformer branch 3-4 to a radial load; bus 2 draws 90 MW.
// RATE_A / RATE_B: branch 1 100/150, branch 2 50/0, branch 3 60/80, branch 4 (bridge) 40/50.
const CASE = `mpc.baseMVA = 100;
mpc.bus = [
1 3 0 0 0 0 1 1 0 400 1 1.1 0.9;
2 1 90 0 0 0 1 1 0 400 1 1.1 0.9;
3 1 0 0 0 0 1 1 0 400 1 1.1 0.9;
4 1 10 0 0 0 1 1 0 115 1 1.1 0.9;
];
mpc.gen = [ 1 100 0 0 0 1 100 1 200 0; ];
mpc.branch = [
1 2 0 0.1 0 100 150 0 0 0 1;
2 3 0 0.1 0 50 0 0 0 0 1;
1 3 0 0.1 0 60 80 0 0 0 1;
3 4 0 0.1 0 40 50 0 1 0 1;
];`;

describe('DC N-1 screening rules', () => {
  const { network } = readMatpower(CASE);

  it('reports the bridge as islanding with the MW it carries, and screens the rest', () => {
    const r = screenN1(network);
    expect(r.nContingencies).toBe(4);
    expect(r.islanding).toEqual([{ branch: 3, disconnectedMw: expect.closeTo(10, 9) }]);
    expect(r.nMonitored).toBe(4);
    expect(Number.isNaN(r.worstLoadingByContingency[3])).toBe(true);
  });

  it('uses RATE_B after a contingency when it is non-zero, else RATE_A', () => {
    // Outage of branch 1 sends all 90 MW of bus 2 through 1-3-2: 90 MW on branch 2 (limit
    // RATE_A 50, no RATE_B) and 100 MW on branch 3 (RATE_B 80).
    const emergency = screenN1(network, { top: 50 });
    const pair = (m: number, k: number) =>
      emergency.top.find((e) => e.monitored === m && e.contingency === k);
    expect(pair(1, 0)?.limitMva).toBe(50);
    expect(pair(1, 0)?.loading).toBeCloseTo(90 / 50, 12);
    expect(pair(2, 0)?.limitMva).toBe(80);
    expect(pair(2, 0)?.loading).toBeCloseTo(100 / 80, 12);
    const rateA = screenN1(network, { top: 50, postRating: 'A' });
    const a = rateA.top.find((e) => e.monitored === 2 && e.contingency === 0);
    expect(a?.loading).toBeCloseTo(100 / 60, 12);
    expect(rateA.overloadedPairs).toBeGreaterThanOrEqual(emergency.overloadedPairs);
  });

  it('filters outages and monitored branches by kV and takes an explicit contingency list', () => {
    const hv = screenN1(network, { minKv: 230 });
    expect(hv.nMonitored).toBe(4); // the transformer's higher-voltage end is 400 kV
    const only = screenN1(network, { contingencies: [0] });
    expect(only.nContingencies).toBe(1);
    expect(Number.isNaN(only.worstLoadingByContingency[1])).toBe(true);
    expect(only.worstMonitoredByContingency[0]).toBeGreaterThanOrEqual(0);
    const lv = screenN1(network, { minKv: 500 });
    expect(lv.nMonitored).toBe(0);
    expect(lv.nContingencies).toBe(0);
  });

  it('solves no outage when nothing is monitored, and gives the loadings a solve would', () => {
    /** The model with its sensitivity factors counting the solves made with them. */
    const counted = (net: typeof network) => {
      const built = buildDcModel(net);
      let solves = 0;
      const lu = new Proxy(built.sensitivity.lu, {
        get(target, key, receiver) {
          // Every solve reads the L column pointers once.
          if (key === 'lp') solves++;
          return Reflect.get(target, key, receiver) as unknown;
        },
      });
      // The base power flow solves with `reduced`: only outage solves are counted.
      const model = {
        ...built,
        reduced: { ...built.reduced },
        sensitivity: { ...built.sensitivity, lu },
      };
      return { model, solves: () => solves };
    };
    const rated = counted(network);
    screenN1(network, {}, rated.model);
    expect(rated.solves(), 'outage solves with ratings').toBe(1);
    const rateAMva = new Float64Array(network.branches.count);
    const unrated = { ...network, branches: { ...network.branches, rateAMva } };
    const none = counted(unrated);
    const r = screenN1(unrated, {}, none.model);
    expect(none.solves(), 'outage solves with nothing monitored').toBe(0);
    expect(r.nMonitored).toBe(0);
    expect(Array.from(r.worstLoadingByContingency.subarray(0, 3))).toEqual([0, 0, 0]);
    expect(Array.from(r.worstMonitoredByContingency.subarray(0, 3))).toEqual([-1, -1, -1]);
    expect(r.top).toEqual([]);
  });
});
