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
   */
  kind: z.enum(['analysis', 'study', 'group', 'capacity', 'window']).default('analysis'),
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
