import type { GeneratorOutageInput } from './generator-outages';
import { streamGeneratorOutages } from './generator-outages';
import type { ScreenContext } from './screen';
import { injectionFlows, streamOutages, transferAtLimit } from './screen';

/**
 * The FCITC sweep of one transfer (docs/analysis.md §4): every constraint c — N-0, each
 * non-islanding branch outage, and with `generatorOutages` each unit's outage (G-1) — with its
 * flow f at T = 0, distribution factor d and limit L, so the caller can take min over c of T(c).
 * The transfer's flows per MW, d(x) = PTDF(x,·)·Δp, are ONE sparse solve; each outage k then
 * costs the LODF stream's solve and O(monitored) work: d(m|k) = d(m) + LODF(m,k)·d(k),
 * f(m|k) = f(m) + LODF(m,k)·f(k). Nothing dense is formed.
 *
 * The sweep finds the constraints; what to keep is the visitor's: computeFcitc (fcitc.ts) keeps
 * the smallest T(c) with pre-existing violations limiting or left out, computeFcitcBothWays
 * (pre-existing.ts) keeps both figures and lists the violations apart.
 */
export interface SweepOptions {
  /** Constraints with |d(c)| below this do not limit the transfer (docs/analysis.md §4). */
  readonly distributionFactorCutoff: number;
  /** With this, unit outages (G-1) are constraints too (see generator-outages.ts). */
  readonly generatorOutages?: GeneratorOutageInput;
}

/**
 * What the sweep hands on. `i` indexes `ctx.monitored` (the per-monitored arrays); `k` is the
 * outaged branch row, −1 for N-0 and G-1; `unit` the outaged generator row of a G-1, else −1;
 * `lodf` is LODF(monitored, k), 0 for N-0 and G-1.
 */
export interface ConstraintVisitor {
  /**
   * A constraint with |d| ≥ cutoff that binds within Tmax: t = T(c) = transferAtLimit(f, d, L)
   * ≤ Tmax. In stream order: N-0 by monitored, then outage by outage, then unit by unit.
   */
  readonly within: (
    i: number,
    k: number,
    lodf: number,
    f: number,
    d: number,
    limit: number,
    unit: number,
    t: number,
  ) => void;
  /**
   * When given, every constraint over its limit at T = 0 by more than round-off, whatever its d
   * (so the violations the transfer relieves or leaves alone are seen too); called before
   * `within` for the same constraint.
   */
  readonly overLimit?: (
    i: number,
    k: number,
    unit: number,
    f: number,
    d: number,
    limit: number,
  ) => void;
}

/** |f| over L by more than round-off (isPreExisting's slack). */
const isOver = (f: number, limit: number): boolean =>
  Math.abs(f) > limit + 1e-10 * Math.max(1, limit);

/** Sweeps every constraint of the transfer `injectionByBus`; returns d(x) per branch. */
export function sweepConstraints(
  ctx: ScreenContext,
  injectionByBus: ArrayLike<number>,
  tmaxMw: number,
  options: SweepOptions,
  visit: ConstraintVisitor,
): Float64Array {
  const { net, model, monitored, baseFlowMw: f } = ctx;
  const cutoff = options.distributionFactorCutoff;
  const { within, overLimit } = visit;
  const watch = overLimit !== undefined;
  const nMon = monitored.length;
  const dBr = injectionFlows(
    model,
    injectionByBus,
    new Float64Array(net.buses.count),
    new Float64Array(net.branches.count),
  );
  const dMon = Float64Array.from(monitored, (m) => dBr[m]);
  const fMon = Float64Array.from(monitored, (m) => f[m]);

  /** One constraint outside the LODF stream's hot loop (N-0, G-1). */
  const pair = (
    i: number,
    k: number,
    lodf: number,
    fc: number,
    d: number,
    L: number,
    unit: number,
  ): void => {
    if (watch && isOver(fc, L)) overLimit(i, k, unit, fc, d, L);
    if (!(Math.abs(d) >= cutoff)) return;
    const t = transferAtLimit(fc, d, L);
    if (t <= tmaxMw) within(i, k, lodf, fc, d, L, unit, t);
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
      const violated = watch && (fc > L || fc < -L);
      const steep = d >= cutoff || d <= -cutoff;
      if ((!violated && !steep) || monitored[i] === k) continue;
      if (violated && isOver(fc, L)) overLimit(i, k, -1, fc, d, L);
      if (!steep) continue;
      // transferAtLimit inline, the cheap rejection first.
      const raw = d > 0 ? (L - fc) / d : (L + fc) / -d;
      if (raw > tmaxMw) continue;
      const t = raw > 0 ? raw : 0;
      if (t <= tmaxMw) within(i, k, l, fc, d, L, -1, t);
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
  return dBr;
}

/** One (monitored, contingency) constraint, 0-based rows; contingency −1 is N-0. */
export interface RawConstraint {
  readonly monitored: number;
  readonly contingency: number;
  /** LODF(monitored, contingency); 0 for N-0 and G-1. */
  readonly lodf: number;
  /** Generator row of a G-1 constraint (contingency is then −1), else −1. */
  readonly generatorOutage: number;
  readonly flowAtZeroMw: number;
  readonly distributionFactor: number;
  readonly limitMw: number;
  readonly transferAtLimitMw: number;
  readonly preExistingViolation: boolean;
  /** −T(c): TopK keeps the largest "loading", i.e. the smallest T. */
  readonly loading: number;
}

/** A constraint `within` was handed, ranked by −T(c); `monitored` is the branch row. */
export function rawConstraint(
  monitored: number,
  k: number,
  lodf: number,
  unit: number,
  f: number,
  d: number,
  limit: number,
  t: number,
  preExisting: boolean,
): RawConstraint {
  return {
    monitored,
    contingency: k,
    lodf,
    generatorOutage: unit,
    flowAtZeroMw: f,
    distributionFactor: d,
    limitMw: limit,
    transferAtLimitMw: t,
    preExistingViolation: preExisting,
    loading: -t,
  };
}

/** What the kept constraints (T ascending, every T(c) ≤ Tmax) say of the FCITC. */
export interface KeptFigure {
  readonly fcitcMw: number;
  /** The arg-min when it binds before Tmax, else null. */
  readonly limiting: RawConstraint | null;
  /** Constraints with T(c) ≤ Tmax that were not kept. */
  readonly omitted: number;
  /** Every constraint with T(c) below this is kept. */
  readonly completeUpToMw: number;
}

/** `kept`: the smallest T(c) of the `within` constraints that count, T ascending. */
export function keptFigure(
  kept: readonly RawConstraint[],
  within: number,
  tmaxMw: number,
): KeptFigure {
  const first = kept[0];
  const limiting = first && first.transferAtLimitMw < tmaxMw ? first : null;
  const omitted = within - kept.length;
  const last = kept[kept.length - 1];
  return {
    fcitcMw: limiting ? limiting.transferAtLimitMw : tmaxMw,
    limiting,
    omitted,
    completeUpToMw: omitted > 0 && last ? last.transferAtLimitMw : tmaxMw,
  };
}
