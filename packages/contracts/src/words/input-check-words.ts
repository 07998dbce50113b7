import type { BaseCase, CheckedFigure, InputCheck, InputCheckCode } from '../result/base-case.v1';

/**
 * The input checks (issue #25, result/base-case.v1.ts) in Spanish, worded from each check's code
 * and parameters, and the base dispatch of an analysis in one sentence: the screen shows them
 * beside the figures they affect (web strings/es-input-checks.ts) and a case's report writes
 * the same words (issue #29). The API's `message` is English (for the CLI and logs): neither
 * shows it.
 */

/** es-CO numbers as the screen writes them (web utils/format.ts), one format per kind. */
const formats = new Map<number, Intl.NumberFormat>();
function formatFixed(value: number, decimals: number): string {
  let format = formats.get(decimals);
  if (format === undefined) {
    format = new Intl.NumberFormat('es-CO', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    formats.set(decimals, format);
  }
  return format.format(value);
}
const formatInteger = (value: number) => formatFixed(value, 0);

type Params = InputCheck['params'];

/** A numeric parameter, or NaN when the check does not carry it. */
const num = (params: Params, key: string): number => {
  const value = params[key];
  return typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
};
const text = (params: Params, key: string): string => {
  const value = params[key];
  return value === undefined ? '–' : String(value);
};
const count = (params: Params, key: string) => {
  const value = num(params, key);
  return Number.isFinite(value) ? formatInteger(value) : '–';
};
const mw = (value: number) => (Number.isFinite(value) ? `${formatFixed(value, 1)} MW` : '– MW');
const percent = (value: number, decimals = 1) =>
  Number.isFinite(value) ? `${formatFixed(value, decimals)} %` : '– %';

/** `1 unidad en servicio tiene`, `3 unidades en servicio tienen`. */
const many = (params: Params, key: string, one: string, other: string) =>
  `${count(params, key)} ${num(params, key) === 1 ? one : other}`;

/** The engine's example of a repeated circuit, "1001-1002 ckt 1 (rows 4 and 9)", in Spanish. */
export function duplicateExample(p: Params): string {
  return `${text(p, 'fromBus')}-${text(p, 'toBus')}, circuito ${text(p, 'circuit')} (filas ${text(p, 'firstRow')} y ${text(p, 'row')})`;
}

/** What the screen knows beside the check: the study cap of the capacities it stands next to. */
export type CheckContext = { capMw?: number | undefined };

const words: Record<
  InputCheckCode,
  (params: Params, figure: CheckedFigure, context: CheckContext) => string
> = {
  GEN_LIMITS_UNBOUNDED: (p) =>
    `${many(p, 'units', 'unidad en servicio no tiene', 'unidades en servicio no tienen')} un límite real de generación (infinito, o 9.999 MW o más): se tomó como Pmax su generación inicial más ${mw(num(p, 'headroomMw'))} (${count(p, 'pmax')}) y como Pmin su generación inicial, o 0 (${count(p, 'pmin')}). El margen que suben y el que dan para bajar dependen de esos valores.`,
  GEN_LIMITS_INVERTED: (p) =>
    `${many(p, 'units', 'unidad en servicio tiene', 'unidades en servicio tienen')} Pmax menor que Pmin: no suben ni dan margen para bajar.`,
  GEN_OUTPUT_OUTSIDE_LIMITS: (p) =>
    `${many(p, 'units', 'unidad en servicio genera', 'unidades en servicio generan')} fuera de [Pmin, Pmax] en el archivo (la peor: la unidad de la fila ${text(p, 'worstGenerator')}, en ${text(p, 'worstBus')}, ${mw(num(p, 'worstMw'))} fuera de su límite): su margen para subir o para bajar cuenta como 0.`,
  DISPATCH_MISMATCH_LARGE: (p) => {
    const mismatch = num(p, 'mismatchMw');
    const share = `${percent(num(p, 'percent'))} de ${mw(num(p, 'loadMw'))}`;
    const what =
      mismatch < 0
        ? `La generación del archivo queda ${mw(-mismatch)} por debajo de su demanda (${share}): el archivo no está equilibrado.`
        : `La generación del archivo supera su demanda en ${mw(mismatch)} (${share}): más que unas pérdidas AC.`;
    const who =
      text(p, 'slack') === 'single'
        ? 'La unidad de referencia tomó esa diferencia'
        : 'El despacho base la repartió entre las unidades';
    return `${what} ${who}; revisa el despacho del archivo.`;
  },
  DISPATCH_UNABSORBED: (p) =>
    `${mw(num(p, 'unabsorbedMw'))} del desbalance del archivo no cupieron dentro de los límites de las unidades: se repartieron más allá de ellos.`,
  BRANCHES_UNRATED: (p) =>
    `${count(p, 'unrated')} de ${count(p, 'branches')} ramas en servicio no tienen capacidad (RATE_A en 0): no se vigilan, y ninguna cifra las tiene en cuenta.`,
  NO_RATED_BRANCH: (p, figure, context) => {
    const lead = `Ninguna de las ${count(p, 'branches')} ramas en servicio tiene capacidad (RATE_A): no se vigila ninguna`;
    if (figure === 'n1') {
      return `${lead}, así que no hay sobrecargas que mostrar. Eso no quiere decir que la red las soporte.`;
    }
    if (figure === 'flexibility') {
      return `${lead}, así que ninguna restricción limita: la FCITC es el margen del grupo (Tmax), no un límite de la red.`;
    }
    const cap =
      context.capMw === undefined
        ? 'el tope del estudio'
        : `el tope del estudio (${mw(context.capMw)})`;
    return `${lead}, así que ningún elemento limita una conexión: estas capacidades son ${cap}, no un límite de la red.`;
  },
  ISLANDS_WITHOUT_GENERATION: (p) =>
    `${many(p, 'islands', 'isla', 'islas')} (${count(p, 'buses')} barras, ${mw(num(p, 'loadMw'))} de demanda) no ${num(p, 'islands') === 1 ? 'tiene' : 'tienen'} generación: quedan sin tensión y fuera de todas las cifras.`,
  DUPLICATE_CIRCUITS: (p) =>
    `${many(p, 'branches', 'rama repite', 'ramas repiten')} las barras y el circuito de una anterior (la primera: ${duplicateExample(p)}): los resultados las distinguen por su fila.`,
};

/** One check in Spanish, for the figure it stands beside. */
export function inputCheckText(
  check: Pick<InputCheck, 'code' | 'params'>,
  figure: CheckedFigure,
  context: CheckContext = {},
): string {
  return words[check.code](check.params, figure, context);
}

const unit = (item: BaseCase['referenceUnits'][number]) =>
  `la unidad de la fila ${formatInteger(item.generator)} en ${item.busName} (barra ${item.busNumber})`;

/** «el desbalance del archivo (1.615,5 MW, 2,41 % de la demanda, sus pérdidas AC)». */
function mismatchWords(base: BaseCase): string {
  const share = `${percent(base.mismatchPercent, 2)} de la demanda`;
  return base.mismatchMw >= 0
    ? `el desbalance del archivo (${mw(base.mismatchMw)}, ${share}, sus pérdidas AC)`
    : `el desbalance del archivo (${mw(base.mismatchMw)}, ${share}: genera menos de lo que demanda)`;
}

/**
 * The base dispatch in one sentence. `slack` is the rule the figure was computed with when it
 * differs from the base case at hand (a figure recalculated with a single slack, shown beside
 * the upload's base case): a single slack is worded from where each reference unit would end.
 */
export function baseDispatchSentence(base: BaseCase, slack: string = base.slack): string {
  if (slack === 'single') {
    const units = base.referenceUnits.slice(0, 3);
    const moves = units.map(
      (item) => `${unit(item)} pasó de ${mw(item.fileMw)} a ${mw(item.singleSlackMw)}`,
    );
    const rest =
      base.referenceUnits.length > units.length
        ? ` (y ${formatInteger(base.referenceUnits.length - units.length)} más)`
        : '';
    return units.length === 0
      ? `Despacho base único, como MATPOWER: la unidad de referencia tomó ${mismatchWords(base)}.`
      : `Despacho base único, como MATPOWER: ${units.length === 1 ? 'la unidad de referencia tomó' : 'las unidades de referencia tomaron'} ${mismatchWords(base)}; ${moves.join('; ')}${rest}.`;
  }
  if (base.slack !== 'distributed') {
    return `Despacho base: ${mismatchWords(base)} se repartió entre las unidades en servicio en proporción a su generación.`;
  }
  const atLimit =
    base.unitsAtLimit > 0
      ? ` (${formatInteger(base.unitsAtLimit)} ${base.unitsAtLimit === 1 ? 'llegó' : 'llegaron'} a un límite)`
      : '';
  return `Despacho base: ${mismatchWords(base)} se repartió entre ${formatInteger(base.participants)} ${base.participants === 1 ? 'unidad' : 'unidades'} en proporción a su generación${atLimit}.`;
}

export const inputCheckWords = {
  /** The warning's title above the checks of one figure. */
  title: (count: number) =>
    count === 1
      ? 'Revisa el archivo: esto afecta a estas cifras'
      : `Revisa el archivo: ${count} cosas afectan a estas cifras`,
  /** A result computed before the base case was recorded. */
  noBaseCase:
    'Este resultado se calculó antes de que Holgura registrara el despacho base y las revisiones del archivo.',
} as const;
