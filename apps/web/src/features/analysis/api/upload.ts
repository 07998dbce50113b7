import { apiRoutes, uploadResponseSchema, type UploadResponse } from '@holgura/contracts';
import { ApiClientError, apiRequest } from '../../../lib/api-client';
import { es } from '../../../strings/es';

const t = es.analysis.upload;

/** Spec §5: names ending .bin or .txt, or type text/plain. */
export function isAcceptedFile(file: { name: string; type: string }): boolean {
  const name = file.name.toLowerCase();
  return name.endsWith('.bin') || name.endsWith('.txt') || file.type === 'text/plain';
}

/** `.bin` cases travel xz-compressed; everything else accepted is plain text. */
export function uploadContentType(file: { name: string }): string {
  return file.name.toLowerCase().endsWith('.bin') ? 'application/x-xz' : 'text/plain';
}

/** POST the raw file; the API answers 202 with the new case and the job analysing it. */
export function uploadCase(file: File): Promise<UploadResponse> {
  return apiRequest(apiRoutes.upload.path(), uploadResponseSchema, {
    method: 'POST',
    rawBody: file,
    headers: {
      'Content-Type': uploadContentType(file),
      'X-File-Name': encodeURIComponent(file.name),
      'Cache-Control': 'no-cache',
    },
  });
}

/** Spec §8 upload errors: 401 expired session, the API's own message, else by status. */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof ApiClientError) {
    if (error.status === 401) return t.sessionExpired;
    return error.message;
  }
  return t.unknownError;
}
