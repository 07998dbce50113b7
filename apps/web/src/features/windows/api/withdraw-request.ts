import {
  createWindowResponseSchema,
  windowPaths,
  type CreateWindowResponse,
} from '@holgura/contracts';
import { apiRequest } from '../../../lib/api-client';

/**
 * «¿Y si se retira?»: a new window on the same case and options without these requests, queued
 * (202 with its job). 404 for another user's window, 409 before the window has an award.
 */
export function withdrawRequests(
  windowId: string,
  requestIds: string[],
): Promise<CreateWindowResponse> {
  return apiRequest(windowPaths.withdraw(windowId), createWindowResponseSchema, {
    method: 'POST',
    body: { requestIds },
  });
}
