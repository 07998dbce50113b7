import { TopK } from '../contingency/top-k';
import type { GeneratorOutageInput } from './generator-outages';
import { streamGeneratorOutages } from './generator-outages';
import type { ScreenContext } from './screen';
import { injectionFlows, isPreExisting, streamOutages, transferAtLimit } from './screen';

/**
 * FCITC of one transfer (docs/analysis.md §4). The transfer's flows per MW, d(x) = PTDF(x,·)·Δp, are
 * ONE sparse solve; each outage k then costs the LODF stream's solve and O(monitored) work:
 * d(m|k) = d(m) + LODF(m,k)·d(k), f(m|k) = f(m) + LODF(m,k)·f(k). Nothing dense is formed.
 */
export interface FcitcOptions {
  /** Constraints with |d(c)| below this do not limit the transfer (default 0.01). */
  readonly distributionFactorCutoff?: number;
  /**
   * Most constraints kept (those with the smallest T(c) ≤ Tmax; default 1000). The FCITC is
   * exact whatever this is: the minimum is taken over every constraint as it streams by.
   */
  readonly maxConstraints?: number;
  /**
   * 'limit' (default, docs/analysis.md §4): a pre-existing violation the transfer worsens gives
   * T(c) = 0. 'ignore': such constraints are left out (a planner's choice when the base case
   * is known to be insecure and the question is what the transfer adds).
   */
  readonly preExisting?: 'limit' | 'ignore';
  /** With this, unit outages (G-1) are constraints too (see generator-outages.ts). */
  readonly generatorOutages?: GeneratorOutageInput;
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

export interface FcitcResult {
  readonly tmaxMw: number;
  readonly fcitcMw: number;
  /** The arg-min when it binds before Tmax, else null. */
  readonly limiting: RawConstraint | null;
  /** Kept constraints, T(c) ascending (ties: contingency, then monitored ascending). */
  readonly constraints: RawConstraint[];
  readonly omitted: number;
  /** Every constraint with T(c) below this is in `constraints`. */
  readonly completeUpToMw: number;
  /** d(x) per branch: MW per MW of transfer in the intact network. */
  readonly distributionByBranch: Float64Array;
}

export function computeFcitc(
  ctx: ScreenContext,
  injectionByBus: ArrayLike<number>,
  tmaxMw: number,
  options: FcitcOptions = {},
): FcitcResult {
  const { net, model, monitored, baseFlowMw: f } = ctx;
  const cutoff = options.distributionFactorCutoff ?? 0.01;
  const top = new TopK<RawConstraint>(options.maxConstraints ?? 1000);
  const nMon = monitored.length;
  const dBr = injectionFlows(
    model,
    injectionByBus,
    new Float64Array(net.buses.count),
    new Float64Array(net.branches.count),
  );
  const dMon = Float64Array.from(monitored, (m) => dBr[m]);
  const fMon = Float64Array.from(monitored, (m) => f[m]);
  let within = 0;
  const ignorePreExisting = options.preExisting === 'ignore';

  const consider = (
    i: number,
    k: number,
    lodf: number,
    fc: number,
    d: number,
    L: number,
    unit = -1,
  ): void => {
    const t = transferAtLimit(fc, d, L);
    if (t > tmaxMw) return;
    const pre = isPreExisting(fc, d, L);
    if (pre && ignorePreExisting) return;
    within++;
    if (-t < top.threshold) return;
    top.offer({
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
    });
  };

  for (let i = 0; i < nMon; i++) {
    if (Math.abs(dMon[i]) >= cutoff) consider(i, -1, 0, fMon[i], dMon[i], ctx.limitN0Mw[i]);
  }
  const limitPost = ctx.limitPostMw;
  streamOutages(ctx, (k, lodf) => {
    const dK = dBr[k];
    const fK = f[k];
    for (let i = 0; i < nMon; i++) {
      const l = lodf[i];
      const d = dMon[i] + l * dK;
      if (!(Math.abs(d) >= cutoff) || monitored[i] === k) continue;
      const fc = fMon[i] + l * fK;
      // Inline the cheap rejection: most pairs cannot bind within Tmax.
      const L = limitPost[i];
      const t = d > 0 ? (L - fc) / d : (L + fc) / -d;
      if (t > tmaxMw) continue;
      consider(i, k, l, fc, d, L);
    }
  });

  const gOut = options.generatorOutages;
  if (gOut) {
    const p0 = net.generators.pgMw;
    streamGeneratorOutages(ctx, gOut, (u, sOut) => {
      const part = gOut.unitParticipation[u];
      for (let i = 0; i < nMon; i++) {
        const sm = sOut[monitored[i]];
        const d = dMon[i] - part * sm;
        if (!(Math.abs(d) >= cutoff)) continue;
        consider(i, -1, 0, fMon[i] - p0[u] * sm, d, limitPost[i], u);
      }
    });
  }

  const constraints = top.items;
  const first = constraints[0];
  const limiting = first && first.transferAtLimitMw < tmaxMw ? first : null;
  const omitted = within - constraints.length;
  const last = constraints[constraints.length - 1];
  return {
    tmaxMw,
    fcitcMw: limiting ? limiting.transferAtLimitMw : tmaxMw,
    limiting,
    constraints,
    omitted,
    completeUpToMw: omitted > 0 && last ? last.transferAtLimitMw : tmaxMw,
    distributionByBranch: dBr,
  };
}
