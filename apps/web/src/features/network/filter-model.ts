import type { NetworkViewV1 } from '@holgura/contracts';

/**
 * What the network view shows (issue #29): buses at or above a voltage, of some areas, and
 * whether the buses below the voltage are grouped into the nearest bus shown. `null` is "all".
 */
export type NetworkFilter = {
  minKv: number | null;
  areas: readonly number[] | null;
  collapse: boolean;
};

export const NO_FILTER: NetworkFilter = { minKv: null, areas: null, collapse: false };

/** Two kV figures closer than this are one level (a file's 345 and 345.0001). */
const KV_TOLERANCE = 1e-3;

export function isFiltering(filter: NetworkFilter): boolean {
  return filter.minKv !== null || filter.areas !== null;
}

/** The case's voltage levels, highest first, with their buses and the buses at or above. */
export function kvLevels(view: NetworkViewV1): { kv: number; buses: number; atOrAbove: number }[] {
  const counts = new Map<number, number>();
  for (const kv of view.buses.baseKv) counts.set(kv, (counts.get(kv) ?? 0) + 1);
  let running = 0;
  return [...counts]
    .sort((a, b) => b[0] - a[0])
    .map(([kv, buses]) => {
      running += buses;
      return { kv, buses, atOrAbove: running };
    });
}

/** The case's areas in ascending order, with their name (when the file names it) and buses. */
export function areaList(
  view: NetworkViewV1,
): { area: number; name: string | null; buses: number }[] {
  const area = view.buses.area;
  if (area === undefined) return [];
  const counts = new Map<number, number>();
  for (const value of area) counts.set(value, (counts.get(value) ?? 0) + 1);
  const names = new Map<number, string>();
  view.areas?.number.forEach((number, i) => names.set(number, view.areas!.name[i]!));
  return [...counts]
    .sort((a, b) => a[0] - b[0])
    .map(([value, buses]) => ({ area: value, name: names.get(value) ?? null, buses }));
}

/** What buses below the voltage add to the bus they are grouped into. */
export type CollapsedGroup = {
  /** Buses grouped into this one (itself not counted). */
  buses: number;
  generationMw: number;
  pMaxMw: number;
  loadMw: number;
};

export type FilteredNetwork = {
  /** 1 where the bus (by its index in the view) is drawn. */
  busShown: Uint8Array;
  /** 1 where the branch (0-based) is drawn. */
  branchShown: Uint8Array;
  drawnBuses: number;
  drawnBranches: number;
  /** Buses drawn only because the view highlights them (outside the filter), by number. */
  kept: number[];
  /** With «Agrupar tensiones bajas»: what each drawn bus groups, by bus number. */
  groups: Map<number, CollapsedGroup> | null;
  /**
   * With «Agrupar tensiones bajas»: pairs of drawn buses (numbers) joined only through grouped
   * buses — a 138 kV path between two 345 kV substations — drawn as a pale line.
   */
  links: [number, number][];
  /** Buses below the voltage that no bus at or above it reaches (not in any group). */
  unreached: number;
  /** The areas chosen, as a key ('' for all): the drawing frames itself on a new choice. */
  areasKey: string;
};

/**
 * Which buses and branches the view draws under a filter. A bus is drawn when it passes the
 * voltage and area filters, or when the view highlights it (`keep`: the constraint's elements,
 * the searched bus, markers) — filtering never loses what the view points at. A branch is drawn
 * when both its buses are. With `collapse`, every bus below the voltage joins the nearest bus at
 * or above it (fewest in-service branches away, ties to the lower index), which carries its
 * count, generation and load.
 */
