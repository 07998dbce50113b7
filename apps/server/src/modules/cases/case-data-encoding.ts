import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const gzip = promisify(zlib.gzip);

/** A `case_api_data` row's stored text, as written by JSON.stringify. */
export interface StoredCaseData {
  caseId: string;
  fullDataJson: string | null;
  extras: string | null;
  analysisJson: string | null;
  apiResponseDate: string;
}

/**
 * The GET /api/cases/:caseId/data answer (contracts' CaseData), spliced from the stored text
 * rather than parsed and re-serialised: for a 2,000-bus result (~240 KB) that took ~12 ms of the
 * event loop per read.
 */
export function caseDataJson(row: StoredCaseData): string {
  return (
    `{"caseId":${JSON.stringify(row.caseId)},` +
    `"fullDataJson":${row.fullDataJson ?? 'null'},` +
    `"extras":${row.extras ?? 'null'},` +
    `"analysis":${row.analysisJson ?? 'null'},` +
    `"apiResponseDate":${JSON.stringify(row.apiResponseDate)}}`
  );
}

export function entityTagOf(json: string): string {
  return createHash('sha256').update(json).digest('base64url').slice(0, 27);
}

/**
 * What every writer of `case_api_data` stores beside the text: the answer compressed once
 * (gzip -9 of a 2,000-bus result: ~240 KB → ~26 KB; on zlib's thread pool, off the event loop)
 * and its entity tag, so a read sends stored bytes and a browser's revalidation sends none.
 */
export async function encodeCaseData(
  row: StoredCaseData,
): Promise<{ data_gzip: Buffer; data_etag: string }> {
  const json = caseDataJson(row);
  return {
    data_gzip: await gzip(json, { level: zlib.constants.Z_BEST_COMPRESSION }),
    data_etag: entityTagOf(json),
  };
}

/**
 * What a writer that updates only some columns of an existing row stores instead: the ready
 * answer no longer matches, and the next read (findStoredData) encodes the row again.
 */
export const STALE_ENCODING = { data_gzip: null, data_etag: null } as const;
