import { z } from 'zod';

/**
 * Study groups of the flexibility analysis (docs/analysis.md §5, docs/decisions/013): their text
 * form, shared by the API (`?group=`, `{ group }`) and the CLI (`--group`), and their Spanish
 * wording. The engine takes the parsed shape (`StudyGroupChoice`, the same as the engine's own
 * type: packages/engine/src/cli/contract-types.ts fails the type check if they drift); the text
 * and the words live here so the server, the CLI and the web read them alike.
 *
 * Text form (case-insensitive, spaces around ':' and ',' ignored):
 *   renewables        wind and solar units (MATPOWER genfuel)
 *   all               every in-service unit with headroom (the loads take the transfer)
 *   fuel:<name>       units of one genfuel fuel: fuel:wind, fuel:ng, fuel:coal, …
 *   area:<n>          units at buses of area n
 *   zone:<n>          units at buses of zone n
 *   kv:<kV>           units at buses of base kV ≥ that: kv:230, kv:13.8
 *   gens:<rows>       units by 1-based generator row (file order, as the catalogue lists
 *                     them): gens:3,4,7 or gens:10-14,20
 * The key is the canonical text: lower case, rows sorted, runs written as ranges.
 */
export type StudyGroupChoice =
  | { readonly kind: 'default' }
  | { readonly kind: 'renewables' }
  | { readonly kind: 'all' }
  | { readonly kind: 'fuel'; readonly fuel: string }
  | { readonly kind: 'area'; readonly area: number }
  | { readonly kind: 'zone'; readonly zone: number }
  | { readonly kind: 'kv'; readonly minKv: number }
  | { readonly kind: 'gens'; readonly rows: readonly number[] };

export type StudyGroupKind = Exclude<StudyGroupChoice['kind'], 'default'>;
export type ResolvedStudyGroupChoice = Exclude<StudyGroupChoice, { kind: 'default' }>;

export const studyGroupKinds = [
  'renewables',
  'all',
  'fuel',
  'area',
  'zone',
  'kv',
  'gens',
] as const satisfies readonly StudyGroupKind[];

/** Most generator rows one hand-picked group may name. */
export const MAX_GROUP_ROWS = 5000;
/** Longest group text accepted (a long hand-picked list). */
export const MAX_GROUP_TEXT = 40_000;

export const STUDY_GROUP_SYNTAX_MESSAGE =
  'El grupo de estudio no es válido: use renewables, all, fuel:<combustible>, area:<número>, ' +
  'zone:<número>, kv:<kV mínimo> o gens:<filas de generador, p. ej. 3,4,7 o 10-14>';

export type StudyGroupParse =
  { ok: true; choice: ResolvedStudyGroupChoice } | { ok: false; message: string };

const refuse = (message = STUDY_GROUP_SYNTAX_MESSAGE): StudyGroupParse => ({
  ok: false,
  message,
});

function parseRows(text: string): number[] | string {
  const rows = new Set<number>();
  for (const part of text.split(',')) {
    const item = part.trim();
    const range = /^(\d{1,7})\s*-\s*(\d{1,7})$/.exec(item);
    const [from, to] = range ? [Number(range[1]), Number(range[2])] : [Number(item), Number(item)];
    if (!range && !/^\d{1,7}$/.test(item)) return STUDY_GROUP_SYNTAX_MESSAGE;
    if (from < 1 || to < from) {
      return `El grupo de estudio no es válido: «${item}» no es una fila de generador ni un rango creciente de filas (la primera es 1)`;
    }
    if (to - from + rows.size >= MAX_GROUP_ROWS) {
      return `El grupo de estudio nombra más de ${MAX_GROUP_ROWS} generadores: elija un criterio (área, zona, combustible) en vez de una lista`;
    }
    for (let row = from; row <= to; row++) rows.add(row);
  }
  return [...rows].sort((a, b) => a - b);
}

