/**
 * A contingency's lost units and the transfer's sink (issue #30): after the contingency they
 * cannot give their share, so the sink is the rest, renormalised by 1/(1 − their share). When
 * they were the whole sink (share ≥ WHOLE_SINK) there is nothing left to withdraw from: the
 * contingency is not screened for that transfer, and says why.
 */
export const WHOLE_SINK = 1 - 1e-12;

/** The lost in-service units' share of the sink: Σ −unitParticipation over them (0 … 1). */
export function lostSinkShare(
  unitParticipation: ArrayLike<number>,
  generators: readonly number[],
  genActive: ArrayLike<number>,
): number {
  return lostShare(unitParticipation, generators, genActive, -1);
}

/** Σ side·unitParticipation over the lost in-service units on that side (sink −1, source +1). */
function lostShare(
  unitParticipation: ArrayLike<number>,
  generators: readonly number[],
  genActive: ArrayLike<number>,
  side: 1 | -1,
): number {
  let share = 0;
  for (const g of generators) {
    const p = side * unitParticipation[g]!;
    if (genActive[g] && p > 0) share += p;
  }
  return share;
}

/**
 * The lost in-service units' share of a transfer's source (unitParticipation > 0: a generator
 * group's units raising), 0 … 1: after the contingency the rest of the source is renormalised
 * by 1/(1 − share), as the sink is (the flexibility's sweep on a set).
 */
export function lostSourceShare(
  unitParticipation: ArrayLike<number>,
  generators: readonly number[],
  genActive: ArrayLike<number>,
): number {
  return lostShare(unitParticipation, generators, genActive, 1);
}

/**
 * The sink per bus without the lost units, renormalised, into `out` (sinkByBus as is when they
 * held none of it); returns their share. Meaningless at WHOLE_SINK or more: check first.
 */
export function sinkWithoutLost(
  sinkByBus: ArrayLike<number>,
  unitParticipation: ArrayLike<number>,
  generators: readonly number[],
  genActive: ArrayLike<number>,
  genBus: ArrayLike<number>,
  out: Float64Array,
): number {
  out.set(sinkByBus as ArrayLike<number> & Iterable<number>);
  const share = lostSinkShare(unitParticipation, generators, genActive);
  if (share <= 0) return share;
  for (const g of generators) {
    if (genActive[g] && unitParticipation[g]! < 0) out[genBus[g]!]! += unitParticipation[g]!;
  }
  for (let i = 0; i < out.length; i++) out[i]! /= 1 - share;
  return share;
}
