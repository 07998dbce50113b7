import {
  DEFAULT_ANALYSIS_OPTIONS,
  type AnalysisOptions,
  type ContingencyChoice,
  type PostContingencyRating,
  type SinkChoice,
  type SlackRule,
} from '@holgura/contracts';
import { esAnalysisOptions } from '../../../strings/es-analysis-options';
import { formatNumber } from '../../../utils/format';

const t = esAnalysisOptions;

/** «Opciones del análisis» as typed: the numbers as text (decimal comma or point). */
export type OptionsFormValues = {
  postContingencyRating: PostContingencyRating;
  distributionFactorCutoff: string;
  sink: SinkChoice;
  slack: SlackRule;
  capMw: string;
  contingencies: ContingencyChoice;
};

export type OptionsFormErrors = Partial<Record<'distributionFactorCutoff' | 'capMw', string>>;

/** The form showing these options (the cut-off es-CO, the cap without grouping). */
export function formValues(options: AnalysisOptions): OptionsFormValues {
  return {
    postContingencyRating: options.postContingencyRating,
    distributionFactorCutoff: formatNumber(options.distributionFactorCutoff, 6),
    sink: options.sink,
    slack: options.slack,
    capMw: String(options.capMw),
    contingencies: options.contingencies,
  };
}

export const DEFAULT_FORM_VALUES = formValues({ ...DEFAULT_ANALYSIS_OPTIONS });

/** "0,05" or "0.05" → 0.05; null when it is not a plain decimal number. */
export function parseDecimal(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d{1,9}(\.\d{1,9})?$/.test(trimmed) && !/^\.\d{1,9}$/.test(trimmed)) return null;
  return Number(trimmed);
}

/**
 * MW as a planner types them: "2000", "2.000" or "2 000" (es-CO grouping), "1500,5" or
 * "1.500,5". A point is a decimal point only when it cannot be a thousands separator.
 */
export function parseMw(text: string): number | null {
  let trimmed = text.trim().replace(/\s/g, '');
  if (trimmed.includes(',')) trimmed = trimmed.replace(/\./g, '').replace(',', '.');
  else if (/^\d{1,3}(\.\d{3})+$/.test(trimmed)) trimmed = trimmed.replace(/\./g, '');
  return parseDecimal(trimmed);
}

/** The options to send, or the Spanish message of each field that is not valid. */
export function parseOptionsForm(
  values: OptionsFormValues,
): { ok: true; options: AnalysisOptions } | { ok: false; errors: OptionsFormErrors } {
  const errors: OptionsFormErrors = {};
  const cutoff = parseDecimal(values.distributionFactorCutoff);
  if (cutoff === null || cutoff < 0 || cutoff > 0.5)
    errors.distributionFactorCutoff = t.panel.cutoffInvalid;
  const cap = parseMw(values.capMw);
  if (cap === null || !(cap > 0)) errors.capMw = t.panel.capInvalid;
  else if (cap > 100_000) errors.capMw = t.panel.capTooLarge;
  if (Object.keys(errors).length > 0 || cutoff === null || cap === null)
    return { ok: false, errors };
  return {
    ok: true,
    options: {
      postContingencyRating: values.postContingencyRating,
      distributionFactorCutoff: cutoff,
      sink: values.sink,
      slack: values.slack,
      capMw: cap,
      contingencies: values.contingencies,
    },
  };
}
