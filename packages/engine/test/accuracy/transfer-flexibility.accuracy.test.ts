import { describe, expect, it } from 'vitest';
import type { Network } from '../../src/model/network';
import { buildDcModel, runDcPowerFlow } from '../../src/powerflow/dcpf';
import { networkAtTransfer } from '../../src/transfer/dispatch';
import type { FlexibilityOptions } from '../../src/flexibility/analyse';
import { analyseFlexibility } from '../../src/flexibility/analyse';
import { buildScreenContext } from '../../src/transfer/screen';
import type { ConstraintResult, FlexibilityResult } from '../../src/flexibility/result';
import type { CaseName } from '../support/reference';
import { loadBaseCase } from '../support/reference';
import { withTestRatings } from './transfer-ratings';

const TOL_MW = 1e-6;
const TOL_SENS = 1e-8;

/** A contingency for the brute force: a branch out, or a unit tripped (G-1), or neither. */
interface Outage {
  branch: number;
  unit: number;
}
const N0: Outage = { branch: -1, unit: -1 };
const outageOf = (c: ConstraintResult): Outage => ({
  branch: c.contingency ? c.contingency.branch : -1,
  unit: c.generatorOutage ? c.generatorOutage.generator : -1,
});

/** Each unit's share of a generator sink (all 0 with a load sink). */
function sinkShares(r: FlexibilityResult): Float64Array {
  return r.extra.unitParticipation.map((v, g) => {
    const inGroup = r.plants.some((p) => p.inStudyGroup && p.generators.includes(g));
    return !inGroup && v < 0 ? -v : 0;
  });
}

/**
 * Brute force: the full DC power flow of the case at transfer T with the contingency: a branch
 * out of service, or a unit tripped with its output picked up by the rest of the sink. With
 * `movePlant`, that plant's first unit also rises 1 MW against the (post-outage) sink.
 */
function flowsAt(
  net: Network,
  r: FlexibilityResult,
  t: number,
  outage: Outage,
  movePlant = -1,
): Float64Array {
  const pattern = {
    unitParticipation: r.extra.unitParticipation,
    loadSinkByBus: r.extra.loadSinkByBus,
  };
  const state = networkAtTransfer(net, pattern, t, outage.branch);
  const pg = state.generators.pgMw;
  const pd = state.buses.pdMw;
  const loads = r.extra.loadSinkByBus;
  const share = sinkShares(r);
  const u = outage.unit;
  const keep = u >= 0 ? 1 - share[u] : 1;
  const post = (j: number): number => (j === u ? 0 : share[j] / keep);
  const shift = (mw: number): void => {
    // mw more generation from the post-outage sink (a load sink takes it as less demand).
    for (let j = 0; j < pg.length; j++) pg[j] += mw * post(j);
    if (loads) for (let i = 0; i < pd.length; i++) pd[i] -= mw * loads[i];
  };
  if (u >= 0) {
    const lost = pg[u];
    pg[u] = 0;
    shift(lost);
  }
  if (movePlant >= 0) {
    pg[r.plants[movePlant].generators[0]] += 1;
    shift(-1);
  }
  return runDcPowerFlow(state).pfMw;
}

function label(name: string, c: ConstraintResult): string {
  const k = c.contingency
    ? `${c.contingency.name} (row ${c.contingency.branch + 1})`
    : c.generatorOutage
      ? `G-1 of ${c.generatorOutage.name} (generator row ${c.generatorOutage.generator + 1})`
      : 'N-0';
  return `${name}: monitored ${c.monitored.name} (row ${c.monitored.branch + 1}) under ${k}`;
}

/** The units whose G-1 the engine studies: in service, with output to lose, not the whole sink. */
function g1Units(net: Network, r: FlexibilityResult): Outage[] {
  const share = sinkShares(r);
  const units: Outage[] = [];
  for (let u = 0; u < net.generators.count; u++) {
    if (!net.generators.inService[u] || share[u] >= 1 - 1e-12) continue;
    if (net.generators.pgMw[u] !== 0 || r.extra.unitParticipation[u] !== 0) {
      units.push({ branch: -1, unit: u });
    }
  }
  return units;
}

