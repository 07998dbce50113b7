import { readReferenceText } from '@holgura/test-fixtures';
import { describe, expect, it } from 'vitest';
import { acVerifiedCapacity } from '../../busbar/ac-capacity';
import { busbarStudy } from '../../busbar/setup';
import { readMatpower } from '../../io/matpower/read-matpower';
import { AcSolver } from '../../powerflow/ac-solver';
import { acVerifiedCapacityOnSet } from './ac-capacity-on-set';
import { busbarCapacityOnSet } from './busbar-on-set';
import type { Contingency } from './contingency-set';

/**
 * Issue #31 on a planner's set (issue #30): the AC verification over the set's contingencies —
 * with every branch alone it finds the figure acVerifiedCapacity finds where both check the
 * same outages first; with double outages the limit it names is broken, a step above the
 * figure, with both branches out.
 */
const net = readMatpower(readReferenceText('cases/case_ACTIVSg200.m')).network;
const everyBranch: Contingency[] = Array.from({ length: net.branches.count }, (_, k) => ({
  label: `R${k + 1}`,
  branches: [k],
  generators: [],
}));
const ignore = { preExisting: 'ignore' as const };

describe('acVerifiedCapacityOnSet on ACTIVSg200', () => {
  it('starts from the DC figure on the set and checks its limiting contingency first', () => {
    for (const bus of [7, 32, 182]) {
      const r = acVerifiedCapacityOnSet(net, bus, everyBranch, ignore);
      const dc = busbarCapacityOnSet(net, bus, everyBranch, ignore);
      expect(r.dcMw).toBeCloseTo(dc.capacityMw!, 9);
      expect(r.acMw).toBeLessThanOrEqual(r.dcMw);
      expect(r.checkedContingencies[0]).toBe(-1);
      expect(r.checkedContingencies.length).toBeGreaterThanOrEqual(11);
      const c = dc.limiting?.contingency ?? -1;
      if (c >= 0) expect(r.checkedContingencies[1]).toBe(c);
      // Every branch alone, the same first outages: the branch-by-branch verification agrees
      // where both name the same limit.
      const direct = acVerifiedCapacity(net, bus, ignore);
      if (direct.acLimiting !== null && r.acLimiting !== null) {
        if (
          direct.acLimiting.element === r.acLimiting.element &&
          direct.acLimiting.contingency ===
            (r.acLimiting.contingency < 0 ? -1 : everyBranch[r.acLimiting.contingency]!.branches[0])
        ) {
          expect(r.acMw).toBeCloseTo(direct.acMw, 0);
        }
      }
    }
  });

  it('names a double outage and its limit, broken a step above the figure with both branches out', () => {
    const bus = 7;
    const first = busbarCapacityOnSet(net, bus, everyBranch, ignore);
    const k = everyBranch[first.limiting!.contingency]!.branches[0]!;
    const doubles: Contingency[] = [];
    const solver = new AcSolver(net);
    for (let j = 0; j < net.branches.count; j++) {
      if (j !== k && !solver.splits([k, j])) {
        doubles.push({ label: `D${j}`, branches: [k, j], generators: [] });
      }
    }
    const r = acVerifiedCapacityOnSet(net, bus, doubles, ignore);
    expect(r.acMw).toBeLessThanOrEqual(r.dcMw);
    if (r.acLimiting === null) return;
    const lim = r.acLimiting;
    const outage = lim.contingency < 0 ? [] : doubles[lim.contingency]!.branches;
    if (lim.contingency >= 0) expect(lim.contingencyName).toContain(' + ');
    else expect(lim.contingencyName).toBeNull();
    const { setup } = busbarStudy(net, { buses: [bus] });
    const at = (t: number) => {
      const pgMw = Float64Array.from(
        net.generators.pgMw,
        (p, g) => p + t * setup.unitParticipation[g]!,
      );
      const pdMw = Float64Array.from(net.buses.pdMw);
      pdMw[bus]! -= t;
      return new AcSolver(net).solve({ pgMw, pdMw, branchesOut: outage });
    };
    const above = at(r.acMw + Math.max(0.01 * r.acMw, 0.1));
    if (lim.variable === 'thermal')
      expect(above.branchMva[lim.element]!).toBeGreaterThan(lim.limit);
    if (lim.variable === 'voltage') {
      const v = above.vmPu[lim.element]!;
      expect(v < net.buses.vminPu[lim.element]! || v > net.buses.vmaxPu[lim.element]!).toBe(true);
    }
    const atFigure = at(r.acMw);
    if (lim.variable === 'thermal')
      expect(atFigure.branchMva[lim.element]!).toBeLessThanOrEqual(lim.limit + 1e-6);
  });
});
