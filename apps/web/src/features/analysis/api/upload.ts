import {
  apiRoutes,
  caseContentType,
  uploadResponseSchema,
  type UploadResponse,
} from '@holgura/contracts';
import { ApiClientError, apiRequest } from '../../../lib/api-client';
import { es } from '../../../strings/es';

const t = es.analysis.upload;

/** A file's first `count` bytes (FileReader: what every browser, and jsdom, has). */
function firstBytes(file: Blob, count: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('FileReader'));
    reader.readAsArrayBuffer(file.slice(0, count));
  });
}

/** POST the raw file, its type read from its first bytes; the API answers 202 with the new case. */
export async function uploadCase(file: File): Promise<UploadResponse> {
  const head = await firstBytes(file, 6);
  return apiRequest(apiRoutes.upload.path(), uploadResponseSchema, {
    method: 'POST',
    rawBody: file,
    headers: {
      'Content-Type': caseContentType(head),
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