/** Parses the text form; `default` (and an empty text) is the default rule. */
export function parseStudyGroup(
  text: string,
): StudyGroupParse | { ok: true; choice: { kind: 'default' } } {
  if (text.length > MAX_GROUP_TEXT) return refuse();
  const trimmed = text.trim().toLowerCase();
  if (trimmed === '' || trimmed === 'default') return { ok: true, choice: { kind: 'default' } };
  if (trimmed === 'renewables' || trimmed === 'all') return { ok: true, choice: { kind: trimmed } };
  const colon = trimmed.indexOf(':');
  if (colon < 0) return refuse();
  const kind = trimmed.slice(0, colon).trim();
  const value = trimmed.slice(colon + 1).trim();
  switch (kind) {
    case 'fuel':
      return /^[a-z0-9áéíóúñ][a-z0-9áéíóúñ _.-]{0,39}$/.test(value)
        ? { ok: true, choice: { kind: 'fuel', fuel: value.replace(/\s+/g, ' ') } }
        : refuse();
    case 'area':
    case 'zone': {
      if (!/^\d{1,9}$/.test(value)) return refuse();
      const n = Number(value);
      return kind === 'area'
        ? { ok: true, choice: { kind: 'area', area: n } }
        : { ok: true, choice: { kind: 'zone', zone: n } };
    }
    case 'kv': {
      const kv = Number(value.replace(',', '.'));
      if (!/^\d{1,4}([.,]\d{1,3})?$/.test(value) || !(kv > 0)) return refuse();
      return { ok: true, choice: { kind: 'kv', minKv: kv } };
    }
    case 'gens': {
      const rows = parseRows(value);
      return typeof rows === 'string' ? refuse(rows) : { ok: true, choice: { kind: 'gens', rows } };
    }
    default:
      return refuse();
  }
}

