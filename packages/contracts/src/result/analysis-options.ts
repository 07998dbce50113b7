import { z } from 'zod';
import { slackRules } from './base-case.v1';

/**
 * How an analysed case's figures are computed (issue #25): the options a planner changes in
 * /analisis, as studies have always had them. The flexibility of a group and the capacity of
 * every busbar run with them; both figures (attributable and strict) are always computed, so
 * which one the screen shows is not an option here.
 */

export const postContingencyRatings = ['A', 'B', 'C', 'emergency'] as const;
export type PostContingencyRating = (typeof postContingencyRatings)[number];

/**
 * Who gives the MW a transfer adds (docs/analysis.md §4): 'auto' is the engine's default (the other
 * units by their room to reduce; the loads when every unit rises), or one rule for all.
 */
export const sinkChoices = ['auto', 'headroom-down', 'initial-output', 'loads'] as const;
export type SinkChoice = (typeof sinkChoices)[number];

/**
 * Which contingencies a group's flexibility runs on (issue #30): 'every-branch', each in-service
 * branch alone (N-1, the default); 'case-set', the case's own set (its file or rules, read when
 * the run starts; the runs on a set are dropped when the set changes). The busbar capacities
 * always use the case's set when it has one.
 */
export const contingencyChoices = ['every-branch', 'case-set'] as const;
export type ContingencyChoice = (typeof contingencyChoices)[number];

export const DEFAULT_ANALYSIS_OPTIONS = {
  postContingencyRating: 'emergency',
  distributionFactorCutoff: 0.01,
  sink: 'auto',
  slack: 'distributed',
  capMw: 2000,
  contingencies: 'every-branch',
} as const satisfies {
  postContingencyRating: PostContingencyRating;
  distributionFactorCutoff: number;
  sink: SinkChoice;
  slack: (typeof slackRules)[number];
  capMw: number;
  contingencies: ContingencyChoice;
};

export const analysisOptionsSchema = z.strictObject({
  postContingencyRating: z
    .enum(postContingencyRatings, {
      error: 'La capacidad poscontingencia debe ser A, B, C o emergency',
    })
    .default(DEFAULT_ANALYSIS_OPTIONS.postContingencyRating)
    .describe('Límite tras una contingencia: RATE_A, B o C; emergency = RATE_B, o RATE_A sin B'),
  distributionFactorCutoff: z
    .number({ error: 'El umbral del factor de distribución debe ser un número' })
    .min(0, 'El umbral del factor de distribución debe estar entre 0 y 0,5')
    .max(0.5, 'El umbral del factor de distribución debe estar entre 0 y 0,5')
    .default(DEFAULT_ANALYSIS_OPTIONS.distributionFactorCutoff)
    .describe('|d(c)| por debajo del cual una restricción no limita (0,01 por defecto)'),
  sink: z
    .enum(sinkChoices, {
      error: 'El sumidero debe ser auto, headroom-down, initial-output o loads',
    })
    .default(DEFAULT_ANALYSIS_OPTIONS.sink)
    .describe('Quién compensa la transferencia'),
  slack: z
    .enum(slackRules, { error: 'El despacho base debe ser distributed o single' })
    .default(DEFAULT_ANALYSIS_OPTIONS.slack)
    .describe('Quién toma el desbalance del archivo (sus pérdidas AC) en el caso base DC'),
  capMw: z
    .number({ error: 'El tope por barra debe ser un número en MW' })
    .positive('El tope por barra debe ser mayor que 0 MW')
    .max(100_000, 'El tope por barra admite hasta 100.000 MW')
    .default(DEFAULT_ANALYSIS_OPTIONS.capMw)
    .describe('Lo más que se estudia para una conexión en una barra, MW'),
  contingencies: z
    .enum(contingencyChoices, {
      error: 'Las contingencias deben ser every-branch o case-set',
    })
    .default(DEFAULT_ANALYSIS_OPTIONS.contingencies)
    .describe(
      'Con qué contingencias se calcula la flexibilidad: cada rama (every-branch) o el conjunto del caso (case-set)',
    ),
});
export type AnalysisOptions = z.output<typeof analysisOptionsSchema>;

/** The options as answers carry them: every member present (no defaults to fill in). */
export const analysisOptionsValueSchema = z.object({
  postContingencyRating: z.enum(postContingencyRatings),
  distributionFactorCutoff: z.number().nonnegative(),
  sink: z.enum(sinkChoices),
  slack: z.enum(slackRules),
  capMw: z.number().positive(),
  /** Absent in options stored before issue #30: every branch. */
  contingencies: z.enum(contingencyChoices).default('every-branch'),
});
export type AnalysisOptionsInput = z.input<typeof analysisOptionsSchema>;

/** The options in one canonical text ('' for the defaults): what keys a stored analysis. */
export function analysisOptionsKey(options: AnalysisOptions): string {
  const parts: string[] = [];
  const d = DEFAULT_ANALYSIS_OPTIONS;
  if (options.postContingencyRating !== d.postContingencyRating) {
    parts.push(`rating=${options.postContingencyRating}`);
  }
  if (options.distributionFactorCutoff !== d.distributionFactorCutoff) {
    parts.push(`cutoff=${options.distributionFactorCutoff}`);
  }
  if (options.sink !== d.sink) parts.push(`sink=${options.sink}`);
  if (options.slack !== d.slack) parts.push(`slack=${options.slack}`);
  if (options.capMw !== d.capMw) parts.push(`cap=${options.capMw}`);
  if (options.contingencies !== d.contingencies)
    parts.push(`contingencies=${options.contingencies}`);
  return parts.join(';');
}

/** Options that do not change a group's flexibility (the cap is the busbar study's only). */
export function flexibilityOptionsKey(options: AnalysisOptions): string {
  return analysisOptionsKey({ ...options, capMw: DEFAULT_ANALYSIS_OPTIONS.capMw });
}

export function isDefaultAnalysisOptions(options: AnalysisOptions): boolean {
  return analysisOptionsKey(options) === '';
}
