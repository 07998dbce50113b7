import { describe, expect, it } from 'vitest';
import { readMatpower } from '../io/matpower/read-matpower';
import { runDcPowerFlow } from '../powerflow/dcpf';
import { busbarCapacity } from '../busbar/capacity';
import { networkAtTransfer } from './dispatch';
import { analyseFlexibility } from '../flexibility/analyse';
import { isPreExisting, transferAtLimit } from './screen';

// A 230 kV ring 1-2-3 plus a radial bus 4. Bus 1 (REF) has two machines, the second out of
// service; bus 3 has one machine; loads at 2 and 4. Branch 3 (1-3) is rated 30/60 MVA: with
// 2-3 out it carries the 50 MW of bus 3 and every MW of a transfer from bus 3 (T(c) = 10 MW).
const CASE = `mpc.baseMVA = 100;
mpc.bus = [
1 3 0 0 0 0 1 1 0 230 1 1.1 0.9;
2 1 120 0 0 0 1 1 0 230 1 1.1 0.9;
3 2 0 0 0 0 1 1 0 230 1 1.1 0.9;
4 1 30 0 0 0 1 1 0 230 1 1.1 0.9;
];
mpc.gen = [
1 100 0 0 0 1 100 1 200 0;
1 50 0 0 0 1 100 0 100 0;
3 50 0 0 0 1 100 1 120 10;
];
mpc.branch = [
1 2 0 0.1 0 200 250 0 0 0 1;
2 3 0 0.1 0 200 250 0 0 0 1;
1 3 0 0.1 0 30 60 0 0 0 1;
2 4 0 0.1 0 100 0 0 0 0 1;
];`;

describe('T(c) at the limit (docs/analysis.md §4)', () => {
  it('is the transfer that brings the flow to the limit it moves towards', () => {
    expect(transferAtLimit(40, 0.5, 100)).toBeCloseTo(120, 12);
    expect(transferAtLimit(40, -0.5, 100)).toBeCloseTo(280, 12);
  });

  it('is 0 for a pre-existing violation the transfer worsens, reported as such', () => {
    expect(transferAtLimit(120, 0.5, 100)).toBe(0);
    expect(isPreExisting(120, 0.5, 100)).toBe(true);
    expect(isPreExisting(-120, -0.5, 100)).toBe(true);
  });

  it('limits a relieved overload only where the flow would cross the opposite limit', () => {
    expect(transferAtLimit(-120, 0.5, 100)).toBeCloseTo(440, 12);
    expect(isPreExisting(-120, 0.5, 100)).toBe(false);
  });

  it('treats a flow at the limit to round-off as at the limit, not over it', () => {
    expect(isPreExisting(16 * (1 + 1e-15), 0.5, 16)).toBe(false);
    expect(transferAtLimit(16 * (1 + 1e-15), 0.5, 16)).toBe(0);
  });
});

describe('flexibility analysis on a hand-made case', () => {
  const { network } = readMatpower(CASE);

  it('groups machines per bus into plants of in-service units', () => {
    const r = analyseFlexibility(network, { studyGroup: { rule: 'named', plants: [1] } });
    expect(r.plants.map((p) => [p.name, p.unitsInParallel, p.generators])).toEqual([
      ['G 1 (230 kV)', 1, [0]],
      ['G 3 (230 kV)', 1, [2]],
    ]);
    expect(r.plants[0].pMaxMw).toBe(200);
  });

  it('raises the group by its headroom against the other units by their room to reduce', () => {
    const r = analyseFlexibility(network, { studyGroup: { rule: 'named', generators: [2] } });
    expect(r.options.sink).toBe('headroom-down');
    expect(r.tmaxMw).toBe(70);
    expect(r.plants.map((p) => p.participation)).toEqual([-1, 1]);
    expect(r.extra.loadSinkByBus).toBeNull();
  });

  it('takes the sink in proportion to initial output, or from a named group, when asked', () => {
    const byOutput = analyseFlexibility(network, {
      studyGroup: { rule: 'named', plants: [1] },
      sink: 'initial-output',
    });
    expect(byOutput.options.sink).toBe('initial-output');
    expect(Array.from(byOutput.extra.unitParticipation)).toEqual([-1, 0, 1]);
    const group = analyseFlexibility(network, {
      studyGroup: { rule: 'named', plants: [1] },
      sink: { rule: 'group', plants: [0] },
    });
    expect(group.options.sink).toBe('group');
    expect(group.plants.map((p) => p.participation)).toEqual([-1, 1]);
    expect(() =>
      analyseFlexibility(network, {
        studyGroup: { rule: 'named', plants: [1] },
        sink: { rule: 'group', plants: [7] },
      }),
    ).toThrow(expect.objectContaining({ code: 'TRANSFER_PLANT_UNKNOWN' }));
  });

  it('gives the transfer to the loads when the source is every generator', () => {
    const r = analyseFlexibility(network);
    expect(r.options.studyGroup).toEqual({ rule: 'all-with-headroom', plants: [0, 1] });
    expect(r.options.sink).toBe('loads');
    expect(Array.from(r.extra.loadSinkByBus ?? [])).toEqual([0, 0.8, 0, 0.2]);
  });

  it('finds the FCITC where branch 1-3 reaches its rating, and levels around it', () => {
    const r = analyseFlexibility(network, {
      studyGroup: { rule: 'named', plants: [1] },
      levels: 4,
    });
    const limiting = r.constraints[r.limitingConstraintIndex ?? -1];
    expect(limiting.monitored.name).toBe('1 (230 kV) – 3 (230 kV) ckt 1');
    expect(limiting.contingency?.name).toBe('2 (230 kV) – 3 (230 kV) ckt 1');
    expect(r.fcitcMw).toBeCloseTo(10, 9);
    const pattern = { unitParticipation: r.extra.unitParticipation, loadSinkByBus: null };
    const k = limiting.contingency ? limiting.contingency.branch : -1;
    const flow = runDcPowerFlow(networkAtTransfer(network, pattern, r.fcitcMw, k)).pfMw[2];
    expect(Math.abs(Math.abs(flow) - limiting.limitMw)).toBeLessThan(1e-9);
    for (const level of r.levels) {
      expect(level.transferMw).toBeCloseTo((level.level / 4) * r.tmaxMw, 12);
      expect(level.flexibilityPercent).toBeCloseTo(
        100 * Math.min(1, r.fcitcMw / level.transferMw),
        12,
      );
      const ts = level.constraintIndices.map((i) => r.constraints[i].transferAtLimitMw);
      expect(ts.every((t) => t <= level.transferMw)).toBe(true);
      const ranks = level.constraintIndices.map((i) => r.constraints[i].ranking);
      expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
    }
  });

  it('refuses a renewables group when the case names no wind or solar unit', () => {
    expect(() => analyseFlexibility(network, { studyGroup: { rule: 'renewables' } })).toThrow(
      expect.objectContaining({ code: 'TRANSFER_GROUP_NO_UNITS' }),
    );
  });

  it('gives a radial busbar the capacity its feeder allows, islanding outages skipped', () => {
    const r = busbarCapacity(network, { buses: [3] });
    expect(r.islandingOutages).toEqual([3]);
    const b = r.results[0];
    // A new unit at bus 4 first relieves the 30 MW on 2-4, then pushes it to −100 MW.
    expect(b.limiting?.monitoredName).toBe('2 (230 kV) – 4 (230 kV) ckt 1');
    expect(b.capacityMw).toBeCloseTo(130, 9);
  });
});
