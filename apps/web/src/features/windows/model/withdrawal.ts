import type { WindowResultView, WindowRuleName } from '@holgura/contracts';

/** Less than this is the solver's rounding, not a request moving (the screen shows 0.1 MW). */
export const MOVE_MW = 0.05;

export type AwardChange = { id: string; beforeMw: number; afterMw: number; deltaMw: number };

/** One rule's comparison of a window with requests withdrawn against its original. */
export type WithdrawalComparison =
  | {
      ok: true;
      /** What the withdrawn requests held in the original: what their withdrawal frees. */
      freedMw: number;
      /** Σ of what the requests that got more gained. */
      takenMw: number;
      totalBeforeMw: number;
      totalAfterMw: number;
      /** Requests whose award grew, the largest gain first. */
      up: AwardChange[];
      /** Requests whose award fell (a rule may move awards around), the largest loss first. */
      down: AwardChange[];
    }
  | { ok: false };

/**
 * Who moves up under a rule when `withdrawnIds` withdraw from `original`: each remaining
 * request's award in `after` against its award in `original`. Nothing when either window has no
 * award with the rule.
 */
export function compareWithdrawal(
  original: WindowResultView,
  after: WindowResultView,
  withdrawnIds: readonly string[],
  rule: WindowRuleName,
): WithdrawalComparison {
  const before = original.rules[rule];
  const now = after.rules[rule];
  if (!before.ok || !now.ok) return { ok: false };
  const withdrawn = new Set(withdrawnIds);
  const beforeOf = new Map(before.awards.map((a) => [a.id, a.awardedMw]));
  const freedMw = before.awards
    .filter((a) => withdrawn.has(a.id))
    .reduce((sum, a) => sum + a.awardedMw, 0);
  const changes: AwardChange[] = [];
  for (const award of now.awards) {
    const beforeMw = beforeOf.get(award.id);
    if (beforeMw === undefined || withdrawn.has(award.id)) continue;
    const deltaMw = award.awardedMw - beforeMw;
    if (Math.abs(deltaMw) >= MOVE_MW) {
      changes.push({ id: award.id, beforeMw, afterMw: award.awardedMw, deltaMw });
    }
  }
  const up = changes.filter((c) => c.deltaMw > 0).sort((a, b) => b.deltaMw - a.deltaMw);
  const down = changes.filter((c) => c.deltaMw < 0).sort((a, b) => a.deltaMw - b.deltaMw);
  return {
    ok: true,
    freedMw,
    takenMw: up.reduce((sum, c) => sum + c.deltaMw, 0),
    totalBeforeMw: before.totalAwardedMw,
    totalAfterMw: now.totalAwardedMw,
    up,
    down,
  };
}
