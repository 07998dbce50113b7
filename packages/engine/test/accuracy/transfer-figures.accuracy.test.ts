import { describe, expect, it } from 'vitest';
import type { Network } from '../../src/model/network';
import { buildDcModel, runDcPowerFlow } from '../../src/powerflow/dcpf';
import { networkAtTransfer } from '../../src/transfer/dispatch';
import { analyseFlexibility } from '../../src/flexibility/analyse';
import { buildScreenContext } from '../../src/transfer/screen';
import type { StudyGroupChoice } from '../../src/study-group/resolve';
import type { FlexibilityFigure, FlexibilityResult } from '../../src/flexibility/result';
import type { CaseName } from '../support/reference';
import { loadBaseCase, loadCase } from '../support/reference';

const TOL_MW = 1e-6;

/** Full DC power flow of the case at transfer T with branch `outage` out (−1: none). */
function flowsAt(net: Network, r: FlexibilityResult, t: number, outage: number): Float64Array {
  const pattern = {
    unitParticipation: r.extra.unitParticipation,
    loadSinkByBus: r.extra.loadSinkByBus,
  };
  return runDcPowerFlow(networkAtTransfer(net, pattern, t, outage)).pfMw;
}

/** The group with the most headroom among the areas of the case: a group every case has. */
function richestArea(net: Network): StudyGroupChoice {
  const byArea = new Map<number, number>();
  const g = net.generators;
  for (let k = 0; k < g.count; k++) {
    if (!g.inService[k]) continue;
    const area = net.buses.area[g.bus[k]];
    byArea.set(area, (byArea.get(area) ?? 0) + Math.max(0, g.pmaxMw[k] - g.pgMw[k]));
  }
  const [area] = [...byArea].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0];
  return { kind: 'area', area };
}

/**
 * The attributable figure by brute force: the limiting constraint is exactly at its limit at
 * the FCITC, and at FCITC − 1 MW nothing the transfer moves by |d| ≥ cutoff is over its limit
 * unless it already was at T = 0 (N-0, and the outages of the limiting and first ten
 * constraints).
 */
function checkAttributable(name: string, net: Network, r: FlexibilityResult): void {
  const a = r.figures.attributable;
  for (const level of a.levels) {
    expect(level.flexibilityPercent, `${name}: attributable level ${level.level}`).toBeCloseTo(
      100 * Math.min(1, a.fcitcMw / level.transferMw),
      9,
    );
  }
  if (a.limitingConstraintIndex === null) {
    expect(a.fcitcMw, `${name}: attributable FCITC capped at Tmax`).toBe(r.tmaxMw);
    return;
  }
  const c = r.constraints[a.limitingConstraintIndex];
  expect(c.preExistingViolation, `${name}: attributable limiting is not pre-existing`).toBe(false);
  const k = c.contingency ? c.contingency.branch : -1;
  const atLimit = Math.abs(flowsAt(net, r, a.fcitcMw, k)[c.monitored.branch]);
  expect(
    Math.abs(atLimit - c.limitMw),
    `${name}: |flow| of ${c.monitored.name} under ${c.contingency?.name ?? 'N-0'} at the attributable FCITC ${a.fcitcMw} MW`,
  ).toBeLessThanOrEqual(TOL_MW);
  if (a.fcitcMw < 1) return;
  const ctx = buildScreenContext(net, buildDcModel(net));
  const byT = [...r.constraints].sort((x, y) => x.transferAtLimitMw - y.transferAtLimitMw);
  const outages = new Set([-1, k, ...byT.slice(0, 10).map((x) => x.contingency?.branch ?? -1)]);
  const cutoff = r.options.distributionFactorCutoff;
  const t = a.fcitcMw - 1;
  for (const outage of outages) {
    const f0 = flowsAt(net, r, 0, outage);
    const f1 = flowsAt(net, r, t, outage);
    ctx.monitored.forEach((m, i) => {
      if (m === outage) return;
      const limit = outage < 0 ? ctx.limitN0Mw[i] : ctx.limitPostMw[i];
      if (Math.abs(f1[m]) <= limit + TOL_MW) return;
      const d = (f1[m] - f0[m]) / t;
      if (Math.abs(d) < cutoff || Math.abs(f0[m]) > limit) return;
      expect.fail(
        `${name}: row ${m + 1} under outage ${outage + 1} is ${Math.abs(f1[m])} MW > ${limit} MW at attributable FCITC − 1 = ${t} MW`,
      );
    });
  }
}

/** The strict figure: 0 when the transfer worsens a violation, which a re-solve shows. */
function checkStrict(name: string, net: Network, r: FlexibilityResult): void {
  const s: FlexibilityFigure = r.figures.strict;
  if (r.preExisting.counts.worsens === 0) {
    expect(s, `${name}: strict figure without worsened violations`).toEqual(r.figures.attributable);
    return;
  }
  expect(s.fcitcMw, `${name}: strict FCITC with worsened violations`).toBe(0);
  expect(s.levels.every((level) => level.flexibilityPercent === 0)).toBe(true);
  const c = r.constraints[s.limitingConstraintIndex ?? -1];
  expect(c.preExistingViolation, `${name}: strict limiting is pre-existing`).toBe(true);
  const k = c.contingency ? c.contingency.branch : -1;
  const at0 = flowsAt(net, r, 0, k)[c.monitored.branch];
  const at1 = flowsAt(net, r, 1, k)[c.monitored.branch];
  const label = `${name}: ${c.monitored.name} under ${c.contingency?.name ?? 'N-0'}`;
  expect(Math.abs(at0), `${label}, |flow| at T = 0 over its limit`).toBeGreaterThan(c.limitMw);
  expect(Math.abs(at1) - Math.abs(at0), `${label}, worsened by 1 MW of transfer`).toBeCloseTo(
    Math.abs(c.distributionFactor),
    6,
  );
}

