import { DEFAULT_ANALYSIS_OPTIONS, type AnalysisOptions } from '@holgura/contracts';
import { formatInteger, formatNumber } from '../utils/format';

/**
 * The analysis options (issue #25, contracts result/analysis-options.ts) in words: the sentence
 * beside the figures they produced, the short form of a group run with other options, and
 * «Opciones del análisis» in /analisis, where they are changed and the case recalculated.
 */

/** The post-contingency rating in the middle of a sentence ("… tras cada contingencia"). */
export function ratingWords(rating: string): string {
  switch (rating) {
    case 'A':
    case 'B':
    case 'C':
      return `la capacidad RATE_${rating}`;
    default:
      return 'la capacidad de emergencia (RATE_B, o RATE_A si no la hay)';
  }
}

/**
 * Who gives the MW the transfer adds: the request's choice ('auto' included) or what a result
 * records ('group' for a named group of a study).
 */
export function sinkWords(sink: string): string {
  switch (sink) {
    case 'headroom-down':
      return 'la generación de las demás unidades bajando según su margen (P0 − Pmin)';
    case 'initial-output':
      return 'la generación de las demás unidades bajando en proporción a su generación inicial (P0)';
    case 'loads':
      return 'las cargas compensando en proporción a su demanda';
    case 'group':
      return 'un grupo de unidades nombrado compensando';
    default:
      return 'la compensación automática (las demás unidades según su margen para bajar; las cargas si suben todas)';
  }
}

/** Who took the file's mismatch in the DC base case. */
export function slackWords(slack: string): string {
  return slack === 'single'
    ? 'el despacho base único (la unidad de referencia toma el desbalance del archivo, como MATPOWER)'
    : 'el despacho base distribuido (el desbalance del archivo repartido entre las unidades)';
}

const ratingShort: Record<string, string> = {
  A: 'A',
  B: 'B',
  C: 'C',
  emergency: 'emergencia',
};
const sinkShort: Record<string, string> = {
  auto: 'automático',
  'headroom-down': 'por margen para bajar',
  'initial-output': 'por generación inicial',
  loads: 'las cargas',
};

/**
 * The planner's set a flexibility was computed on (issue #30), at the head of its sentence:
 * how many contingencies, and those the engine could not screen.
 */
export function contingencySetWords(total: string, notScreened: number): string {
  const skipped =
    notScreened === 0
      ? ''
      : notScreened === 1
        ? '; 1 sin evaluar: separa la red o deja sin unidades la fuente o el sumidero'
        : `; ${formatInteger(notScreened)} sin evaluar: separan la red o dejan sin unidades la fuente o el sumidero`;
  return `las contingencias del caso (${total}${skipped})`;
}

