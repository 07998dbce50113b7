import { TopK } from '../contingency/top-k';
import type { GeneratorOutageInput } from './generator-outages';
import type { ScreenContext } from './screen';
import { isPreExisting } from './screen';
import type { ConstraintVisitor, RawConstraint } from './sweep';
import { keptFigure, rawConstraint, sweepConstraints } from './sweep';
import { effectiveCutoff } from './cutoff';

/**
 * FCITC both ways in one pass over the outages (docs/analysis.md §4–§5), and the constraints the
 * case already violates at T = 0: one sweep (sweep.ts) that also watches every pair over its
 * limit.
 *
 * - **strict** (§4 as written): a constraint over its limit at T = 0 that the transfer worsens
 *   has T(c) = 0, so one such violation makes the FCITC 0.
 * - **attributable**: those violations are listed apart and do not limit the transfer; the
 *   FCITC is the smallest T(c) over the other constraints.
 *
 * Both share every other constraint, so one stream gives both: constraints that are not
 * worsened violations are kept by smallest T(c), worsened violations in a list of their own
 * (by |d| descending), so a case with hundreds of violations never crowds the constraints that
 * bind the attributable figure out of the kept list. Every pair is also checked for |f| > L
 * whatever its d, so the violations the transfer relieves or does not touch are listed too.
 *
 * §4's "relieves" rule: a violation the transfer relieves (d pushes the flow back inside) is
 * not pre-existing in the sense of T(c) = 0: it limits only where the flow would cross the
 * opposite limit, T(c) = (L + |f|)/|d|, which `transferAtLimit` gives. It comes back within its
 * limit at (|f| − L)/|d| (`clearsAtMw`).
 */
export interface TwoWayOptions {
  /** Constraints with |d(c)| below this do not limit the transfer (default 0.01). */
  readonly distributionFactorCutoff?: number;
  /** Most constraints kept of each kind (limiting, and worsened violations); default 1000. */
  readonly maxConstraints?: number;
  /**
   * Most violations the transfer does not worsen listed, by loading descending (default 500);
   * all are counted. Worsened ones are all listed (up to maxConstraints): they are what makes
   * the strict figure 0.
   */
  readonly maxViolations?: number;
  readonly generatorOutages?: GeneratorOutageInput;
  /**
   * Another stream of constraints instead of every branch alone (a planner's set,
   * contingency/sets/sweep-on-set.ts): it hands the visitor its pairs and returns d per branch.
   */
  readonly sweep?: (visit: ConstraintVisitor) => Float64Array;
}

/** How the study group's transfer moves a violation (|d| against the cutoff). */
export type ViolationEffect = 'worsens' | 'relieves' | 'unaffected';

/** A constraint over its limit at T = 0 (0-based rows; contingency −1 is N-0 or a G-1). */
export interface RawViolation {
  readonly monitored: number;
  readonly contingency: number;
  readonly generatorOutage: number;
  /** Post-contingency flow at T = 0, MW. */
  readonly flowAtZeroMw: number;
  readonly limitMw: number;
  readonly distributionFactor: number;
  readonly effect: ViolationEffect;
  /** |f| / L. */
  readonly loading: number;
}

export interface FigureFcitc {
  readonly fcitcMw: number;
  /** The arg-min when it binds before Tmax, else null. */
  readonly limiting: RawConstraint | null;
}

export interface ViolationCounts {
  readonly total: number;
  readonly worsens: number;
  readonly relieves: number;
  readonly unaffected: number;
}

export interface TwoWayResult {
  readonly tmaxMw: number;
  readonly attributable: FigureFcitc;
  readonly strict: FigureFcitc;
  /**
   * Kept constraints: those with T(c) ≤ Tmax that are not worsened violations, T ascending,
   * then the worsened violations (T = 0, preExistingViolation), |d| descending.
   */
  readonly constraints: RawConstraint[];
  /** Constraints with T(c) ≤ Tmax left out by maxConstraints (not worsened violations). */
  readonly omitted: number;
  /** Worsened violations left out of `constraints` by maxConstraints. */
  readonly preExistingOmitted: number;
  /** Every constraint with T(c) below this is in `constraints`. */
  readonly completeUpToMw: number;
  /**
   * Violations at T = 0, loading descending: every worsened one kept in `constraints`, and the
   * worst of the others (at most maxViolations).
   */
  readonly violations: RawViolation[];
  readonly violationCounts: ViolationCounts;
  readonly distributionByBranch: Float64Array;
}

