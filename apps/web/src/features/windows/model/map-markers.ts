import type { RequestStatusName, WindowResultView, WindowRuleName } from '@holgura/contracts';

/** A bus's mark: its requests' status, or `mixed` when they differ. */
export type MarkerStatus = RequestStatusName | 'mixed';

/**
 * Each status's colour and symbol: the symbol goes beside the colour on the map, in the legend
 * and in the list, so no status is told by colour alone. Colours keep 4.5:1 on white.
 */
export const STATUS_MARKS: Record<MarkerStatus, { color: string; symbol: string }> = {
  complete: { color: '#15803d', symbol: '✓' },
  partial: { color: '#b45309', symbol: '◐' },
  none: { color: '#b91c1c', symbol: '✕' },
  mixed: { color: '#6d28d9', symbol: '◆' },
};

export const markerStatuses: readonly MarkerStatus[] = ['complete', 'partial', 'none', 'mixed'];

export type RequestOnBus = {
  id: string;
  status: RequestStatusName;
  awardedMw: number;
  requestedMw: number;
  rank: number;
};

/** A bus with requests, its requests by rank, and its mark under one rule. */
export type BusRequests = {
  bus: number;
  busName: string;
  status: MarkerStatus;
  requests: RequestOnBus[];
};

/**
 * The window's requests grouped by bus under a rule, buses in the order of their first request's
 * rank; null when the rule has no award (the solver failed it).
 */
export function requestsByBus(
  result: WindowResultView,
  rule: WindowRuleName,
): BusRequests[] | null {
  const ruleResult = result.rules[rule];
  if (!ruleResult.ok) return null;
  const awards = new Map(ruleResult.awards.map((a) => [a.id, a]));
  const byBus = new Map<number, BusRequests>();
  const ranked = [...result.requests].sort((a, b) => a.rank - b.rank);
  for (const request of ranked) {
    const award = awards.get(request.id);
    if (award === undefined) continue;
    let entry = byBus.get(request.bus);
    if (entry === undefined) {
      entry = { bus: request.bus, busName: request.busName, status: award.status, requests: [] };
      byBus.set(request.bus, entry);
    } else if (entry.status !== award.status) entry.status = 'mixed';
    entry.requests.push({
      id: request.id,
      status: award.status,
      awardedMw: award.awardedMw,
      requestedMw: request.requestedMw,
      rank: request.rank,
    });
  }
  return [...byBus.values()];
}

/** Requests by status, and buses whose requests differ: what the legend counts. */
export function markerCounts(buses: readonly BusRequests[]): Record<MarkerStatus, number> {
  const counts: Record<MarkerStatus, number> = { complete: 0, partial: 0, none: 0, mixed: 0 };
  for (const bus of buses) {
    if (bus.status === 'mixed') counts.mixed += 1;
    for (const request of bus.requests) counts[request.status] += 1;
  }
  return counts;
}

/** A marker's label on the map: its symbol and its requests' ids (the first two, then +n). */
export function markerLabel(bus: BusRequests, more: (n: number) => string): string {
  const ids = bus.requests.slice(0, 2).map((r) => r.id);
  const rest = bus.requests.length - ids.length;
  return `${STATUS_MARKS[bus.status].symbol} ${ids.join(', ')}${rest > 0 ? ` ${more(rest)}` : ''}`;
}

/**
 * The request a click on a bus selects: its first by rank, or the next one after the request
 * already selected there (clicking again walks through a bus's requests).
 */
export function requestAtBus(bus: BusRequests, selectedId: string | null): string {
  const at = bus.requests.findIndex((r) => r.id === selectedId);
  return bus.requests[(at + 1) % bus.requests.length]!.id;
}
