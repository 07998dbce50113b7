import {
  apiRoutes,
  createStudyResponseSchema,
  studyInvalidResponseSchema,
  type CreateStudyResponse,
  type StudyProblem,
} from '@holgura/contracts';
import { ApiClientError, apiRequest } from '../../../lib/api-client';
import { studyFormData, type BaseCase, type StudySource } from './study-form-data';

/**
 * Creates a study (or, with `studyId`, a new version of it) and queues its job: 202 with the
 * job to follow. A new version while one runs is refused (409 STUDY_RUNNING); the demo (403).
 */
export function createStudy(
  base: BaseCase,
  source: StudySource,
  studyId: string | null,
): Promise<CreateStudyResponse> {
  const path =
    studyId === null ? apiRoutes.studies.path() : apiRoutes.studyVersions.path({ studyId });
  return apiRequest(path, createStudyResponseSchema, {
    method: 'POST',
    rawBody: studyFormData(base, source),
  });
}

/** The problems of a 422 STUDY_INVALID answer, or null for any other failure. */
export function problemsOf(error: unknown): StudyProblem[] | null {
  if (!(error instanceof ApiClientError) || error.code !== 'STUDY_INVALID') return null;
  const parsed = studyInvalidResponseSchema.safeParse(error.body);
  return parsed.success ? parsed.data.problems : null;
}
