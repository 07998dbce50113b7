import {
  BUSBAR_CAPACITY_PAGE_SIZES,
  DEFAULT_BUSBAR_CAPACITY_PAGE_SIZE,
  type BusbarCapacitySort,
  type BusbarFigureName,
} from '@holgura/contracts';

/**
 * What «Capacidad por barra» shows (decision 016 "the table is the page route"): page, rows a
 * page, order, figure and filters, kept in the address (`capacidad.*`, Spanish words) so a link
 * or a reload shows the same rows. Invalid values fall back to the defaults.
 */
export type CapacityTableState = {
  /** 1-based. */
  page: number;
  pageSize: number;
  sort: BusbarCapacitySort;
  order: 'asc' | 'desc';
  figure: BusbarFigureName;
  /** As typed (the screen checks the numbers before sending them). */
  q: string;
  minKv: string;
  area: string;
};

/** Largest capacity first: where a new unit fits is what a developer reads first. */
export const DEFAULT_TABLE_STATE: CapacityTableState = {
  page: 1,
  pageSize: DEFAULT_BUSBAR_CAPACITY_PAGE_SIZE,
  sort: 'capacity',
  order: 'desc',
  figure: 'attributable',
  q: '',
  minKv: '',
  area: '',
};

export const PARAM = {
  page: 'capacidad.pagina',
  pageSize: 'capacidad.filas',
  sort: 'capacidad.orden',
  order: 'capacidad.sentido',
  figure: 'capacidad.cifra',
  q: 'capacidad.buscar',
  minKv: 'capacidad.kv',
  area: 'capacidad.area',
} as const;

const SORT_WORDS: Record<BusbarCapacitySort, string> = {
  capacity: 'capacidad',
  strict: 'estricta',
  bus: 'barra',
  name: 'nombre',
  kv: 'kv',
  area: 'area',
};
const FIGURE_WORDS: Record<BusbarFigureName, string> = {
  attributable: 'atribuible',
  strict: 'estricta',
};
const ORDER_WORDS = { asc: 'ascendente', desc: 'descendente' } as const;

const fromWord = <K extends string>(words: Record<K, string>, word: string | null): K | null => {
  if (word === null) return null;
  const found = (Object.keys(words) as K[]).find((key) => words[key] === word);
  return found ?? null;
};

export function readTableState(params: URLSearchParams): CapacityTableState {
  const page = Number(params.get(PARAM.page));
  const size = Number(params.get(PARAM.pageSize));
  return {
    page: Number.isInteger(page) && page >= 1 ? page : DEFAULT_TABLE_STATE.page,
    pageSize: (BUSBAR_CAPACITY_PAGE_SIZES as readonly number[]).includes(size)
      ? size
      : DEFAULT_TABLE_STATE.pageSize,
    sort: fromWord(SORT_WORDS, params.get(PARAM.sort)) ?? DEFAULT_TABLE_STATE.sort,
    order: fromWord(ORDER_WORDS, params.get(PARAM.order)) ?? DEFAULT_TABLE_STATE.order,
    figure: fromWord(FIGURE_WORDS, params.get(PARAM.figure)) ?? DEFAULT_TABLE_STATE.figure,
    q: (params.get(PARAM.q) ?? '').slice(0, 100),
    minKv: params.get(PARAM.minKv) ?? '',
    area: params.get(PARAM.area) ?? '',
  };
}

/** The address's parameters with this state (defaults left out; other parameters kept). */
export function writeTableState(
  params: URLSearchParams,
  state: CapacityTableState,
): URLSearchParams {
  // The table's parameters after the others, always in the same order: one address per view.
  const next = clearTableState(params);
  const set = (key: string, value: string, fallback: string) => {
    if (value !== fallback) next.set(key, value);
  };
  const d = DEFAULT_TABLE_STATE;
  set(PARAM.page, String(state.page), String(d.page));
  set(PARAM.pageSize, String(state.pageSize), String(d.pageSize));
  set(PARAM.sort, SORT_WORDS[state.sort], SORT_WORDS[d.sort]);
  set(PARAM.order, ORDER_WORDS[state.order], ORDER_WORDS[d.order]);
  set(PARAM.figure, FIGURE_WORDS[state.figure], FIGURE_WORDS[d.figure]);
  set(PARAM.q, state.q, d.q);
  set(PARAM.minKv, state.minKv, d.minKv);
  set(PARAM.area, state.area, d.area);
  return next;
}

/** The table's parameters gone (another case was selected). */
export function clearTableState(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of Object.values(PARAM)) next.delete(key);
  return next;
}

/** "13,8" or "13.8" → 13.8; null when it is not a number of kV (blank is no filter: ''). */
export function parseKv(text: string): number | '' | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return '';
  if (!/^\d{1,6}(\.\d{1,3})?$/.test(trimmed)) return null;
  return Number(trimmed);
}

/** An area number (AREA of MATPOWER); null when it is not a whole number. */
export function parseArea(text: string): number | '' | null {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  if (!/^-?\d{1,9}$/.test(trimmed)) return null;
  return Number(trimmed);
}

/** The filters as the API takes them (shared by the page, the histogram and the downloads). */
export function filterQuery(state: CapacityTableState): URLSearchParams {
  const query = new URLSearchParams({ figure: state.figure });
  const q = state.q.trim();
  if (q !== '') query.set('q', q);
  const kv = parseKv(state.minKv);
  if (typeof kv === 'number') query.set('minKv', String(kv));
  const area = parseArea(state.area);
  if (typeof area === 'number') query.set('area', String(area));
  return query;
}

/** The page's query: filters, order and page. */
export function pageQuery(state: CapacityTableState): URLSearchParams {
  const query = filterQuery(state);
  query.set('sort', state.sort);
  query.set('order', state.order);
  query.set('page', String(state.page));
  query.set('pageSize', String(state.pageSize));
  return query;
}

/** The downloads' query: the whole table in the order shown. */
export function exportQuery(state: CapacityTableState): URLSearchParams {
  const query = filterQuery(state);
  query.set('sort', state.sort);
  query.set('order', state.order);
  return query;
}