/** Listed violations: flow, loading and d by re-solves; relieved ones clear where reported. */
function checkViolations(name: string, net: Network, r: FlexibilityResult): void {
  const byEffect = ['worsens', 'relieves', 'unaffected'].flatMap((effect) =>
    r.preExisting.violations.filter((v) => v.effect === effect).slice(0, 4),
  );
  for (const v of byEffect) {
    if (v.generatorOutage) continue;
    const k = v.contingency ? v.contingency.branch : -1;
    const m = v.monitored.branch;
    const label = `${name}: violation ${v.monitored.name} under ${v.contingency?.name ?? 'N-0'}`;
    const f0 = flowsAt(net, r, 0, k)[m];
    expect(Math.abs(f0 - v.flowAtZeroMw), `${label}, flow at T = 0`).toBeLessThanOrEqual(TOL_MW);
    expect(v.loadingPercent, `${label}, loading`).toBeCloseTo((100 * Math.abs(f0)) / v.limitMw, 9);
    expect(Math.abs(f0), `${label}, over its limit`).toBeGreaterThan(v.limitMw);
    const d = flowsAt(net, r, 1, k)[m] - f0;
    expect(Math.abs(d - v.distributionFactor), `${label}, d`).toBeLessThanOrEqual(TOL_MW);
    if (v.effect === 'relieves') {
      const cleared = Math.abs(flowsAt(net, r, v.clearsAtMw!, k)[m]);
      expect(Math.abs(cleared - v.limitMw), `${label}, |flow| where it clears`).toBeLessThan(
        TOL_MW,
      );
    }
  }
  const { counts } = r.preExisting;
  expect(counts.worsens + counts.relieves + counts.unaffected, `${name}: counts`).toBe(
    counts.total,
  );
}

const CASES: CaseName[] = ['case_ACTIVSg2000', 'case2383wp'];

describe('both figures checked by full DC power flows', () => {
  for (const name of CASES) {
    const groups: [string, (net: Network) => StudyGroupChoice][] = [
      ['default group', () => ({ kind: 'default' })],
      ['all units', () => ({ kind: 'all' })],
      ['the area with most headroom', richestArea],
    ];
    for (const [label, group] of groups) {
      it(`${name}, ${label}: attributable and strict FCITC, levels and violations`, () => {
        const net = loadBaseCase(name);
        const r = analyseFlexibility(net, { group: group(net), maxConstraints: 300 });
        checkAttributable(`${name} ${label}`, net, r);
        checkStrict(`${name} ${label}`, net, r);
        checkViolations(`${name} ${label}`, net, r);
        console.info(
          `${name} ${label} (${JSON.stringify(r.studyGroup.choice)}, ${r.studyGroup.units.length} units): ` +
            `Tmax ${r.tmaxMw.toFixed(1)} MW, FCITC attributable ${r.figures.attributable.fcitcMw.toFixed(3)} MW, ` +
            `strict ${r.figures.strict.fcitcMw.toFixed(3)} MW, violations ${JSON.stringify(r.preExisting.counts)}`,
        );
      });
    }
  }

  it('ACTIVSg2000: the default group is every unit with headroom, not the full renewables', () => {
    const r = analyseFlexibility(loadCase('case_ACTIVSg2000'), { maxConstraints: 300 });
    expect(r.studyGroup.choice).toEqual({ kind: 'all' });
    expect(r.studyGroup.reason).toBe('DEFAULT_RENEWABLES_NO_HEADROOM');
    expect(r.studyGroup.renewables!.headroomMw, 'ACTIVSg2000 wind + solar headroom').toBeLessThan(
      1,
    );
    expect(r.figures.attributable.levels[4].constraintIndices.length).toBeGreaterThan(0);
    // The single slack of MATPOWER's rundcpf reproduces the figures published before the base
    // dispatch (issue #21's closing note); the base dispatch takes the 1,615.5 MW of AC losses
    // off the units, and every MW of it is headroom again.
    const single = analyseFlexibility(loadCase('case_ACTIVSg2000'), {
      maxConstraints: 300,
      slack: 'single',
    });
    expect(single.tmaxMw, 'ACTIVSg2000 Tmax, single slack').toBeCloseTo(12477.15, 1);
    expect(single.figures.attributable.fcitcMw, 'FCITC, single slack').toBeCloseTo(587.08, 1);
    expect(r.baseCase.mismatchMw, 'ACTIVSg2000 AC losses in the file').toBeCloseTo(1615.53, 1);
    expect(r.tmaxMw, 'Tmax of every unit').toBeCloseTo(single.tmaxMw + r.baseCase.mismatchMw, 6);
  });

  it('case2383wp: the violations it already has give a strict 0 beside the attributable figure', () => {
    const r = analyseFlexibility(loadBaseCase('case2383wp'), { maxConstraints: 300 });
    expect(r.figures.strict.fcitcMw).toBe(0);
    expect(r.figures.attributable.fcitcMw, 'case2383wp attributable FCITC').toBeGreaterThan(0);
    const single = analyseFlexibility(loadCase('case2383wp'), {
      maxConstraints: 300,
      slack: 'single',
    });
    expect(single.figures.attributable.fcitcMw, 'single slack, as before').toBeCloseTo(92.34, 1);
    expect(r.preExisting.counts.worsens, 'case2383wp worsened violations').toBeGreaterThan(0);
  });
});
