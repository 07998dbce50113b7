/**
 * The colours of the capacity map of every busbar of a case (issue #17, decision 016): fixed MW
 * bands from 0 to the study cap, the same for every case with that cap, so two maps compare by
 * colour. 0 MW (a bus whose injection is refused outright, in the strict figure by a worsened
 * pre-existing violation) and the cap (nothing in the network limits the bus before it) are
 * bands of their own; a bus outside the transfer island has no capacity and its own grey.
 */
export type CapacityBand = {
  kind: 'zero' | 'range' | 'cap';
  fromMw: number;
  toMw: number;
  color: string;
};

/** Edges inside (0, cap): every band is at least one planner's decision apart. */
export const CAPACITY_BAND_EDGES = [50, 150, 300, 500] as const;
/** Dark red (0 MW) through green, then teal at the cap. */
export const ZERO_COLOR = '#7f1d1d';
export const RANGE_COLORS = ['#dc2626', '#f97316', '#eab308', '#84cc16', '#16a34a'] as const;
export const CAP_COLOR = '#0f766e';
export const OUTSIDE_ISLAND_COLOR = '#94a3b8';

export function capacityBands(capMw: number): CapacityBand[] {
  const edges = [0, ...CAPACITY_BAND_EDGES.filter((edge) => edge < capMw), capMw];
  const ranges = edges.length - 1;
  // Fewer ranges (a small cap) keep the greener end: the colours still mean the same MW.
  const colors = RANGE_COLORS.slice(RANGE_COLORS.length - ranges);
  return [
    { kind: 'zero', fromMw: 0, toMw: 0, color: ZERO_COLOR },
    ...edges.slice(0, -1).map((fromMw, i): CapacityBand => ({
      kind: 'range',
      fromMw,
      toMw: edges[i + 1]!,
      color: colors[i] ?? RANGE_COLORS[0],
    })),
    { kind: 'cap', fromMw: capMw, toMw: capMw, color: CAP_COLOR },
  ];
}

/**
 * The band of a capacity: exactly 0, at (or over) the cap, else the range [from, to) holding it
 * (the last range closes at the cap). -1: no capacity (outside the transfer island).
 */
export function bandIndex(bands: readonly CapacityBand[], mw: number | null): number {
  if (mw === null || !Number.isFinite(mw)) return -1;
  if (mw <= 0) return 0;
  const cap = bands[bands.length - 1]!;
  if (mw >= cap.fromMw) return bands.length - 1;
  for (let i = 1; i < bands.length - 1; i++) {
    if (mw < bands[i]!.toMw) return i;
  }
  return bands.length - 2;
}

/** How many buses fall in each band, and how many have no capacity. */
export function bandCounts(
  bands: readonly CapacityBand[],
  capacities: readonly (number | null)[],
): { counts: number[]; outside: number } {
  const counts = bands.map(() => 0);
  let outside = 0;
  for (const mw of capacities) {
    const index = bandIndex(bands, mw);
    if (index < 0) outside += 1;
    else counts[index]! += 1;
  }
  return { counts, outside };
}
