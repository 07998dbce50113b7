/** One plant of a generator sensitivity chart, as /analisis and /resultados both draw it. */
export type GeneratorBar = {
  /** Stable key: the plant id or its bus number. */
  id: number;
  name: string;
  /** d(flow)/dP as a fraction (0.1234 → 12,34 %). */
  sensitivity: number;
  maxMw: number;
  /** The dispatch drawn until the user moves it. */
  dispatchMw: number;
  /** Where the constraint reaches its limit (a red tick); null or absent: no tick. */
  atLimitMw?: number | null;
};

export type GeneratorSortKey = 'capacity' | 'sensitivity';
export type SortDirection = 'desc' | 'asc';
export type SensitivityFilter = 'all' | 'positive' | 'negative';

/** Manual dispatch (MW) per bar id. */
export type DispatchAdjustments = Readonly<Record<number, number>>;

/** Spec §4: all, positive or negative sensitivity. */
export function filterBars<B extends GeneratorBar>(
  bars: readonly B[],
  filter: SensitivityFilter,
): B[] {
  if (filter === 'positive') return bars.filter((bar) => bar.sensitivity > 0);
  if (filter === 'negative') return bars.filter((bar) => bar.sensitivity < 0);
  return [...bars];
}

/** Spec §4: by capacity (Pmax) or sensitivity, descending or ascending; ties by id. */
export function sortBars<B extends GeneratorBar>(
  bars: readonly B[],
  key: GeneratorSortKey,
  direction: SortDirection,
): B[] {
  const value = (bar: B) => (key === 'capacity' ? bar.maxMw : bar.sensitivity);
  const sign = direction === 'asc' ? 1 : -1;
  return [...bars].sort((a, b) => sign * (value(a) - value(b)) || a.id - b.id);
}

/** A dispatch stays within [0, Pmax]. */
export function clampDispatch(mw: number, maxMw: number): number {
  return Math.min(Math.max(mw, 0), Math.max(maxMw, 0));
}

/** The MW at the right end of every track: the largest Pmax or drawn dispatch, at least 1. */
export function chartScaleMw(bars: readonly GeneratorBar[]): number {
  return Math.max(1, ...bars.map((bar) => Math.max(bar.maxMw, bar.dispatchMw)));
}

/**
 * The dispatch a key asks for (WAI-ARIA slider): arrows 1 % of Pmax, Page Up/Down 10 %, Home 0,
 * End Pmax; undefined for any other key.
 */
export function dispatchForKey(key: string, shownMw: number, maxMw: number): number | undefined {
  const step = maxMw / 100;
  const moves: Record<string, number> = {
    ArrowRight: shownMw + step,
    ArrowUp: shownMw + step,
    ArrowLeft: shownMw - step,
    ArrowDown: shownMw - step,
    PageUp: shownMw + 10 * step,
    PageDown: shownMw - 10 * step,
    Home: 0,
    End: maxMw,
  };
  return moves[key];
}

/** Spec §9: generator axis ticks at 0, 25, 50, 75 and 100 % of the maximum. */
export function axisTicks(maximum: number): number[] {
  return [0, 0.25, 0.5, 0.75, 1].map((share) => share * maximum);
}
