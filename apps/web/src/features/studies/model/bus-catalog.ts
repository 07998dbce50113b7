import type { CaseBusesResponse } from '@holgura/contracts';

/**
 * The base case's buses as the busbar picker searches them: the API's columns plus an index by
 * bus number and the order by number. A 10,000-bus case is searched here in a few milliseconds;
 * only a page of the matches is ever rendered.
 */
export type BusCatalog = {
  number: readonly number[];
  name: readonly string[];
  baseKv: readonly number[];
  area: readonly number[];
  /** Row of each bus number. */
  rowOf: ReadonlyMap<number, number>;
  /** Rows ordered by bus number. */
  byNumber: readonly number[];
  /** Lower-case names without accents, for the search. */
  folded: readonly string[];
  /** The case's areas, ascending. */
  areas: readonly number[];
  /** Distinct base voltages, highest first. */
  kvLevels: readonly number[];
};

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

export function buildBusCatalog({ buses, areas }: CaseBusesResponse): BusCatalog {
  const rowOf = new Map<number, number>();
  buses.number.forEach((number, row) => rowOf.set(number, row));
  const byNumber = buses.number
    .map((_, row) => row)
    .sort((a, b) => buses.number[a]! - buses.number[b]!);
  return {
    number: buses.number,
    name: buses.name,
    baseKv: buses.baseKv,
    area: buses.area,
    rowOf,
    byNumber,
    folded: buses.name.map(fold),
    areas,
    kvLevels: [...new Set(buses.baseKv)].sort((a, b) => b - a),
  };
}

export type BusFilter = {
  /** A bus number (its start) or part of a name; empty: every bus. */
  text: string;
  /** A base voltage, or null for all. */
  kv: number | null;
  /** An area number, or null for all. */
  area: number | null;
  show: 'all' | 'chosen' | 'notChosen';
};

/** Rows of the buses that match, ordered by bus number. */
export function searchBuses(
  catalog: BusCatalog,
  filter: BusFilter,
  chosen: ReadonlySet<number>,
): number[] {
  const text = fold(filter.text.trim());
  const numeric = /^\d+$/.test(text);
  return catalog.byNumber.filter((row) => {
    const number = catalog.number[row]!;
    if (filter.show === 'chosen' && !chosen.has(number)) return false;
    if (filter.show === 'notChosen' && chosen.has(number)) return false;
    if (filter.kv !== null && catalog.baseKv[row] !== filter.kv) return false;
    if (filter.area !== null && catalog.area[row] !== filter.area) return false;
    if (text === '') return true;
    if (numeric && String(number).startsWith(text)) return true;
    return catalog.folded[row]!.includes(text);
  });
}

/** Every bus at `kv` or above, by number: «todas las barras de N kV o más». */
export function busesAtOrAbove(catalog: BusCatalog, kv: number): number[] {
  return catalog.byNumber
    .filter((row) => catalog.baseKv[row]! >= kv)
    .map((row) => catalog.number[row]!);
}

/** A pasted list: numbers separated by spaces, commas, semicolons or lines; the rest refused. */
export function parseBusList(text: string): { numbers: number[]; invalid: string[] } {
  const numbers: number[] = [];
  const invalid: string[] = [];
  for (const token of text.split(/[\s,;]+/)) {
    if (token === '') continue;
    if (/^\d+$/.test(token) && Number(token) > 0) numbers.push(Number(token));
    else invalid.push(token);
  }
  return { numbers: [...new Set(numbers)], invalid };
}

/** Splits bus numbers into those of the case and those it does not have. */
export function splitKnown(
  catalog: BusCatalog,
  numbers: readonly number[],
): { known: number[]; unknown: number[] } {
  const known: number[] = [];
  const unknown: number[] = [];
  for (const number of numbers) (catalog.rowOf.has(number) ? known : unknown).push(number);
  return { known, unknown };
}

/** Adds `numbers` to `chosen` (no repeats, first-chosen order kept); how many were new. */
export function addBuses(
  chosen: readonly number[],
  numbers: readonly number[],
): { next: number[]; added: number } {
  const set = new Set(chosen);
  const next = [...chosen];
  for (const number of numbers) {
    if (set.has(number)) continue;
    set.add(number);
    next.push(number);
  }
  return { next, added: next.length - chosen.length };
}