/** Rows sorted and deduplicated, runs of consecutive rows written `a-b`. */
function rowsText(rows: readonly number[]): string {
  const sorted = [...new Set(rows)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    parts.push(j === i ? String(sorted[i]) : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return parts.join(',');
}

/** The value after `kind:` in the key, or null for renewables and all. */
export function studyGroupParameter(choice: ResolvedStudyGroupChoice): string | null {
  switch (choice.kind) {
    case 'renewables':
    case 'all':
      return null;
    case 'fuel':
      return choice.fuel;
    case 'area':
      return String(choice.area);
    case 'zone':
      return String(choice.zone);
    case 'kv':
      return String(choice.minKv);
    case 'gens':
      return rowsText(choice.rows);
  }
}

/** The canonical text of a group: one key per group, whatever way it was written. */
export function studyGroupKey(choice: ResolvedStudyGroupChoice): string {
  const parameter = studyGroupParameter(choice);
  return parameter === null ? choice.kind : `${choice.kind}:${parameter}`;
}

/**
 * A group in a query string or a body: its canonical key, or 400 with the Spanish message.
 * `default` is refused here: leaving the group out is how a request asks for the default rule.
 */
export const studyGroupTextSchema = z
  .string({ error: STUDY_GROUP_SYNTAX_MESSAGE })
  .max(MAX_GROUP_TEXT, STUDY_GROUP_SYNTAX_MESSAGE)
  .transform((text, ctx) => {
    const parsed = parseStudyGroup(text);
    if (!parsed.ok || parsed.choice.kind === 'default') {
      ctx.addIssue({
        code: 'custom',
        message: parsed.ok ? STUDY_GROUP_SYNTAX_MESSAGE : parsed.message,
      });
      return z.NEVER;
    }
    return studyGroupKey(parsed.choice);
  })
  .describe(
    'Grupo de estudio: renewables, all, fuel:<combustible>, area:<n>, zone:<n>, kv:<kV> o ' +
      'gens:<filas> (1-based, p. ej. 3,4,7 o 10-14)',
  );

const numberFormat = (decimals: number) =>
  new Intl.NumberFormat('es-CO', { maximumFractionDigits: decimals, minimumFractionDigits: 0 });
/** MW as the screens write them: two decimals below 10 MW (0,03 MW), one above. */
export const formatMw = (mw: number) => numberFormat(Math.abs(mw) < 10 ? 2 : 1).format(mw);

/** genfuel names (MATPOWER, lower-case) as Spanish plural phrases. */
const FUEL_UNITS: Record<string, string> = {
  wind: 'Unidades eólicas',
  solar: 'Unidades solares',
  pv: 'Unidades solares fotovoltaicas',
  hydro: 'Unidades hidráulicas',
  ng: 'Unidades a gas natural',
  gas: 'Unidades a gas',
  coal: 'Unidades de carbón',
  nuclear: 'Unidades nucleares',
  oil: 'Unidades a petróleo',
  dfo: 'Unidades a diésel',
  biomass: 'Unidades de biomasa',
  geothermal: 'Unidades geotérmicas',
  storage: 'Almacenamiento',
  other: 'Unidades de otro combustible',
};

/** The Spanish name of a fuel's units: 'Unidades a gas natural', else 'Unidades de «x»'. */
export function fuelUnitsLabel(fuel: string): string {
  return Object.hasOwn(FUEL_UNITS, fuel) ? FUEL_UNITS[fuel]! : `Unidades de combustible «${fuel}»`;
}

/** What the screen shows as the group's name. */
export function studyGroupLabel(choice: ResolvedStudyGroupChoice): string {
  switch (choice.kind) {
    case 'renewables':
      return 'Unidades eólicas y solares';
    case 'all':
      return 'Todas las unidades';
    case 'fuel':
      return fuelUnitsLabel(choice.fuel);
    case 'area':
      return `Unidades del área ${choice.area}`;
    case 'zone':
      return `Unidades de la zona ${choice.zone}`;
    case 'kv':
      return `Unidades en barras de ${numberFormat(3).format(choice.minKv)} kV o más`;
    case 'gens': {
      const n = new Set(choice.rows).size;
      return n === 1 ? '1 unidad elegida' : `${n} unidades elegidas`;
    }
  }
}

export type StudyGroupReasonCode =
  | 'GROUP_REQUESTED'
  | 'DEFAULT_RENEWABLES'
  | 'DEFAULT_RENEWABLES_NO_HEADROOM'
  | 'DEFAULT_NO_RENEWABLES';

export const studyGroupReasonCodes = [
  'GROUP_REQUESTED',
  'DEFAULT_RENEWABLES',
  'DEFAULT_RENEWABLES_NO_HEADROOM',
  'DEFAULT_NO_RENEWABLES',
] as const satisfies readonly StudyGroupReasonCode[];

/** What the engine says about a resolved group: enough to word it. */
export interface StudyGroupFacts {
  readonly choice: ResolvedStudyGroupChoice;
  readonly reason: StudyGroupReasonCode;
  readonly renewables: {
    readonly units: number;
    readonly headroomMw: number;
    readonly capacityMw: number;
  } | null;
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** Why the group is the one studied, in Spanish (the reason code is what a program reads). */
export function studyGroupReasonText(facts: StudyGroupFacts): string {
  const r = facts.renewables;
  switch (facts.reason) {
    case 'GROUP_REQUESTED':
      return `Grupo elegido por el usuario: ${lowerFirst(studyGroupLabel(facts.choice))}.`;
    case 'DEFAULT_RENEWABLES': {
      const share = r && r.capacityMw > 0 ? (100 * r.headroomMw) / r.capacityMw : 0;
      return (
        `Las unidades eólicas y solares tienen ${formatMw(r?.headroomMw ?? 0)} MW de margen ` +
        `(${numberFormat(1).format(share)} % de su capacidad): se estudian ellas, como indica la regla por defecto.`
      );
    }
    case 'DEFAULT_RENEWABLES_NO_HEADROOM':
      return (
        `Las unidades eólicas y solares tienen ${formatMw(r?.headroomMw ?? 0)} MW de margen: ` +
        'se estudian todas las unidades con margen (la regla por defecto pide al menos 1 MW y ' +
        'el 1 % de su capacidad).'
      );
    case 'DEFAULT_NO_RENEWABLES':
      return (
        'El caso no identifica unidades eólicas ni solares (columna genfuel de MATPOWER): ' +
        'se estudian todas las unidades con margen.'
      );
  }
}

/** Key, parameter, label and reason sentence of a resolved group (the engine's words hook). */
export function describeStudyGroup(facts: StudyGroupFacts): {
  key: string;
  parameter: string | null;
  label: string;
  reason: string;
} {
  return {
    key: studyGroupKey(facts.choice),
    parameter: studyGroupParameter(facts.choice),
    label: studyGroupLabel(facts.choice),
    reason: studyGroupReasonText(facts),
  };
}
