import { ApiClientError } from '../../../lib/api-client';
import { es } from '../../../strings/es';

/** The Spanish message of a failed call: the API's own, or the client's (network, status). */
export function errorText(error: unknown): string {
  return error instanceof ApiClientError ? error.message : es.analysis.upload.unknownError;
}