export function filterNetwork(
  view: NetworkViewV1,
  filter: NetworkFilter,
  keep: Iterable<number> = [],
): FilteredNetwork {
  const n = view.buses.number.length;
  const { baseKv } = view.buses;
  const area = view.buses.area;
  const areas = filter.areas === null ? null : new Set(filter.areas);
  const minKv = filter.minKv;
  const high = (i: number) => minKv === null || baseKv[i]! >= minKv - KV_TOLERANCE;
  const busShown = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const inArea = areas === null || area === undefined || areas.has(area[i]!);
    if (inArea && high(i)) busShown[i] = 1;
  }
  const indexOf = busIndexByNumber(view);
  const kept: number[] = [];
  for (const number of new Set(keep)) {
    const i = indexOf.get(number);
    if (i === undefined || busShown[i]) continue;
    busShown[i] = 1;
    kept.push(number);
  }
  const { from, to } = view.branches;
  const branchShown = new Uint8Array(from.length);
  let drawnBranches = 0;
  for (let k = 0; k < from.length; k++) {
    const a = indexOf.get(from[k]!);
    const b = indexOf.get(to[k]!);
    if (a !== undefined && b !== undefined && busShown[a] && busShown[b]) {
      branchShown[k] = 1;
      drawnBranches++;
    }
  }
  let drawnBuses = 0;
  for (let i = 0; i < n; i++) drawnBuses += busShown[i]!;
  const areasKey = filter.areas === null ? '' : [...filter.areas].sort((a, b) => a - b).join(',');

  if (!filter.collapse || minKv === null) {
    return {
      busShown,
      branchShown,
      drawnBuses,
      drawnBranches,
      kept,
      groups: null,
      links: [],
      unreached: 0,
      areasKey,
    };
  }

  // Nearest bus at or above the voltage, breadth first over in-service branches.
  const neighbours: number[][] = Array.from({ length: n }, () => []);
  for (let k = 0; k < from.length; k++) {
    if (!view.branches.inService[k]) continue;
    const a = indexOf.get(from[k]!);
    const b = indexOf.get(to[k]!);
    if (a === undefined || b === undefined || a === b) continue;
    neighbours[a]!.push(b);
    neighbours[b]!.push(a);
  }
  const owner = new Int32Array(n).fill(-1);
  const queue: number[] = [];
  for (let i = 0; i < n; i++) {
    if (high(i)) {
      owner[i] = i;
      queue.push(i);
    }
  }
  for (let head = 0; head < queue.length; head++) {
    const b = queue[head]!;
    for (const o of neighbours[b]!) {
      if (owner[o]! >= 0) continue;
      owner[o] = owner[b]!;
      queue.push(o);
    }
  }
  // A bus drawn for itself (kept) stands for itself; a grouped bus for its owner, if drawn.
  const drawnAs = (i: number) => {
    if (busShown[i]) return i;
    const o = owner[i]!;
    return o >= 0 && busShown[o] ? o : -1;
  };

  const generation = new Map<number, { pMw: number; pMaxMw: number }>();
  const { bus: genBus, pMw, pMaxMw, inService } = view.generators;
  for (let g = 0; g < genBus.length; g++) {
    if (!inService[g]) continue;
    const i = indexOf.get(genBus[g]!);
    if (i === undefined) continue;
    const entry = generation.get(i) ?? { pMw: 0, pMaxMw: 0 };
    entry.pMw += pMw[g]!;
    entry.pMaxMw += pMaxMw[g]!;
    generation.set(i, entry);
  }
  const groups = new Map<number, CollapsedGroup>();
  let unreached = 0;
  for (let i = 0; i < n; i++) {
    if (high(i) || busShown[i]) continue;
    if (owner[i]! < 0) {
      unreached++;
      continue;
    }
    const at = drawnAs(i);
    if (at < 0) continue;
    const number = view.buses.number[at]!;
    const group = groups.get(number) ?? { buses: 0, generationMw: 0, pMaxMw: 0, loadMw: 0 };
    group.buses += 1;
    group.generationMw += generation.get(i)?.pMw ?? 0;
    group.pMaxMw += generation.get(i)?.pMaxMw ?? 0;
    group.loadMw += view.buses.loadMw?.[i] ?? 0;
    groups.set(number, group);
  }

  // Pale lines between drawn buses joined only through grouped buses (not by a drawn branch).
  const pairKey = (p: number, q: number) => (p < q ? `${p}-${q}` : `${q}-${p}`);
  const seen = new Set<string>();
  for (let k = 0; k < from.length; k++) {
    if (branchShown[k]) seen.add(pairKey(indexOf.get(from[k]!)!, indexOf.get(to[k]!)!));
  }
  const links: [number, number][] = [];
  for (let k = 0; k < from.length; k++) {
    if (branchShown[k] || !view.branches.inService[k]) continue;
    const a = indexOf.get(from[k]!);
    const b = indexOf.get(to[k]!);
    if (a === undefined || b === undefined) continue;
    const p = drawnAs(a);
    const q = drawnAs(b);
    if (p < 0 || q < 0 || p === q || seen.has(pairKey(p, q))) continue;
    seen.add(pairKey(p, q));
    links.push([view.buses.number[Math.min(p, q)]!, view.buses.number[Math.max(p, q)]!]);
  }
  return {
    busShown,
    branchShown,
    drawnBuses,
    drawnBranches,
    kept,
    groups,
    links,
    unreached,
    areasKey,
  };
}

/**
 * The filter widened just enough to show these buses with their surroundings: the voltage
 * lowered to theirs, their areas added. What «Mostrar su entorno» does for a hidden focus.
 */
export function widenFilter(
  view: NetworkViewV1,
  filter: NetworkFilter,
  busNumbers: readonly number[],
): NetworkFilter {
  const indexOf = busIndexByNumber(view);
  let minKv = filter.minKv;
  const areas = filter.areas === null ? null : new Set(filter.areas);
  for (const number of busNumbers) {
    const i = indexOf.get(number);
    if (i === undefined) continue;
    const kv = view.buses.baseKv[i]!;
    if (minKv !== null && kv < minKv - KV_TOLERANCE) minKv = kv;
    const value = view.buses.area?.[i];
    if (areas !== null && value !== undefined) areas.add(value);
  }
  return {
    minKv,
    areas: areas === null ? null : [...areas].sort((a, b) => a - b),
    collapse: filter.collapse,
  };
}

/** One bus's place outside the filter: its voltage and area, for the notice that names it. */
export function outsideFilter(
  view: NetworkViewV1,
  filter: NetworkFilter,
  busNumber: number,
): { kv: number; area: number | null } | null {
  const i = busIndexByNumber(view).get(busNumber);
  if (i === undefined) return null;
  const kv = view.buses.baseKv[i]!;
  const area = view.buses.area?.[i] ?? null;
  const lowKv = filter.minKv !== null && kv < filter.minKv - KV_TOLERANCE;
  const otherArea = filter.areas !== null && area !== null && !filter.areas.includes(area);
  return lowKv || otherArea ? { kv, area } : null;
}

const indexCache = new WeakMap<NetworkViewV1, Map<number, number>>();

/** Bus index by number, built once per view. */
export function busIndexByNumber(view: NetworkViewV1): Map<number, number> {
  let map = indexCache.get(view);
  if (map === undefined) {
    map = new Map(view.buses.number.map((number, i) => [number, i]));
    indexCache.set(view, map);
  }
  return map;
}
