import { TopK } from '../contingency/top-k';
import type { GeneratorOutageInput } from './generator-outages';
import type { ScreenContext } from './screen';
import { isPreExisting } from './screen';
import type { RawConstraint } from './sweep';
import { keptFigure, rawConstraint, sweepConstraints } from './sweep';
import { effectiveCutoff } from './cutoff';

/**
 * FCITC of one transfer (docs/analysis.md §4) with one treatment of pre-existing violations:
 * min over constraints of T(c) as sweepConstraints (sweep.ts) finds them, the smallest kept.
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
  const { monitored } = ctx;
  const top = new TopK<RawConstraint>(options.maxConstraints ?? 1000);
  let within = 0;
  const ignorePreExisting = options.preExisting === 'ignore';
  const dBr = sweepConstraints(
    ctx,
    injectionByBus,
    tmaxMw,
    {
      distributionFactorCutoff: effectiveCutoff(options.distributionFactorCutoff),
      generatorOutages: options.generatorOutages,
    },
    {
      within: (i, k, lodf, fc, d, L, unit, t) => {
        const pre = isPreExisting(fc, d, L);
        if (pre && ignorePreExisting) return;
        within++;
        if (-t < top.threshold) return;
        top.offer(rawConstraint(monitored[i], k, lodf, unit, fc, d, L, t, pre));
      },
    },
  );
  const constraints = top.items;
  const figure = keptFigure(constraints, within, tmaxMw);
  return {
    tmaxMw,
    fcitcMw: figure.fcitcMw,
    limiting: figure.limiting,
    constraints,
    omitted: figure.omitted,
    completeUpToMw: figure.completeUpToMw,
    distributionByBranch: dBr,
  };
}
