import { readReferenceText } from '@holgura/test-fixtures';
import { describe, expect, it } from 'vitest';
import { postLimit } from '../contingency/n1';
import { readMatpower } from '../io/matpower/read-matpower';
import type { Network } from '../model/network';
import { AcSolver, type AcSolution } from '../powerflow/ac-solver';
import { acVerifiedCapacities } from './ac-capacities';
import { acVerifiedCapacity, type AcCapacity, type AcLimitingVariable } from './ac-capacity';
import { busbarCapacity } from './capacity';

const case118 = readMatpower(readReferenceText('cases/case118.m')).network;
const activsg200 = readMatpower(readReferenceText('cases/case_ACTIVSg200.m')).network;

interface Broken {
  readonly variable: AcLimitingVariable;
  readonly element: number;
}

/**
 * The limits an AC flow breaks, checked here from scratch: a fresh solver from the case's own
 * voltages (not the warm starts of the search), branch MVA against RATE_A (N-0) or the
 * post-contingency rating, voltages against each bus's band, the reference units' Q range.
 */
function brokenAt(
  net: Network,
  r: AcCapacity,
  t: number,
  contingency: number,
  cutoff = 0.01,
): Broken[] {
  const s = flowAt(net, r, t, contingency);
  // As in DC, a branch whose MVA the injection barely moves (|ΔMVA/ΔMW| from 0 MW below the
  // cutoff) does not limit the bus.
  const zero = t > 0 ? flowAt(net, r, 0, contingency) : null;
  const moved = (k: number) =>
    zero === null ||
    !zero.converged ||
    Math.abs(s.branchMva[k]! - zero.branchMva[k]!) / t >= cutoff;
  return brokenIn(net, s, contingency, moved);
}

function flowAt(net: Network, r: AcCapacity, t: number, contingency: number): AcSolution {
  const dc = busbarCapacity(net, { buses: [r.bus], top: 1 });
  const pgMw = Float64Array.from(net.generators.pgMw, (p, g) => p + t * dc.unitParticipation[g]!);
  const pdMw = Float64Array.from(net.buses.pdMw);
  const loads = dc.loadSinkByBus;
  if (loads) for (let i = 0; i < pdMw.length; i++) pdMw[i] += t * loads[i]!;
  pdMw[r.bus] -= t;
  return new AcSolver(net).solve({
    pgMw,
    pdMw,
    branchesOut: contingency < 0 ? [] : [contingency],
  });
}

function brokenIn(
  net: Network,
  s: AcSolution,
  contingency: number,
  moved: (k: number) => boolean,
): Broken[] {
  if (!s.converged) return [{ variable: 'non-convergence', element: -1 }];
  const out: Broken[] = [];
  const br = net.branches;
  for (let k = 0; k < br.count; k++) {
    const limit = contingency < 0 ? br.rateAMva[k]! : postLimit(net, k, 'emergency');
    if (limit > 0 && s.branchMva[k]! > limit + 1e-6 && moved(k)) {
      out.push({ variable: 'thermal', element: k });
    }
  }
  const q = new Map<number, [number, number]>();
  const g = net.generators;
  for (let k = 0; k < g.count; k++) {
    if (!g.inService[k]) continue;
    const [lo, hi] = q.get(g.bus[k]!) ?? [0, 0];
    q.set(g.bus[k]!, [lo + g.qminMvar[k]!, hi + g.qmaxMvar[k]!]);
  }
  for (let i = 0; i < net.buses.count; i++) {
    const vm = s.vmPu[i]!;
    if (vm === 0) continue;
    if (vm < net.buses.vminPu[i]! - 1e-6 || vm > net.buses.vmaxPu[i]! + 1e-6) {
      out.push({ variable: s.reactiveLimited[i] ? 'reactive-power' : 'voltage', element: i });
    }
    const range = q.get(i);
    if (s.isReference[i] && range) {
      const qg = s.qGenMvar[i]!;
      if (qg > range[1] + 1e-3 || qg < range[0] - 1e-3) {
        out.push({ variable: 'reactive-power', element: i });
      }
    }
  }
  return out;
}

/**
 * At the figure nothing breaks in any checked outage but what was already broken at 0 MW (the
 * attributable figure); a step above, the named limit does.
 */
