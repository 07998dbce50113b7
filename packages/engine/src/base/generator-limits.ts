import type { Network } from '../model/network';

/**
 * A generator limit at or beyond this many MW is not a limit the file gives: PSS/E writes
 * PT = 9999 and PB = −9999 when none is known, and MATPOWER's PEGASE files write ±Inf. Taken
 * literally, such a limit makes one unit's headroom (or room to reduce) swamp every weight it
 * enters: Inf/Inf = NaN in the sink, a 9,999 MW share in a 300 MW plant's place.
 */
export const UNBOUNDED_LIMIT_MW = 9999;

/**
 * The headroom a unit without a real Pmax is given (MW above max(P0, 0)): the busbar study's
 * default cap, the most any one connection is studied for. Documented in docs/analysis.md §3.1.
 */
export const UNBOUNDED_HEADROOM_MW = 2000;

export function isUnboundedMax(pmaxMw: number): boolean {
  return !(pmaxMw < UNBOUNDED_LIMIT_MW);
}

export function isUnboundedMin(pminMw: number): boolean {
  return !(pminMw > -UNBOUNDED_LIMIT_MW);
}

export interface EffectiveLimits {
  readonly pmaxMw: Float64Array;
  readonly pminMw: Float64Array;
  /** Units (in service or not) whose Pmax was replaced. */
  readonly unboundedMax: number[];
  /** Units whose Pmin was replaced. */
  readonly unboundedMin: number[];
}

/**
 * The limits every analysis works with. A Pmax that is not a real limit becomes
 * max(P0, 0) + `headroomMw`; a Pmin that is not one becomes min(P0, 0) — a unit gives at most
 * what it produces. Real limits are kept as they are, so a case without placeholders is
 * untouched.
 */
export function effectiveLimits(
  net: Network,
  headroomMw: number = UNBOUNDED_HEADROOM_MW,
): EffectiveLimits {
  const g = net.generators;
  const pmaxMw = Float64Array.from(g.pmaxMw);
  const pminMw = Float64Array.from(g.pminMw);
  const unboundedMax: number[] = [];
  const unboundedMin: number[] = [];
  for (let k = 0; k < g.count; k++) {
    // A P0 that is not finite cannot be repaired here; the input checks refuse it.
    const p0 = Number.isFinite(g.pgMw[k]) ? g.pgMw[k] : 0;
    if (isUnboundedMax(g.pmaxMw[k])) {
      pmaxMw[k] = Math.max(p0, 0) + headroomMw;
      unboundedMax.push(k);
    }
    if (isUnboundedMin(g.pminMw[k])) {
      pminMw[k] = Math.min(p0, 0);
      unboundedMin.push(k);
    }
  }
  return { pmaxMw, pminMw, unboundedMax, unboundedMin };
}
