import { z } from 'zod';

/** 'cancelled': stopped by its owner (POST /api/jobs/{jobId}/cancel, a study's cancel, a delete). */
export const jobStateSchema = z.enum(['queued', 'running', 'done', 'failed', 'cancelled']);
export type JobState = z.infer<typeof jobStateSchema>;

/** An analysis or study job as its owner sees it (polling and Server-Sent Events alike). */
export const jobStatusSchema = z.object({
  jobId: z.string(),
  /**
   * 'analysis': an uploaded case; 'study': every scenario × year case of a study version;
   * 'group': the flexibility of an analysed case with another study group (caseId set);
   * 'capacity': the N-1 capacity of every busbar of an analysed case (caseId set).
   * 'ac-capacity': those capacities verified in AC, bus after bus (caseId set; issue #31).
   */
  kind: z
    .enum(['analysis', 'study', 'group', 'capacity', 'window', 'ac-capacity'])
    .default('analysis'),
  /** The analysed case; null for a study job. */
  caseId: z.string().nullable(),
  /** The study; null for an analysis job. */
  studyId: z.string().nullable().default(null),
  state: jobStateSchema,
  progressPercent: z.number().int().min(0).max(100),
  /** What the engine is doing, in Spanish, for the progress bar. */
  stage: z.string().nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  attempts: z.number().int().nonnegative(),
  /**
   * While queued: its place among the queued jobs, 1 = next in line (issue #26; the queue
   * takes users in turn, so it may move up). null otherwise; absent from older servers.
   */
  queuePosition: z.number().int().positive().nullable().optional(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type JobStatus = z.infer<typeof jobStatusSchema>;

/** POST /api/casesCalculate/calculate answers with the new case and the job computing it. */
export const uploadResponseSchema = z.object({
  caseId: z.string(),
  jobId: z.string(),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

/**
 * Names of the network files Holgura takes, in any case: the spec's .bin (xz) and .txt, and the
 * files planners have as they come out of PSS/E and MATPOWER — .raw, .m, and .xz (issue #29).
 */
export const CASE_FILE_EXTENSIONS = ['.bin', '.txt', '.m', '.raw', '.xz'] as const;

/** A file input's `accept`: the case extensions and plain text. */
export const CASE_FILE_ACCEPT = [...CASE_FILE_EXTENSIONS, 'text/plain'].join(',');

/** Whether a file name ends in one of CASE_FILE_EXTENSIONS (.RAW as well as .raw). */
export function hasCaseFileExtension(fileName: string): boolean {
  const lower = fileName.toLowerCase();
  return CASE_FILE_EXTENSIONS.some((extension) => lower.endsWith(extension));
}

/** What the web app lets through to the upload: a case file's name, or any plain-text file. */
export function isCaseFile(file: { name: string; type: string }): boolean {
  return hasCaseFileExtension(file.name) || file.type === 'text/plain';
}

/** xz's magic number: a compressed case, whatever its name says. */
const XZ_MAGIC = [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00];

/** The content type a file's first bytes say it has: xz-compressed, or plain text. */
export function caseContentType(firstBytes: Uint8Array): 'application/x-xz' | 'text/plain' {
  const xz = firstBytes.length >= XZ_MAGIC.length && XZ_MAGIC.every((b, i) => firstBytes[i] === b);
  return xz ? 'application/x-xz' : 'text/plain';
}

/** Content types the upload accepts: xz-compressed cases (.bin) and plain text (.txt). */
export const UPLOAD_CONTENT_TYPES = [
  'application/x-xz',
  'application/octet-stream',
  'text/plain',
] as const;

export const cancelJobResponseSchema = z.object({
  jobId: z.string(),
  state: z.literal('cancelled'),
});
export type CancelJobResponse = z.infer<typeof cancelJobResponseSchema>;

/** Path of /api/jobs/:jobId and its event stream. */
export const jobParamsSchema = z.object({
  jobId: z.string().describe('Identificador del análisis (jobId de la subida)'),
});
