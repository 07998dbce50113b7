import {
  apiRoutes,
  studyValidationResponseSchema,
  type StudyValidationResponse,
} from '@holgura/contracts';
import { apiRequest } from '../../../lib/api-client';
import { studyFormData, type BaseCase, type StudySource } from './study-form-data';

/**
 * Checks a study against its base case without storing anything: every problem (by field, or
 * by sheet, row and cell), or the summary of what running it takes.
 */
export function validateStudy(
  base: BaseCase,
  source: StudySource,
  signal?: AbortSignal,
): Promise<StudyValidationResponse> {
  return apiRequest(apiRoutes.studyValidation.path(), studyValidationResponseSchema, {
    method: 'POST',
    rawBody: studyFormData(base, source),
    signal,
  });
}
