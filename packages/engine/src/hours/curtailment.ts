/**
 * What a plant at a bus can count on over a year of hours (docs/analysis.md §13.3), from the
 * bus's capacity per hour c(t) and the plant's output per MW installed g(t) (0 ≤ g ≤ 1).
 * Hours where c(t) is NaN (infeasible) are left out of every sum.
 */

/** Largest X with X·g(t) ≤ c(t) in every hour: min over hours with g > 0 of c/g (Infinity if g is never > 0). */
export function firmMw(capacityMw: ArrayLike<number>, profile: ArrayLike<number>): number {
  let firm = Infinity;
  for (let t = 0; t < capacityMw.length; t++) {
    const c = capacityMw[t]!;
    const g = profile[t]!;
    if (Number.isNaN(c) || !(g > 0)) continue;
    const x = Math.max(0, c) / g;
    if (x < firm) firm = x;
  }
  return firm;
}

/**
 * Largest X whose curtailed energy Σ max(0, X·g(t) − c(t)) stays within `share` of Σ X·g(t).
 * With r(t) = c(t)/g(t) the size at which hour t starts to curtail, sorted ascending, the
 * curtailed share is increasing in X and linear between consecutive r: on the segment where the
 * first j hours curtail, X·Σ_{i≤j} g_i − Σ_{i≤j} c_i = share·X·G gives X = Σc / (Σg − share·G).
 * Exact, O(H log H). Infinity when no size reaches the share (g never > 0, or share ≥ 1).
 */
export function mwAtCurtailment(
  capacityMw: ArrayLike<number>,
  profile: ArrayLike<number>,
  share: number,
): number {
  const hours: number[] = [];
  let total = 0;
  for (let t = 0; t < capacityMw.length; t++) {
    const c = capacityMw[t]!;
    const g = profile[t]!;
    if (Number.isNaN(c) || !(g > 0)) continue;
    total += g;
    hours.push(t);
  }
  if (hours.length === 0 || share >= 1) return Infinity;
  const ratio = (t: number) => Math.max(0, capacityMw[t]!) / profile[t]!;
  hours.sort((x, y) => ratio(x) - ratio(y));
  let sumG = 0;
  let sumC = 0;
  const target = share * total;
  for (let j = 0; j < hours.length; j++) {
    const t = hours[j]!;
    sumG += profile[t]!;
    sumC += Math.max(0, capacityMw[t]!);
    const lo = ratio(t);
    const hi = j + 1 < hours.length ? ratio(hours[j + 1]!) : Infinity;
    if (sumG <= target) continue;
    const x = sumC / (sumG - target);
    // On the segment [lo, hi] exactly the first j + 1 hours curtail.
    if (x >= lo && x <= hi) return x;
    if (x < lo) return lo;
  }
  return Infinity;
}

export interface PlantCurtailment {
  /** Energy the plant would produce unconstrained, MWh. */
  readonly energyMwh: number;
  readonly curtailedMwh: number;
  /** curtailedMwh / energyMwh × 100 (0 when the plant produces nothing). */
  readonly percent: number;
  /** Curtailed MWh by month (0–11) × hour of day (0–23), row-major 12 × 24. */
  readonly byMonthHour: Float64Array;
  /** Hours with some curtailment. */
  readonly hoursCurtailed: number;
}

/** The month (0–11) of each hour of a year of `hours` hours, from 1 January 00:00. */
export function monthOfHour(hours: number): Uint8Array {
  const leap = hours > 8760;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  const out = new Uint8Array(hours);
  let t = 0;
  for (let month = 0; month < 12; month++) {
    for (let i = 0; i < days[month]! * 24 && t < hours; i++) out[t++] = month;
  }
  for (; t < hours; t++) out[t] = 11;
  return out;
}

/** A plant of `plantMw` with output per MW `profile`, at a bus of hourly capacity `capacityMw`. */
export function plantCurtailment(
  capacityMw: ArrayLike<number>,
  profile: ArrayLike<number>,
  plantMw: number,
): PlantCurtailment {
  const months = monthOfHour(capacityMw.length);
  const byMonthHour = new Float64Array(12 * 24);
  let energyMwh = 0;
  let curtailedMwh = 0;
  let hoursCurtailed = 0;
  for (let t = 0; t < capacityMw.length; t++) {
    const c = capacityMw[t]!;
    if (Number.isNaN(c)) continue;
    const out = plantMw * Math.max(0, profile[t]!);
    energyMwh += out;
    const lost = Math.max(0, out - Math.max(0, c));
    if (lost > 0) {
      curtailedMwh += lost;
      hoursCurtailed++;
      byMonthHour[months[t]! * 24 + (t % 24)] += lost;
    }
  }
  return {
    energyMwh,
    curtailedMwh,
    percent: energyMwh > 0 ? (100 * curtailedMwh) / energyMwh : 0,
    byMonthHour,
    hoursCurtailed,
  };
}

/** The hourly capacities sorted from largest to smallest (NaN hours left out). */
export function durationCurve(capacityMw: ArrayLike<number>): Float64Array {
  const values = Array.from(capacityMw).filter((c) => !Number.isNaN(c));
  return Float64Array.from(values.sort((x, y) => y - x));
}

/** Mean capacity by month (12) × hour of day (24), MW; NaN where every hour is infeasible. */
export function monthHourMean(capacityMw: ArrayLike<number>): Float64Array[] {
  const months = monthOfHour(capacityMw.length);
  const sum = Array.from({ length: 12 }, () => new Float64Array(24));
  const count = Array.from({ length: 12 }, () => new Float64Array(24));
  for (let t = 0; t < capacityMw.length; t++) {
    const c = capacityMw[t]!;
    if (Number.isNaN(c)) continue;
    sum[months[t]!]![t % 24] += c;
    count[months[t]!]![t % 24]++;
  }
  return sum.map((row, m) =>
    row.map((s, h) => (count[m]![h]! > 0 ? s / count[m]![h]! : Number.NaN)),
  );
}
