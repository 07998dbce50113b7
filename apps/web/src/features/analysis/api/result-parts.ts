import {
  apiRoutes,
  caseDataSchema,
  caseResultFacts,
  constraintGenerators,
  constraintGeneratorsResponseSchema,
  constraintPageResponseSchema,
  constraintSummary,
  flexibilityFigure,
  flexibilitySummary,
  groupAnalysisResponseSchema,
  analysisPaths,
  resultPaths,
  resultSummaryResponseSchema,
  violationsOf,
  violationsResponseSchema,
  type CaseResultFacts,
  type ConstraintGeneratorsResponse,
  type ConstraintPageResponse,
  type Flexibility,
  type FlexibilityFigureName,
  type FlexibilitySummary,
  type ViolationsResponse,
} from '@holgura/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, ApiClientError } from '../../../lib/api-client';
import { readCachedSummary, writeCachedSummary } from '../flexibility/cache';

/**
 * The result of a case as /analisis reads it (issue #16, docs/decisions/015): the summary first
 * (the N-1 facts, the study group, Tmax, both figures and their levels), then only what is shown
 * — one page of one level's constraints, the generators of the selected constraint, the
 * pre-existing violations. A 10,000-bus case's whole document (tens of MB) is never fetched.
 *
 * A result stored before results were kept in parts (the API answers RESULT_PARTS_NOT_FOUND) is
 * read whole once, from GET …/data or GET …/analyses/{id}, and its parts are cut from it here
 * with the contracts' own builders, so the screen reads both the same way.
 */
export type CaseResult = {
  caseId: string;
  /** null: the upload's own analysis; else a group's (`?analysis=`). */
  analysisId: string | null;
  /** The N-1 result and the network's counts; null when the case has no analysis stored. */
  facts: CaseResultFacts | null;
  /** null when the study group could not be computed (the N-1 result stands). */
  flexibility: FlexibilitySummary | null;
  /** A result stored before the parts: its whole flexibility, read once. */
  whole: Flexibility | null;
};

const withAnalysis = (path: string, analysisId: string | null, extra?: URLSearchParams) => {
  const query = new URLSearchParams(extra);
  if (analysisId !== null) query.set('analysis', analysisId);
  const text = query.toString();
  return text === '' ? path : `${path}?${text}`;
};

const partsMissing = (error: unknown) =>
  error instanceof ApiClientError && error.code === 'RESULT_PARTS_NOT_FOUND';

async function readWhole(
  caseId: string,
  analysisId: string | null,
  signal: AbortSignal,
): Promise<CaseResult> {
  if (analysisId === null) {
    const data = await api.get(apiRoutes.caseData.path({ caseId }), caseDataSchema, signal);
    const flexibility = data.analysis?.flexibility ?? null;
    return {
      caseId,
      analysisId,
      facts: data.analysis === null ? null : caseResultFacts(data.analysis),
      flexibility: flexibility === null ? null : flexibilitySummary(flexibility),
      whole: flexibility,
    };
  }
  const group = await api.get(
    analysisPaths.analysis(caseId, analysisId),
    groupAnalysisResponseSchema,
    signal,
  );
  return {
    caseId,
    analysisId,
    facts: null,
    flexibility: flexibilitySummary(group.flexibility),
    whole: group.flexibility,
  };
}

/**
 * GET …/result/summary (`analysis` for a group's). The upload's summary is kept in local storage
 * for 30 minutes under `flexibility:<caseId>` (docs/product.md §9): selecting the case again shows its levels
 * without a request. Constraint pages and generators are not: the browser's HTTP cache keeps
 * them and asks with their ETag (304, no body) when they are read again.
 */
export const caseResultQueryOptions = (caseId: string, analysisId: string | null) =>
  queryOptions({
    queryKey: ['analysis', 'result', caseId, analysisId ?? 'upload', 'summary'],
    queryFn: async ({ signal }): Promise<CaseResult> => {
      if (analysisId === null) {
        const cached = readCachedSummary(caseId);
        if (cached !== null) {
          return {
            caseId,
            analysisId,
            facts: cached.analysis,
            flexibility: cached.flexibility,
            whole: null,
          };
        }
      }
      try {
        const summary = await api.get(
          withAnalysis(resultPaths.summary(caseId), analysisId),
          resultSummaryResponseSchema,
          signal,
        );
        if (analysisId === null) writeCachedSummary(caseId, summary);
        return {
          caseId,
          analysisId,
          facts: summary.analysis,
          flexibility: summary.flexibility,
          whole: null,
        };
      } catch (error) {
        if (partsMissing(error)) return readWhole(caseId, analysisId, signal);
        throw error;
      }
    },
    retry: false,
    staleTime: Infinity,
  });

