import type { NetworkViewV1 } from '@holgura/contracts';
import type { NetworkFocus } from '../../lib/network-slot';
import { loadBand, type LoadBand } from '../../utils/load-bands';

/** Edge colours per load band: the same hues as the bars of the /analisis tables (docs/product.md §4). */
export const bandColor: Record<LoadBand, string> = {
  extreme: '#7f1d1d',
  overload: '#dc2626',
  critical: '#f97316',
  alert: '#facc15',
  moderate: '#84cc16',
  normal: '#16a34a',
};
export const UNRATED_COLOR = '#94a3b8';
export const OUT_OF_SERVICE_COLOR = '#475569';
export const BUS_COLOR = '#334155';
export const GENERATOR_COLOR = '#7c3aed';
export const MONITORED_COLOR = '#0369a1';
export const NOT_EVALUATED_COLOR = '#cbd5e1';

export type BranchState = {
  flowMw: number;
  ratingMw: number;
  /** |flow| / rating in %; null when the branch has no rating. */
  loadingPercent: number | null;
  band: LoadBand | null;
  inService: boolean;
};

/**
 * A branch's state in the shown condition: the stored base case, except for the focused
 * constraint's elements — the monitored flow as the constraint panel shows it (what-if
 * included), the contingency out of service in the limit view.
 */
export function branchState(
  view: NetworkViewV1,
  branch: number,
  focus: NetworkFocus | null,
): BranchState {
  const k = branch - 1;
  let flowMw = view.branches.flowMw[k] ?? 0;
  let ratingMw = view.branches.ratingMw[k] ?? 0;
  let inService = view.branches.inService[k] ?? false;
  if (focus !== null && focus.monitored.branch === branch) {
    flowMw = focus.monitored.flowMw;
    ratingMw = focus.monitored.limitMw;
  }
  if (focus?.contingency?.branch === branch && focus.contingency.outOfService) {
    inService = false;
    flowMw = 0;
  }
  if (!inService) return { flowMw: 0, ratingMw, loadingPercent: null, band: null, inService };
  const loadingPercent = ratingMw > 0 ? (Math.abs(flowMw) / ratingMw) * 100 : null;
  return {
    flowMw,
    ratingMw,
    loadingPercent,
    band: loadingPercent === null ? null : loadBand(loadingPercent),
    inService,
  };
}

export function branchColor(state: BranchState): string {
  if (!state.inService) return OUT_OF_SERVICE_COLOR;
  return state.band === null ? UNRATED_COLOR : bandColor[state.band];
}

/** Generation per bus (in-service units): what the bus tooltip says. */
export function generationByBus(view: NetworkViewV1): Map<number, { pMw: number; pMaxMw: number }> {
  const byBus = new Map<number, { pMw: number; pMaxMw: number }>();
  const { bus, pMw, pMaxMw, inService } = view.generators;
  for (let g = 0; g < bus.length; g++) {
    if (!inService[g]) continue;
    const entry = byBus.get(bus[g]!) ?? { pMw: 0, pMaxMw: 0 };
    entry.pMw += pMw[g]!;
    entry.pMaxMw += pMaxMw[g]!;
    byBus.set(bus[g]!, entry);
  }
  return byBus;
}

/**
 * Buses matching a search: an exact number first, then names containing the text (accents and
 * case ignored), in file order. Capped: the view shows the first and says how many there are.
 */
export function searchBuses(view: NetworkViewV1, query: string, limit = 50): number[] {
  const text = normalise(query.trim());
  if (text === '') return [];
  const found: number[] = [];
  const asNumber = /^\d+$/.test(text) ? Number(text) : null;
  if (asNumber !== null) {
    const exact = view.buses.number.indexOf(asNumber);
    if (exact >= 0) found.push(exact);
  }
  for (let i = 0; i < view.buses.name.length && found.length < limit; i++) {
    if (found[0] === i) continue;
    if (normalise(view.buses.name[i]!).includes(text)) found.push(i);
  }
  return found;
}

function normalise(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** Connection-capacity colour scale (MW): five bands from the smallest to the largest value. */
export const CAPACITY_COLORS = ['#b91c1c', '#ea580c', '#ca8a04', '#65a30d', '#15803d'] as const;

export type CapacityScale = {
  bounds: number[];
  /** Every busbar has the same capacity: one colour, one legend entry. */
  single: boolean;
  colorOf: (mw: number) => string;
};

/**
 * Equal-width bands between the smallest and the largest capacity evaluated, so the legend's
 * MW figures are round-tripped exactly by the colours (no hidden non-linear mapping).
 */
export function capacityScale(values: number[]): CapacityScale {
  const finite = values.filter(Number.isFinite);
  const min = finite.length === 0 ? 0 : Math.min(...finite);
  const max = finite.length === 0 ? 0 : Math.max(...finite);
  const steps = CAPACITY_COLORS.length;
  const bounds = Array.from({ length: steps + 1 }, (_, i) => min + ((max - min) * i) / steps);
  const colorOf = (mw: number): string => {
    if (max === min) return CAPACITY_COLORS[steps - 1]!;
    const index = Math.min(steps - 1, Math.max(0, Math.floor(((mw - min) / (max - min)) * steps)));
    return CAPACITY_COLORS[index]!;
  };
  return { bounds, single: max === min, colorOf };
}
