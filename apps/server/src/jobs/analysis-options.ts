import {
  analysisOptionsKey,
  analysisOptionsSchema,
  DEFAULT_ANALYSIS_OPTIONS,
  type AnalysisOptions,
} from '@holgura/contracts';

/**
 * Analysis options as a job or an analysis stores them (issue #25): JSON, or null for the
 * defaults, so every row written before them reads as the defaults.
 */
export function storedAnalysisOptions(json: string | null): AnalysisOptions {
  if (json === null) return { ...DEFAULT_ANALYSIS_OPTIONS };
  return analysisOptionsSchema.parse(JSON.parse(json));
}

/** The column value: null for the defaults. */
export function analysisOptionsJson(options: AnalysisOptions): string | null {
  return analysisOptionsKey(options) === '' ? null : JSON.stringify(options);
}
