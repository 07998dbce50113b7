import {
  createWindowResponseSchema,
  windowInvalidResponseSchema,
  windowPaths,
  type CreateWindowResponse,
  type StudyProblem,
  type WindowOptions,
} from '@holgura/contracts';
import { ApiClientError, apiRequest } from '../../../lib/api-client';

/** What the form sends: the requests as typed (the server checks them all at once). */
export type NewWindow = ({ caseId: string } | { studyId: string }) & {
  name: string;
  options: WindowOptions;
  requests: Record<string, string | number>[];
};

/**
 * Creates a window on one of the user's analysed cases and queues its job: 202 with the job to
 * follow. Bad requests come back as 422 WINDOW_INVALID with every problem (see problemsOf).
 */
export function createWindow(window: NewWindow): Promise<CreateWindowResponse> {
  return apiRequest(windowPaths.list(), createWindowResponseSchema, {
    method: 'POST',
    body: window,
  });
}

/**
 * A 409 for 'case-set' when the case has no set (any more), or the study's version was sent
 * without one (issue #30): the form reads the source's set again so its choice says so.
 */
export function missingContingencySet(error: unknown): boolean {
  return error instanceof ApiClientError && /_CONTINGENCY_SET_MISSING$/.test(error.code);
}

/** The problems of a 422 WINDOW_INVALID answer, or null for any other failure. */
export function problemsOf(error: unknown): StudyProblem[] | null {
  if (!(error instanceof ApiClientError) || error.code !== 'WINDOW_INVALID') return null;
  const parsed = windowInvalidResponseSchema.safeParse(error.body);
  return parsed.success ? parsed.data.problems : null;
}