/** One page of a level's constraints in a figure, in the level's order (ranking descending). */
export const constraintPageQueryOptions = (
  result: CaseResult,
  figure: FlexibilityFigureName,
  level: number,
  page: number,
  pageSize: number,
) =>
  queryOptions({
    queryKey: [
      'analysis',
      'result',
      result.caseId,
      result.analysisId ?? 'upload',
      'constraints',
      figure,
      level,
      page,
      pageSize,
    ],
    queryFn: ({ signal }): Promise<ConstraintPageResponse> => {
      if (result.whole !== null) {
        return Promise.resolve(wholeConstraintPage(result, figure, level, page, pageSize));
      }
      const query = new URLSearchParams({
        level: String(level),
        figure,
        page: String(page),
        pageSize: String(pageSize),
      });
      return api.get(
        withAnalysis(resultPaths.constraints(result.caseId), result.analysisId, query),
        constraintPageResponseSchema,
        signal,
      );
    },
    retry: false,
    staleTime: Infinity,
    // Another page of the same level keeps the rows shown until it arrives (no flicker); another
    // level starts empty.
    placeholderData: (previous) => (previous?.level === level ? previous : undefined),
  });

/** The generators (plants) of one constraint: sensitivity and dispatches. */
export const constraintGeneratorsQueryOptions = (result: CaseResult, constraintId: number) =>
  queryOptions({
    queryKey: [
      'analysis',
      'result',
      result.caseId,
      result.analysisId ?? 'upload',
      'generators',
      constraintId,
    ],
    queryFn: ({ signal }): Promise<ConstraintGeneratorsResponse> => {
      const whole = result.whole;
      if (whole !== null) {
        const constraint = whole.constraints.find((item) => item.id === constraintId);
        const plants = new Map(whole.plants.map((plant) => [plant.id, plant]));
        if (constraint === undefined) {
          return Promise.reject(new ApiClientError('RESULT_CONSTRAINT_NOT_FOUND', '', 404));
        }
        return Promise.resolve(constraintGenerators(whole, constraint, plants));
      }
      return api.get(
        withAnalysis(resultPaths.generators(result.caseId, constraintId), result.analysisId),
        constraintGeneratorsResponseSchema,
        signal,
      );
    },
    retry: false,
    staleTime: Infinity,
  });

/** «Violaciones existentes»: every worsened one and the worst others, with the counts. */
export const violationsQueryOptions = (result: CaseResult) =>
  queryOptions({
    queryKey: ['analysis', 'result', result.caseId, result.analysisId ?? 'upload', 'violations'],
    queryFn: ({ signal }): Promise<ViolationsResponse> =>
      result.whole !== null
        ? Promise.resolve(violationsOf(result.whole))
        : api.get(
            withAnalysis(resultPaths.violations(result.caseId), result.analysisId),
            violationsResponseSchema,
            signal,
          ),
    retry: false,
    staleTime: Infinity,
  });

/** The page the server would answer, cut from a whole result (stored before the parts). */
export function wholeConstraintPage(
  result: CaseResult,
  figure: FlexibilityFigureName,
  level: number,
  page: number,
  pageSize: number,
): ConstraintPageResponse {
  const whole = result.whole!;
  const levels = flexibilityFigure(whole, figure).levels;
  const found = levels.find((item) => item.level === level);
  const constraints = new Map(whole.constraints.map((item) => [item.id, item]));
  const ids = found?.constraintIds ?? [];
  return {
    caseId: result.caseId,
    figure,
    level,
    transferMw: found?.transferMw ?? 0,
    flexibilityPercent: found?.flexibilityPercent ?? 0,
    total: ids.length,
    page,
    pageSize,
    constraints: ids.slice((page - 1) * pageSize, page * pageSize).flatMap((id) => {
      const constraint = constraints.get(id);
      return constraint === undefined ? [] : [constraintSummary(constraint)];
    }),
  };
}
