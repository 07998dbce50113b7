import type { ShortCircuitResult } from './scc';

/**
 * Two limits on the MW a new plant can connect at a bus from its short-circuit strength
 * (issue #31), beside the thermal (DC) figure:
 * - weak grid: an inverter-based plant needs SCR = Scc_min / P ≥ SCR_min, so P ≤ Scc_min/SCR_min
 *   (Scc_min the N-1 minimum: the figure holds after any outage that islands nothing);
 * - breaker duty: the maximum fault current with the plant's contribution may not exceed the
 *   substation's interrupting rating — an inverter-based plant adds about k·P/(√3·kV) (k 1.1–1.2
 *   p.u. of its rating), a synchronous one c·P/(X″d·√3·kV) (its own reactance, the step-up
 *   transformer left out), so P ≤ (I_rating − I_max)·√3·kV / k (or ·X″d/c).
 * A plant's MW stands for its MVA rating (unity power factor at full output).
 */
export type PlantTechnology = 'inverter' | 'synchronous';

export interface ShortCircuitLimitOptions {
  /** Default 3. */
  readonly scrMin?: number;
  /** Default 'inverter' (the wind and solar plants that ask for connection). */
  readonly technology?: PlantTechnology;
  /** An inverter-based plant's fault current, p.u. of its rating (default 1.1). */
  readonly inverterCurrentPu?: number;
  /** A synchronous plant's subtransient reactance on its rating (default 0.2). */
  readonly plantXdPu?: number;
  /** Voltage factor of the maximum fault current (default 1.1, as scc.ts's). */
  readonly cMax?: number;
  /** Interrupting rating per bus row, kA; NaN or absent: not known (no breaker-duty limit). */
  readonly breakerKa?: Float64Array;
}

export interface ShortCircuitLimits {
  /** MW the weak-grid rule allows (Scc_min/SCR_min); 0 where no source reaches the bus. */
  readonly scrMw: number;
  /** MW the breaker rating allows; null without a rating; 0 when the bus already exceeds it. */
  readonly breakerMw: number | null;
  /** The bus's fault current before the plant is already above its rating. */
  readonly breakerExceeded: boolean;
}

export function shortCircuitLimits(
  scc: ShortCircuitResult,
  baseKv: Float64Array,
  bus: number,
  options: ShortCircuitLimitOptions = {},
): ShortCircuitLimits {
  const scrMin = options.scrMin ?? 3;
  const scrMw = scc.sccMinMva[bus]! / scrMin;
  const ratingKa = options.breakerKa?.[bus] ?? Number.NaN;
  const kv = baseKv[bus]!;
  if (!Number.isFinite(ratingKa) || !(kv > 0)) {
    return { scrMw, breakerMw: null, breakerExceeded: false };
  }
  const beforeKa = scc.faultCurrentKa[bus]!;
  const roomKa = ratingKa - beforeKa;
  if (roomKa <= 0) return { scrMw, breakerMw: 0, breakerExceeded: true };
  // kA per MW of plant.
  const perMw =
    (options.technology ?? 'inverter') === 'inverter'
      ? (options.inverterCurrentPu ?? 1.1) / (Math.sqrt(3) * kv)
      : (options.cMax ?? 1.1) / ((options.plantXdPu ?? 0.2) * Math.sqrt(3) * kv);
  return { scrMw, breakerMw: roomKa / perMw, breakerExceeded: false };
}

/**
 * Interrupting ratings per bus from a table a planner gives: rows `bus,ka` (a bus number of
 * the case) or `kv,ka` (every bus of that base kV), per the header's first column. Returns NaN
 * where the table does not name the bus, and the lines it could not read.
 */
export function readBreakerRatings(
  text: string,
  busNumbers: Int32Array,
  baseKv: Float64Array,
): { readonly ka: Float64Array; readonly problems: string[] } {
  const ka = new Float64Array(busNumbers.length).fill(Number.NaN);
  const problems: string[] = [];
  const lines = text.split(/\r?\n/);
  const header = (lines[0] ?? '').split(/[,;\t]/).map((h) => h.trim().toLowerCase());
  const byBus = header[0] === 'bus';
  if (!byBus && header[0] !== 'kv') {
    problems.push('line 1: the header must start with "bus" or "kv", then "ka"');
    return { ka, problems };
  }
  const rowOf = new Map<number, number>();
  busNumbers.forEach((n, row) => rowOf.set(n, row));
  const byKv = new Map<number, number>();
  lines.slice(1).forEach((line, i) => {
    if (line.trim() === '') return;
    const [key, value] = line.split(/[,;\t]/).map((c) => Number(c.trim().replace(',', '.')));
    if (!Number.isFinite(key) || !(value! > 0)) {
      problems.push(
        `line ${i + 2}: "${line.trim()}" is not a ${byBus ? 'bus' : 'kV'} and a rating in kA above 0`,
      );
      return;
    }
    if (byBus) {
      const row = rowOf.get(key!);
      if (row === undefined) problems.push(`line ${i + 2}: bus ${key} is not in the case`);
      else ka[row] = value!;
    } else byKv.set(key!, value!);
  });
  if (!byBus) {
    baseKv.forEach((kv, row) => {
      const rating = byKv.get(kv);
      if (rating !== undefined) ka[row] = rating;
    });
  }
  return { ka, problems };
}
