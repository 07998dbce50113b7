import { apiRoutes, caseBusesResponseSchema } from '@holgura/contracts';
import { queryOptions, skipToken } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { buildBusCatalog } from '../model/bus-catalog';
import type { BaseCase } from './study-form-data';

function networkBuses(base: BaseCase, signal?: AbortSignal) {
  if (base.kind === 'case') {
    return apiRequest(apiRoutes.caseBuses.path({ caseId: base.caseId }), caseBusesResponseSchema, {
      signal,
    });
  }
  if (base.kind === 'study') {
    return apiRequest(
      apiRoutes.studyBuses.path({ studyId: base.studyId }),
      caseBusesResponseSchema,
      { signal },
    );
  }
  const form = new FormData();
  form.append('case', base.file, base.file.name);
  return apiRequest(apiRoutes.networkBuses.path(), caseBusesResponseSchema, {
    method: 'POST',
    rawBody: form,
    signal,
  });
}

/** A file is known by its name, size and date: the same pick is not read twice. */
const baseKey = (base: BaseCase) =>
  base.kind === 'case'
    ? ['case', base.caseId]
    : base.kind === 'study'
      ? ['study', base.studyId, base.version]
      : ['file', base.file.name, base.file.size, base.file.lastModified];

/** The busbar picker's catalog of the chosen base case (nothing to read until there is one). */
export const busCatalogQueryOptions = (userKey: string, base: BaseCase | null) =>
  queryOptions({
    queryKey: ['studies', userKey, 'buses', ...(base === null ? ['none'] : baseKey(base))],
    queryFn:
      base === null
        ? skipToken
        : async ({ signal }) => buildBusCatalog(await networkBuses(base, signal)),
    staleTime: Infinity,
    retry: false,
  });
