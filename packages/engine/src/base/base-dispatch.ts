import type { InService } from '../model/indexing';
import type { Islands } from '../model/islands';
import type { Network } from '../model/network';

/**
 * Who takes the file's power mismatch in the DC base case. A DC power flow is lossless, so the
 * AC losses the file's dispatch covers (Σ Pg − Σ Pd − Σ Gs, about 2 % of the load on a real
 * grid) come back as a surplus:
 * - 'single': MATPOWER's rundcpf — the reference unit of each island takes it all. On
 *   ACTIVSg2000 its slack unit ends at −379 MW behind a transformer that really carries
 *   1,236 MW, so every figure near it is wrong; kept to reproduce MATPOWER and older results.
 * - 'distributed' (the analyses' default): every in-service unit of the island takes a share
 *   in proportion to its output, within its limits (docs/analysis.md §3.2).
 */
export type SlackRule = 'single' | 'distributed';

/** A mismatch above this share of an island's load is more than losses: a warning. */
export const MISMATCH_WARNING_SHARE = 0.05;

export interface IslandDispatch {
  readonly island: number;
  readonly loadMw: number;
  /** Σ Pg of the file over the island's in-service units. */
  readonly generationMw: number;
  /** generationMw − loadMw: what the base dispatch removes (a surplus is > 0). */
  readonly mismatchMw: number;
  /** Units that took a share. */
  readonly participants: number;
  /** Participants that reached a limit (their share stopped there). */
  readonly atLimit: number;
  /** What the units could not take within their limits (shared beyond them), MW. */
  readonly unabsorbedMw: number;
  /** The weights used: 'output' (P0), or 'capacity' (Pmax) when no unit had output. */
  readonly weights: 'output' | 'capacity' | 'none';
}

export interface UnitChange {
  readonly generator: number;
  readonly fromMw: number;
  readonly toMw: number;
}

export interface BaseDispatch {
  readonly slack: SlackRule;
  /** P0 of every generator row: the file's, balanced per island when distributed. */
  readonly pgMw: Float64Array;
  /** Energised islands (with generation), by island id. */
  readonly islands: IslandDispatch[];
  /** The largest changes, |Δ| descending (at most 5); empty with 'single'. */
  readonly largestChanges: UnitChange[];
}

interface UnitLimits {
  readonly pmaxMw: ArrayLike<number>;
  readonly pminMw: ArrayLike<number>;
}

/**
 * Shares each energised island's mismatch among its in-service units: in proportion to
 * max(P0, 0); a unit that reaches Pmax or Pmin stays there and the others share the rest
 * (water-filling); what no unit can take within its limits is shared beyond them in the same
 * proportion, so the island still balances, and reported as unabsorbed. With no unit producing,
 * the weights are the units' Pmax. With 'single' nothing moves: P0 is the file's.
 */
export function baseDispatch(
  net: Network,
  active: InService,
  islands: Islands,
  limits: UnitLimits,
  slack: SlackRule,
): BaseDispatch {
  const g = net.generators;
  const b = net.buses;
  const pgMw = Float64Array.from(g.pgMw);
  const nIslands = islands.count;
  const load = new Float64Array(nIslands);
  const generation = new Float64Array(nIslands);
  for (let i = 0; i < b.count; i++) {
    const isl = islands.islandByBus[i];
    if (isl >= 0) load[isl] += b.pdMw[i] + b.gsMw[i];
  }
  const unitsOf: number[][] = Array.from({ length: nIslands }, () => []);
  for (let k = 0; k < g.count; k++) {
    if (!active.genActive[k]) continue;
    const isl = islands.islandByBus[g.bus[k]];
    if (isl < 0) continue;
    generation[isl] += g.pgMw[k];
    unitsOf[isl].push(k);
  }
  const result: IslandDispatch[] = [];
  for (let isl = 0; isl < nIslands; isl++) {
    if (!islands.hasGeneration[isl]) continue;
    const mismatchMw = generation[isl] - load[isl];
    const shared =
      slack === 'distributed'
        ? shareMismatch(unitsOf[isl], pgMw, limits, -mismatchMw)
        : { participants: 0, atLimit: 0, unabsorbedMw: 0, weights: 'none' as const };
    result.push({
      island: isl,
      loadMw: load[isl],
      generationMw: generation[isl],
      mismatchMw,
      ...shared,
    });
  }
  const changes: UnitChange[] = [];
  for (let k = 0; k < g.count; k++) {
    if (pgMw[k] !== g.pgMw[k]) changes.push({ generator: k, fromMw: g.pgMw[k], toMw: pgMw[k] });
  }
  changes.sort(
    (x, y) =>
      Math.abs(y.toMw - y.fromMw) - Math.abs(x.toMw - x.fromMw) || x.generator - y.generator,
  );
  return { slack, pgMw, islands: result, largestChanges: changes.slice(0, 5) };
}

/** Moves `units` by `deltaMw` in total (water-filling, see baseDispatch); updates pgMw. */
function shareMismatch(
  units: readonly number[],
  pgMw: Float64Array,
  limits: UnitLimits,
  deltaMw: number,
): Pick<IslandDispatch, 'participants' | 'atLimit' | 'unabsorbedMw' | 'weights'> {
  if (deltaMw === 0 || units.length === 0) {
    return { participants: 0, atLimit: 0, unabsorbedMw: deltaMw, weights: 'none' };
  }
  let weights: IslandDispatch['weights'] = 'output';
  let w = units.map((k) => Math.max(pgMw[k], 0));
  if (!w.some((v) => v > 0)) {
    weights = 'capacity';
    w = units.map((k) => Math.max(limits.pmaxMw[k], 0));
  }
  if (!w.some((v) => v > 0)) {
    return { participants: 0, atLimit: 0, unabsorbedMw: deltaMw, weights: 'none' };
  }
  const up = deltaMw > 0;
  const room = units.map((k, j) =>
    w[j] > 0 ? Math.max(0, up ? limits.pmaxMw[k] - pgMw[k] : pgMw[k] - limits.pminMw[k]) : 0,
  );
  const move = new Float64Array(units.length);
  let free = units.map((_, j) => j).filter((j) => w[j] > 0 && room[j] > 0);
  let remaining = Math.abs(deltaMw);
  let atLimit = 0;
  // Each pass either places the rest or pins at least one unit at its limit.
  while (remaining > 0 && free.length > 0) {
    const total = free.reduce((s, j) => s + w[j], 0);
    const pinned = free.filter((j) => (remaining * w[j]) / total >= room[j]);
    if (pinned.length === 0) {
      for (const j of free) move[j] += (remaining * w[j]) / total;
      remaining = 0;
      break;
    }
    for (const j of pinned) {
      move[j] += room[j];
      remaining -= room[j];
      atLimit++;
    }
    const isPinned = new Set(pinned);
    free = free.filter((j) => !isPinned.has(j));
  }
  // Beyond every limit: still balanced, in the same proportion, and reported.
  const unabsorbed = Math.max(0, remaining);
  if (unabsorbed > 0) {
    const total = w.reduce((s, v) => s + v, 0);
    for (let j = 0; j < units.length; j++) move[j] += (unabsorbed * w[j]) / total;
  }
  const sign = up ? 1 : -1;
  let participants = 0;
  units.forEach((k, j) => {
    if (move[j] === 0) return;
    pgMw[k] += sign * move[j];
    participants++;
  });
  return { participants, atLimit, unabsorbedMw: sign * unabsorbed, weights };
}
