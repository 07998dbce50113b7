import { TopK } from '../contingency/top-k';
import type { RawConstraint } from './fcitc';
import type { GeneratorOutageInput } from './generator-outages';
import { streamGeneratorOutages } from './generator-outages';
import type { ScreenContext } from './screen';
import { injectionFlows, isPreExisting, streamOutages, transferAtLimit } from './screen';

/**
 * FCITC both ways in one pass over the outages (docs/analysis.md §4–§5), and the constraints the
 * case already violates at T = 0.
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
  const { net, model, monitored, baseFlowMw: f } = ctx;
  const cutoff = options.distributionFactorCutoff ?? 0.01;
  const keep = options.maxConstraints ?? 1000;
  const binding = new TopK<RawConstraint>(keep);
  const worsened = new TopK<Ranked<RawConstraint>>(keep);
  const listed = new TopK<RawViolation>(options.maxViolations ?? 500);
  const counts = { total: 0, worsens: 0, relieves: 0, unaffected: 0 };
  let within = 0;
  const nMon = monitored.length;
  const dBr = injectionFlows(
    model,
    injectionByBus,
    new Float64Array(net.buses.count),
    new Float64Array(net.branches.count),
  );
  const dMon = Float64Array.from(monitored, (m) => dBr[m]);
  const fMon = Float64Array.from(monitored, (m) => f[m]);

  /** A pair over its limit at T = 0: counted, and listed if among the worst. */
  const violation = (i: number, k: number, unit: number, fc: number, d: number, L: number) => {
    const effect: ViolationEffect =
      Math.abs(d) < cutoff ? 'unaffected' : isPreExisting(fc, d, L) ? 'worsens' : 'relieves';
    counts.total++;
    counts[effect]++;
    // Worsened ones come back from the strict figure's list (consider), all of them.
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
  };

  /** A pair with |d| ≥ cutoff whose T(c) may be within Tmax. */
  const consider = (
    i: number,
    k: number,
    lodf: number,
    fc: number,
    d: number,
    L: number,
    unit: number,
  ) => {
    const t = transferAtLimit(fc, d, L);
    if (t > tmaxMw) return;
    const pre = isPreExisting(fc, d, L);
    const entry = {
      monitored: monitored[i],
      contingency: k,
      lodf,
      generatorOutage: unit,
      flowAtZeroMw: fc,
      distributionFactor: d,
      limitMw: L,
      transferAtLimitMw: t,
      preExistingViolation: pre,
      loading: -t,
    };
    if (pre) {
      if (Math.abs(d) > worsened.threshold) worsened.offer({ ...entry, loading: Math.abs(d) });
      return;
    }
    within++;
    if (-t >= binding.threshold) binding.offer(entry);
  };

  // Over the limit by more than round-off (isPreExisting's slack).
  const over = (fc: number, L: number) => Math.abs(fc) > L + 1e-10 * Math.max(1, L);
  const pair = (
    i: number,
    k: number,
    lodf: number,
    fc: number,
    d: number,
    L: number,
    u: number,
  ) => {
    if (over(fc, L)) violation(i, k, u, fc, d, L);
    if (!(Math.abs(d) >= cutoff)) return;
    if (transferAtLimit(fc, d, L) <= tmaxMw) consider(i, k, lodf, fc, d, L, u);
  };

  for (let i = 0; i < nMon; i++) pair(i, -1, 0, fMon[i], dMon[i], ctx.limitN0Mw[i], -1);
  const limitPost = ctx.limitPostMw;
  streamOutages(ctx, (k, lodf) => {
    const dK = dBr[k];
    const fK = f[k];
    // The hot loop (monitored × outages) is inline: most pairs are neither over their limit
    // nor able to bind within Tmax, and are rejected with a few flops.
    for (let i = 0; i < nMon; i++) {
      const l = lodf[i];
      const fc = fMon[i] + l * fK;
      const d = dMon[i] + l * dK;
      const L = limitPost[i];
      const violated = fc > L || fc < -L;
      if (!violated && !(d >= cutoff || d <= -cutoff)) continue;
      if (monitored[i] === k) continue;
      if (violated && over(fc, L)) violation(i, k, -1, fc, d, L);
      if (!(d >= cutoff || d <= -cutoff)) continue;
      const t = d > 0 ? (L - fc) / d : (L + fc) / -d;
      if (t > tmaxMw) continue;
      consider(i, k, l, fc, d, L, -1);
    }
  });
  const gOut = options.generatorOutages;
  if (gOut) {
    const p0 = net.generators.pgMw;
    streamGeneratorOutages(ctx, gOut, (u, sOut) => {
      const part = gOut.unitParticipation[u];
      for (let i = 0; i < nMon; i++) {
        const sm = sOut[monitored[i]];
        pair(i, -1, 0, fMon[i] - p0[u] * sm, dMon[i] - part * sm, limitPost[i], u);
      }
    });
  }

  const kept = binding.items;
  const first = kept[0];
  const attributableLimiting = first && first.transferAtLimitMw < tmaxMw ? first : null;
  const attributable: FigureFcitc = {
    fcitcMw: attributableLimiting ? attributableLimiting.transferAtLimitMw : tmaxMw,
    limiting: attributableLimiting,
  };
  // The strict figure's limiting constraint: the violation the transfer worsens most.
  const pre = worsened.items.map((c): RawConstraint => ({ ...c, loading: 0 }));
  const strict: FigureFcitc =
    counts.worsens > 0 ? { fcitcMw: 0, limiting: pre[0] ?? null } : attributable;
  const omitted = within - kept.length;
  const last = kept[kept.length - 1];
  return {
    tmaxMw,
    attributable,
    strict,
    constraints: [...kept, ...pre],
    omitted,
    preExistingOmitted: counts.worsens - pre.length,
    completeUpToMw: omitted > 0 && last ? last.transferAtLimitMw : tmaxMw,
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