/** The plants with the most headroom: a study group every case has. */
function biggestHeadroomPlants(net: Network, count: number): FlexibilityOptions {
  const probe = analyseFlexibility(net, { maxConstraints: 1 });
  const plants = [...probe.plants]
    .filter((p) => p.unitsInParallel > 0)
    .sort((a, b) => b.pMaxMw - b.pInitialMw - (a.pMaxMw - a.pInitialMw))
    .slice(0, count)
    .map((p) => p.index);
  return { studyGroup: { rule: 'named', plants }, sink: 'headroom-down' };
}

interface Errors {
  limit: number;
  zero: number;
  sensitivity: number;
}

/** Checks T(c), f(c) and d(c) of `constraints` by full power flows; returns the max errors. */
function checkConstraints(
  name: string,
  net: Network,
  r: FlexibilityResult,
  constraints: ConstraintResult[],
): Errors {
  const errors: Errors = { limit: 0, zero: 0, sensitivity: 0 };
  for (const c of constraints) {
    const m = c.monitored.branch;
    const k = outageOf(c);
    const at0 = flowsAt(net, r, 0, k)[m];
    const zeroErr = Math.abs(at0 - c.flowAtZeroMw);
    errors.zero = Math.max(errors.zero, zeroErr);
    expect(zeroErr, `flow at T = 0 in ${label(name, c)}`).toBeLessThanOrEqual(TOL_MW);
    if (c.preExistingViolation) {
      expect(c.transferAtLimitMw, `T(c) of a pre-existing violation, ${label(name, c)}`).toBe(0);
      expect(Math.abs(at0), `|flow| over limit at T = 0, ${label(name, c)}`).toBeGreaterThan(
        c.limitMw,
      );
      continue;
    }
    const atT = flowsAt(net, r, c.transferAtLimitMw, k)[m];
    const err = Math.abs(Math.abs(atT) - c.limitMw);
    errors.limit = Math.max(errors.limit, err);
    if (!(err <= TOL_MW)) {
      expect.fail(
        `|flow| at T(c) = ${c.transferAtLimitMw} MW in ${label(name, c)} is ${Math.abs(atT)} MW, ` +
          `limit ${c.limitMw} MW (|error| ${err})`,
      );
    }
  }
  return errors;
}

/** Finite differences: plant p up 1 MW against the sink moves the flow of c by s(c, p). */
function checkSensitivities(
  name: string,
  net: Network,
  r: FlexibilityResult,
  c: ConstraintResult,
): number {
  const m = c.monitored.branch;
  const k = outageOf(c);
  const base = flowsAt(net, r, 0, k)[m];
  let worst = 0;
  const bySize = [...c.sensitivities].sort(
    (a, b) => Math.abs(b.sensitivity) - Math.abs(a.sensitivity),
  );
  for (const s of bySize.slice(0, 4)) {
    const moved = flowsAt(net, r, 0, k, s.plant)[m];
    const err = Math.abs(moved - base - s.sensitivity);
    worst = Math.max(worst, err);
    expect(
      err,
      `sensitivity of ${r.plants[s.plant].name} in ${label(name, c)}`,
    ).toBeLessThanOrEqual(TOL_SENS);
  }
  return worst;
}

/**
 * Every (monitored, outage) pair at FCITC − 1 MW, by full power flows: none over its limit
 * unless it does not limit the transfer (|d| below the cutoff, or already over at T = 0).
 */
function checkBelowFcitc(
  name: string,
  net: Network,
  r: FlexibilityResult,
  everyOutage: boolean,
): number {
  if (r.limitingConstraintIndex === null || r.fcitcMw < 1) return 0;
  const ctx = buildScreenContext(net, buildDcModel(net));
  const t = r.fcitcMw - 1;
  const cutoff = r.options.distributionFactorCutoff;
  // On the large case, N-0 and the limiting constraint's own outage only.
  const limiting = outageOf(r.constraints[r.limitingConstraintIndex]);
  const units = r.options.includeGeneratorOutages ? g1Units(net, r) : [];
  const outages: Outage[] = everyOutage
    ? [N0, ...Array.from(ctx.outages, (b) => ({ branch: b, unit: -1 })), ...units]
    : [N0, limiting];
  for (const k of outages) {
    const f0 = flowsAt(net, r, 0, k);
    const f1 = flowsAt(net, r, t, k);
    ctx.monitored.forEach((m, i) => {
      if (m === k.branch) return;
      const limit = k === N0 ? ctx.limitN0Mw[i] : ctx.limitPostMw[i];
      if (Math.abs(f1[m]) <= limit + TOL_MW) return;
      const d = (f1[m] - f0[m]) / t;
      const exempt = Math.abs(d) < cutoff || Math.abs(f0[m]) > limit;
      if (!exempt) {
        expect.fail(
          `${name}: row ${m + 1} under outage ${JSON.stringify(k)} is ` +
            `${Math.abs(f1[m])} MW > ${limit} MW at FCITC − 1 = ${t} MW`,
        );
      }
    });
  }
  return outages.length;
}