function expectTight(net: Network, r: AcCapacity): void {
  const key = (b: Broken): string => `${b.variable}:${b.element}`;
  for (const c of r.checkedContingencies) {
    const before = new Set(brokenAt(net, r, 0, c).map(key));
    const at = brokenAt(net, r, r.acMw, c).filter((b) => !before.has(key(b)));
    expect(at, `at ${r.acMw} MW, outage ${c}`).toEqual([]);
  }
  const lim = r.acLimiting!;
  const above = r.acMw + Math.max(0.01 * r.acMw, 0.1);
  expect(brokenAt(net, r, above, lim.contingency)).toContainEqual({
    variable: lim.variable,
    element: lim.element,
  });
}

describe('acVerifiedCapacity', () => {
  it('case118 (no ratings): the DC figure is the cap, voltage sets the AC one, tight to 1 %', () => {
    const buses = [7, 30, 53, 99];
    const seen = new Set<string>();
    for (const bus of buses) {
      const r = acVerifiedCapacity(case118, bus, { capMw: 2000, preExisting: 'ignore' });
      expect(r.dcMw).toBe(2000);
      expect(r.dcLimiting).toBeNull();
      expect(r.acMw).toBeLessThan(r.dcMw);
      expect(r.acMw).toBeGreaterThan(0);
      expect(r.limitingVariable).toBe(r.acLimiting!.variable);
      expect(['voltage', 'reactive-power']).toContain(r.limitingVariable);
      // N-0 and ten outages at least: none binds in DC here, so the bus's own branches and the
      // rings around it.
      expect(r.checkedContingencies[0]).toBe(-1);
      expect(r.checkedContingencies.length).toBeGreaterThanOrEqual(11);
      expectTight(case118, r);
      seen.add(r.limitingVariable!);
    }
    expect(seen.size).toBeGreaterThan(0);
  });

  it('case_ACTIVSg200: checks the DC ranking, and where AC is lower it is tight to 1 %', () => {
    const all = busbarCapacity(activsg200, { top: 1 });
    const buses = all.results.filter((b) => b.limiting !== null && b.capacityMw > 20).slice(0, 6);
    expect(buses.length).toBeGreaterThan(3);
    let lowered = 0;
    for (const b of buses) {
      const r = acVerifiedCapacity(activsg200, b.bus, { preExisting: 'ignore' });
      expect(r.dcMw).toBeCloseTo(
        busbarCapacity(activsg200, { buses: [b.bus], top: 1, preExisting: 'ignore' }).results[0]!
          .capacityMw,
        9,
      );
      expect(r.acMw).toBeLessThanOrEqual(r.dcMw);
      // The DC limiting outage is checked first (N-0 always is).
      const c = r.dcLimiting!.contingency;
      expect(r.checkedContingencies[0]).toBe(-1);
      if (c >= 0) expect(r.checkedContingencies[1]).toBe(c);
      expect(r.checkedContingencies.length).toBeGreaterThanOrEqual(11);
      if (r.acLimiting === null) {
        expect(r.acMw).toBe(r.dcMw);
        expect(r.limitingVariable).toBe('thermal');
        continue;
      }
      lowered++;
      expectTight(activsg200, r);
    }
    console.info(`ACTIVSg200: AC lower than DC at ${lowered} of ${buses.length} buses`);
  });

  it('every bus at once: the 0 MW states shared by all buses change nothing, each figure tight', () => {
    const buses = [7, 24, 32, 63, 69, 72, 150, 182];
    const all = acVerifiedCapacities(activsg200, { buses, preExisting: 'ignore' });
    expect(all.results.map((r) => r.bus)).toEqual(buses);
    expect(all.work.factorizations).toBeGreaterThan(0);
    for (const r of all.results) {
      // Alone (its own cache and solver), the same figure and the same limit.
      const alone = acVerifiedCapacities(activsg200, { buses: [r.bus], preExisting: 'ignore' })
        .results[0]!;
      expect(r.acMw).toBeCloseTo(alone.acMw, 6);
      expect(r.acLimiting?.element ?? null).toBe(alone.acLimiting?.element ?? null);
      expect(r.dcMw).toBeCloseTo(
        busbarCapacity(activsg200, { buses: [r.bus], top: 1, preExisting: 'ignore' }).results[0]!
          .capacityMw,
        6,
      );
      expect(r.checkedContingencies.length).toBeGreaterThanOrEqual(11);
      if (r.acLimiting !== null) expectTight(activsg200, r);
    }
  });
});