/** TopK ranks by `loading`, largest first: keep the worsened violations by |d|. */
type Ranked<T> = T & { readonly loading: number };

export function computeFcitcBothWays(
  ctx: ScreenContext,
  injectionByBus: ArrayLike<number>,
  tmaxMw: number,
  options: TwoWayOptions = {},
): TwoWayResult {
  const { monitored } = ctx;
  const cutoff = effectiveCutoff(options.distributionFactorCutoff);
  const keep = options.maxConstraints ?? 1000;
  const binding = new TopK<RawConstraint>(keep);
  const worsened = new TopK<Ranked<RawConstraint>>(keep);
  const listed = new TopK<RawViolation>(options.maxViolations ?? 500);
  const counts = { total: 0, worsens: 0, relieves: 0, unaffected: 0 };
  let within = 0;

  const visitor: ConstraintVisitor = {
    /** A pair over its limit at T = 0: counted, and listed if among the worst. */
    overLimit: (i, k, unit, fc, d, L) => {
      const effect: ViolationEffect =
        Math.abs(d) < cutoff ? 'unaffected' : isPreExisting(fc, d, L) ? 'worsens' : 'relieves';
      counts.total++;
      counts[effect]++;
      // Worsened ones come back from the strict figure's list (within), all of them.
      if (effect === 'worsens') return;
      const loading = Math.abs(fc) / L;
      if (loading <= listed.threshold) return;
      listed.offer({
        monitored: monitored[i],
        contingency: k,
        generatorOutage: unit,
        flowAtZeroMw: fc,
        limitMw: L,
        distributionFactor: d,
        effect,
        loading,
      });
    },
    /** A pair with |d| ≥ cutoff and T(c) ≤ Tmax: binding, or a worsened violation. */
    within: (i, k, lodf, fc, d, L, unit, t) => {
      const pre = isPreExisting(fc, d, L);
      const entry = rawConstraint(monitored[i], k, lodf, unit, fc, d, L, t, pre);
      if (pre) {
        if (Math.abs(d) > worsened.threshold) worsened.offer({ ...entry, loading: Math.abs(d) });
        return;
      }
      within++;
      if (-t >= binding.threshold) binding.offer(entry);
    },
  };
  const dBr =
    options.sweep?.(visitor) ??
    sweepConstraints(
      ctx,
      injectionByBus,
      tmaxMw,
      { distributionFactorCutoff: cutoff, generatorOutages: options.generatorOutages },
      visitor,
    );

  const kept = binding.items;
  const figure = keptFigure(kept, within, tmaxMw);
  const attributable: FigureFcitc = { fcitcMw: figure.fcitcMw, limiting: figure.limiting };
  // The strict figure's limiting constraint: the violation the transfer worsens most.
  const pre = worsened.items.map((c): RawConstraint => ({ ...c, loading: 0 }));
  const strict: FigureFcitc =
    counts.worsens > 0 ? { fcitcMw: 0, limiting: pre[0] ?? null } : attributable;
  return {
    tmaxMw,
    attributable,
    strict,
    constraints: [...kept, ...pre],
    omitted: figure.omitted,
    preExistingOmitted: counts.worsens - pre.length,
    completeUpToMw: figure.completeUpToMw,
    violations: [...pre.map(asViolation), ...listed.items].sort(
      (a, b) => b.loading - a.loading || a.contingency - b.contingency || a.monitored - b.monitored,
    ),
    violationCounts: counts,
    distributionByBranch: dBr,
  };
}

/** A worsened violation, kept as a strict-figure constraint, in the violations' list. */
function asViolation(c: RawConstraint): RawViolation {
  return {
    monitored: c.monitored,
    contingency: c.contingency,
    generatorOutage: c.generatorOutage,
    flowAtZeroMw: c.flowAtZeroMw,
    limitMw: c.limitMw,
    distributionFactor: c.distributionFactor,
    effect: 'worsens',
    loading: Math.abs(c.flowAtZeroMw) / c.limitMw,
  };
}