const CONFIGS = ['default', 'named group', 'named group with G-1', 'strict figure'] as const;

const CASES: { name: CaseName; bruteForceAll: boolean }[] = [
  { name: 'case9', bruteForceAll: true },
  { name: 'case30', bruteForceAll: true },
  { name: 'case118', bruteForceAll: true },
  { name: 'case_ACTIVSg200', bruteForceAll: true },
  { name: 'case2383wp', bruteForceAll: false },
  { name: 'case_ACTIVSg2000', bruteForceAll: false },
];

describe('transfer capability checked by full DC power flows', () => {
  for (const { name, bruteForceAll } of CASES) {
    for (const config of CONFIGS) {
      it(`${name}, ${config}: T(c), flows at T = 0 and sensitivities match brute force`, () => {
        const net = withTestRatings(name, loadBaseCase(name));
        const nPlants = new Set(net.generators.bus).size;
        const named = (): FlexibilityOptions =>
          biggestHeadroomPlants(net, Math.min(3, nPlants - 1));
        const options: FlexibilityOptions =
          config === 'default'
            ? {}
            : config === 'named group'
              ? named()
              : config === 'named group with G-1'
                ? { ...named(), includeGeneratorOutages: true }
                : { preExisting: 'limit' };
        const r = analyseFlexibility(net, options);
        const sum = r.plants.reduce((s, p) => s + p.participation, 0);
        const loads = r.extra.loadSinkByBus;
        expect(Math.abs(sum - (loads ? 1 : 0)), `Σ plant participation in ${name}`).toBeLessThan(
          1e-12,
        );
        const byT = [...r.constraints].sort((a, b) => a.transferAtLimitMw - b.transferAtLimitMw);
        const g1 = r.constraints.filter((c) => c.generatorOutage).slice(0, 5);
        const sample = new Set([...byT.slice(0, 10), ...r.constraints.slice(0, 5), ...g1]);
        const errors = checkConstraints(name, net, r, [...sample]);
        // The top level repeats the attributable figure, whose levels leave worsened
        // pre-existing violations out; the strict figure's levels list them.
        const shown = config === 'strict figure' ? r.figures.strict : r.figures.attributable;
        expect(r.levels, `top-level levels of ${name}, ${config}`).toEqual(shown.levels);
        const listedPre = r.figures.attributable.levels.flatMap((level) =>
          level.constraintIndices.filter((i) => r.constraints[i].preExistingViolation),
        );
        expect(listedPre, `pre-existing violations in attributable levels, ${name}`).toEqual([]);
        let sens = 0;
        for (const c of [...r.constraints.slice(0, 3), ...g1.slice(0, 2)]) {
          sens = Math.max(sens, checkSensitivities(name, net, r, c));
        }
        const bruteForced = checkBelowFcitc(name, net, r, bruteForceAll);
        const limiting =
          r.limitingConstraintIndex === null ? null : r.constraints[r.limitingConstraintIndex];
        if (limiting) {
          expect(
            limiting.transferAtLimitMw,
            `FCITC of ${name} = T of its limiting constraint`,
          ).toBe(r.fcitcMw);
        } else {
          expect(r.fcitcMw, `FCITC of ${name} capped at Tmax`).toBe(r.tmaxMw);
        }
        console.info(
          `${name} ${config}: Tmax ${r.tmaxMw.toFixed(1)} MW, FCITC ${r.fcitcMw.toFixed(3)} MW, ` +
            `${r.constraints.length} constraints, max |error| at limit ${errors.limit.toExponential(2)} MW, ` +
            `at T=0 ${errors.zero.toExponential(2)} MW, sensitivity ${sens.toExponential(2)}, ` +
            `${bruteForced} outage states brute-forced at FCITC − 1, ${g1.length} G-1 checked`,
        );
      });
    }
  }
});
