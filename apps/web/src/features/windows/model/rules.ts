import type { WindowResultView, WindowRuleName } from '@holgura/contracts';

/** A rule's card: its figures, or why it has none. */
export type RuleFigures =
  | {
      ok: true;
      awardedMw: number;
      /** Of the MW requested, in %; null when nothing was requested. */
      percent: number | null;
      complete: number;
      partial: number;
      none: number;
    }
  | { ok: false; message: string };

export function ruleFigures(result: WindowResultView, rule: WindowRuleName): RuleFigures {
  const r = result.rules[rule];
  if (!r.ok) return { ok: false, message: r.error.message };
  return {
    ok: true,
    awardedMw: r.totalAwardedMw,
    percent:
      result.totalRequestedMw > 0 ? (r.totalAwardedMw / result.totalRequestedMw) * 100 : null,
    complete: r.complete,
    partial: r.partial,
    none: r.none,
  };
}

/** Less than this is rounding: "deja sin asignar 0,0 MW" says nothing. */
const SHORTFALL_MW = 0.05;

/**
 * What the order rule leaves unawarded that the network could take: max − order, when both were
 * computed and it is more than rounding; null otherwise.
 */
export function orderShortfallMw(result: WindowResultView): number | null {
  const { order, max } = result.rules;
  if (!order.ok || !max.ok) return null;
  const gap = max.totalAwardedMw - order.totalAwardedMw;
  return gap >= SHORTFALL_MW ? gap : null;
}