export const esAnalysisOptions = {
  /**
   * The sentence beside the flexibility's figures: what they were computed with. `set`: the
   * case's contingencies (issue #30), named first; null, every branch alone, as always.
   */
  flexibilitySentence: (
    rating: string,
    cutoff: string,
    sink: string,
    slack: string | null,
    set: { total: string; notScreened: number } | null = null,
  ) =>
    `Calculado con ${set === null ? '' : `${contingencySetWords(set.total, set.notScreened)}, `}${ratingWords(rating)} tras cada contingencia, factores de distribución menores que ${cutoff} sin efecto, ${sinkWords(sink)}${slack === null ? '' : ` y ${slackWords(slack)}`}.`,
  /** A group run with options other than the defaults, in a few words (the groups' list). */
  short: {
    rating: (rating: string) => `capacidad ${ratingShort[rating] ?? rating}`,
    cutoff: (cutoff: string) => `umbral ${cutoff}`,
    sink: (sink: string) => `sumidero ${sinkShort[sink] ?? sink}`,
    slack: (slack: string) => `despacho base ${slack === 'single' ? 'único' : 'distribuido'}`,
    cap: (cap: string) => `tope ${cap} MW`,
    contingencies: 'contingencias del caso',
  },
  /** «Opciones del análisis». */
  panel: {
    title: 'Opciones del análisis',
    intro:
      'Cómo se calculan la flexibilidad del grupo y la capacidad por barra. Cambia una opción y pulsa Recalcular: cada combinación es un cálculo aparte, que queda guardado.',
    formLabel: 'Opciones del análisis',
    rating: 'Capacidad tras una contingencia',
    ratingHint: 'El límite de cada elemento monitoreado después de una contingencia.',
    ratings: {
      emergency: 'Emergencia (B, o A si B es 0)',
      A: 'A (RATE_A)',
      B: 'B (RATE_B)',
      C: 'C (RATE_C)',
    },
    cutoff: 'Umbral del factor de distribución',
    cutoffHint:
      'Entre 0 y 0,5: una restricción cuyo factor de distribución |d| es menor no limita la transferencia (0,01 por defecto).',
    cutoffInvalid: 'Escribe un número entre 0 y 0,5, por ejemplo 0,01.',
    sink: 'Quién compensa la transferencia',
    sinkHint:
      'Automático: las demás unidades según su margen para bajar (P0 − Pmin), o las cargas si suben todas.',
    sinks: {
      auto: 'Automático',
      'headroom-down': 'Las demás unidades, por su margen para bajar',
      'initial-output': 'Las demás unidades, por su generación inicial',
      loads: 'Las cargas, por su demanda',
    },
    slack: 'Despacho base',
    slackHint:
      'Quién toma el desbalance del archivo (sus pérdidas AC) antes de cualquier transferencia: todas las unidades en proporción a su generación, o solo la unidad de referencia.',
    slacks: {
      distributed: 'Distribuido entre las unidades',
      single: 'Único: la unidad de referencia (MATPOWER)',
    },
    cap: 'Tope por barra (MW)',
    capHint: 'Lo más que se estudia para una conexión en una barra (2.000 MW por defecto).',
    capInvalid: 'Escribe un tope mayor que 0 MW, por ejemplo 2000.',
    capTooLarge: 'El tope por barra admite hasta 100.000 MW.',
    /** Issue #30: only for a case with its own contingencies. */
    contingencies: 'Contingencias de la flexibilidad',
    contingenciesHint:
      'Con qué contingencias se calcula la flexibilidad del grupo. La capacidad por barra usa siempre las del caso.',
    contingencyChoices: {
      everyBranch: 'Cada rama en servicio, una a la vez',
      caseSet: (fileName: string, total: string) => `Las del caso: «${fileName}» (${total})`,
    },
    submit: 'Recalcular',
    submitting: 'Recalculando...',
    defaults: 'Valores por defecto',
    invalid: 'Corrige las opciones marcadas antes de recalcular.',
    noGroup:
      'Este resultado no registra su grupo de estudio: solo se recalcula la capacidad por barra.',
    running: (group: string | null) =>
      group === null
        ? 'Recalculando la capacidad por barra con estas opciones.'
        : `Recalculando la flexibilidad de «${group}» y la capacidad por barra con estas opciones.`,
    flexibilityProgress: 'Progreso del recálculo de la flexibilidad',
    capacityProgress: 'Progreso del recálculo de la capacidad por barra',
    flexibilityTitle: 'Flexibilidad del grupo',
    capacityTitle: 'Capacidad por barra',
    queued: 'En cola',
    runningStage: 'Calculando',
    failed: 'El recálculo falló',
    flexibilityExisting: 'La flexibilidad ya estaba calculada con estas opciones: se muestra.',
    capacityExisting: 'La capacidad por barra ya está calculada con estas opciones.',
    flexibilityError: (message: string) => `No se pudo recalcular la flexibilidad: ${message}`,
    capacityError: (message: string) => `No se pudo recalcular la capacidad por barra: ${message}`,
    done: 'Listo: las cifras de arriba y la capacidad por barra usan estas opciones.',
  },
} as const;

/** The options that are not the defaults, in a few words ('' for the defaults). */
export function analysisOptionsShort(options: AnalysisOptions): string {
  const d = DEFAULT_ANALYSIS_OPTIONS;
  const words = esAnalysisOptions.short;
  const parts: string[] = [];
  if (options.postContingencyRating !== d.postContingencyRating) {
    parts.push(words.rating(options.postContingencyRating));
  }
  if (options.distributionFactorCutoff !== d.distributionFactorCutoff) {
    parts.push(words.cutoff(formatNumber(options.distributionFactorCutoff, 6)));
  }
  if (options.sink !== d.sink) parts.push(words.sink(options.sink));
  if (options.slack !== d.slack) parts.push(words.slack(options.slack));
  if (options.capMw !== d.capMw) parts.push(words.cap(formatNumber(options.capMw, 1)));
  if (options.contingencies !== d.contingencies) parts.push(words.contingencies);
  return parts.join(' · ');
}
