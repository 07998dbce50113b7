import {
  readWindowRequestsResponseSchema,
  windowPaths,
  type ReadWindowRequestsResponse,
} from '@holgura/contracts';
import { apiRequest } from '../../../lib/api-client';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A requests file the server reads: the Excel template or a JSON `{"requests": [...]}`. */
export const isRequestsFile = (file: File) => /\.(json|xlsx)$/i.test(file.name);

/**
 * Reads the requests of the template or a JSON file without storing anything: the requests, or
 * every problem with its sheet, row and cell (or its field in the JSON). With a case, a bus
 * that is not in it is a problem too.
 */
export function readRequestsFile(file: File, caseId?: string): Promise<ReadWindowRequestsResponse> {
  return apiRequest(windowPaths.readRequests(caseId), readWindowRequestsResponseSchema, {
    method: 'POST',
    rawBody: file,
    headers: { 'Content-Type': /\.xlsx$/i.test(file.name) ? XLSX_TYPE : 'application/json' },
  });
}
