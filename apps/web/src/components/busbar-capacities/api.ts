import {
  busbarAcCheckResponseSchema,
  busbarCapacityHistogramResponseSchema,
  busbarCapacityPageResponseSchema,
  busbarCapacityPaths,
  createAcRunResponseSchema,
  createBusbarCapacitiesResponseSchema,
  type AnalysisOptions,
  type BusbarCapacityPageResponse,
  type BusbarFigureName,
} from '@holgura/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, apiRequest } from '../../lib/api-client';
import { filterQuery, pageQuery, parseArea, parseKv, type CapacityTableState } from './table-state';

/** While the capacities wait for the upload's analysis (no job yet), asked again this often. */
export const WAITING_POLL_MS = 3000;

const waiting = (data: BusbarCapacityPageResponse | undefined) =>
  data?.state === 'pending' && data.jobId === null;

/**
 * GET …/busbar-capacities: one page of the table, the state of the computation and the whole
 * case's summary (decision 016). Every key starts with the case, so deleting it forgets them.
 */
export const capacityPageQueryOptions = (caseId: string, state: CapacityTableState) =>
  queryOptions({
    queryKey: ['analysis', 'busbar-capacities', caseId, 'page', pageQuery(state).toString()],
    queryFn: ({ signal }) =>
      api.get(
        `${busbarCapacityPaths.page(caseId)}?${pageQuery(state).toString()}`,
        busbarCapacityPageResponseSchema,
        signal,
      ),
    retry: false,
    // A done result never changes (its answers have ETags); before, the job's end refetches.
    staleTime: (query) => (query.state.data?.state === 'done' ? Infinity : 0),
    refetchInterval: (query) => (waiting(query.state.data) ? WAITING_POLL_MS : false),
    // Another page, order or filter keeps the rows shown until its own arrive.
    placeholderData: (previous) => previous,
  });

/** GET …/busbar-capacities/histogram with the table's figure and filters. */
export const capacityHistogramQueryOptions = (caseId: string, state: CapacityTableState) =>
  queryOptions({
    queryKey: ['analysis', 'busbar-capacities', caseId, 'histogram', filterQuery(state).toString()],
    queryFn: ({ signal }) =>
      api.get(
        `${busbarCapacityPaths.histogram(caseId)}?${filterQuery(state).toString()}`,
        busbarCapacityHistogramResponseSchema,
        signal,
      ),
    retry: false,
    staleTime: Infinity,
    placeholderData: (previous) => previous,
  });

/**
 * POST …/busbar-capacities: compute them (a case analysed before, or a failed job), or again
 * with other options (issue #25: the result shown stays until the new one is done).
 */
export function requestBusbarCapacities(caseId: string, options?: AnalysisOptions) {
  return apiRequest(busbarCapacityPaths.page(caseId), createBusbarCapacitiesResponseSchema, {
    method: 'POST',
    ...(options === undefined ? {} : { body: { options } }),
  });
}

/** Every query of the case's busbar capacities: what a new result or a new job refreshes. */
export const capacityQueriesKey = (caseId: string) => ['analysis', 'busbar-capacities', caseId];

/**
 * GET …/busbar-capacities/{bus}/ac-check: the AC check of one bus's figure (issue #25) and its
 * capacity verified in AC (issue #31), computed on first request (about half a second on 2,000
 * buses, 2 to 4 s on 10,000) and kept with the result.
 */
export function requestBusbarAcCheck(caseId: string, bus: number, figure: BusbarFigureName) {
  return api.get(
    `${busbarCapacityPaths.acCheck(caseId, bus)}?figure=${figure}`,
    busbarAcCheckResponseSchema,
  );
}

/**
 * POST …/busbar-capacities/ac (issue #31, «Verificar todas en AC»): every bus of the figure that
 * passes the table's filters and is not verified yet, verified in AC by a background job.
 */
export function requestAcRun(caseId: string, state: CapacityTableState) {
  const q = state.q.trim();
  const minKv = parseKv(state.minKv);
  const area = parseArea(state.area);
  return apiRequest(busbarCapacityPaths.acAll(caseId), createAcRunResponseSchema, {
    method: 'POST',
    body: {
      figure: state.figure,
      // The same filters as the page's (filterQuery): the buses the table shows.
      ...(q === '' ? {} : { q }),
      ...(typeof minKv === 'number' ? { minKv } : {}),
      ...(typeof area === 'number' ? { area } : {}),
    },
  });
}
