import { apiRoutes, shortCircuitResponseSchema } from '@holgura/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, ApiClientError } from '../../../lib/api-client';

/** GET …/short-circuit, with `?xd=` when the units without impedance take one. */
export const shortCircuitPath = (caseId: string, xd: number | null) => {
  const path = apiRoutes.caseShortCircuit.path({ caseId });
  return xd === null ? path : `${path}?${new URLSearchParams({ xd: String(xd) }).toString()}`;
};

/**
 * GET /api/cases/{caseId}/short-circuit (issue #31): each bus's three-phase short-circuit power,
 * seconds of CPU on a big case — so it is asked only when the user says (`enabled` is the
 * caller's), and kept: the same case and X″d give the same figures. The key starts with the
 * case, so deleting the case forgets it.
 */
export const shortCircuitQueryOptions = (caseId: string, xd: number | null) =>
  queryOptions({
    queryKey: ['analysis', 'short-circuit', caseId, xd],
    queryFn: ({ signal }) =>
      api.get(shortCircuitPath(caseId, xd), shortCircuitResponseSchema, signal),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

/**
 * A 422 that a subtransient reactance fixes: a case without machine impedances (MATPOWER) or
 * whose units all carry the RAW export placeholder.
 */
export function needsXd(error: unknown): boolean {
  return (
    error instanceof ApiClientError &&
    (error.code === 'SHORT_CIRCUIT_UNAVAILABLE' || error.code === 'SHORT_CIRCUIT_PLACEHOLDER')
  );
}

/** The X″d the API accepts: 0 < xd < 10. */
export const XD_MAX = 10;

/**
 * A typed X″d, decimal comma or dot («0,25», «0.25»): the number, `'nan'` when it is not one,
 * `'range'` when it is out of 0 < xd < 10.
 */
export function parseXd(text: string): number | 'nan' | 'range' {
  const trimmed = text.trim().replace(',', '.');
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(trimmed)) return 'nan';
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return 'nan';
  return value > 0 && value < XD_MAX ? value : 'range';
}
