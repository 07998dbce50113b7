import { apiErrorSchema } from '@holgura/contracts';
import { ApiClientError, authorizationHeader } from '../../lib/api-client';
import { es } from '../../strings/es';

/**
 * The file name the server chose (Content-Disposition), preferring the UTF-8 `filename*` form;
 * null when there is none.
 */
export function fileNameFromDisposition(header: string | null): string | null {
  if (header === null) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1] !== undefined) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed escape: fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"/i.exec(header) ?? /filename\s*=\s*([^;]+)/i.exec(header);
  const name = plain?.[1]?.trim();
  return name === undefined || name === '' ? null : name;
}

/** Hands a blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later, not at once: some browsers start reading the blob after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Fetches an export with the app's authorisation (bearer or session cookie) and saves it.
 * Failures throw ApiClientError with the API's Spanish message. Returns the saved file name.
 */
export async function downloadExport(path: string, fallbackName: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      headers: { ...(await authorizationHeader(path)) },
    });
  } catch {
    throw new ApiClientError('NETWORK_ERROR', es.errors.network, null);
  }
  if (!response.ok) {
    let payload: unknown;
    try {
      payload = await response.json();
    } catch {
      payload = undefined;
    }
    const parsed = apiErrorSchema.safeParse(payload);
    if (parsed.success) {
      throw new ApiClientError(parsed.data.error.code, parsed.data.error.message, response.status);
    }
    throw new ApiClientError('HTTP_ERROR', es.errors.http(response.status), response.status);
  }
  const blob = await response.blob();
  const fileName =
    fileNameFromDisposition(response.headers.get('Content-Disposition')) ?? fallbackName;
  saveBlob(blob, fileName);
  return fileName;
}
