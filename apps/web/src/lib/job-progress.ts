/**
 * Following an analysis or study job to its end (shared by /analisis uploads and /estudios).
 */
import {
  apiRoutes,
  cancelJobResponseSchema,
  jobStatusSchema,
  type JobStatus,
} from '@holgura/contracts';
import type { EventSourceMessage } from 'eventsource-parser';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { api, apiRequest, authorizationHeader } from './api-client';

export const POLL_INTERVAL_MS = 1000;

/** A job ends done, failed, or (a study's, stopped by its owner) cancelled. */
export function isFinished(status: JobStatus): boolean {
  return status.state === 'done' || status.state === 'failed' || status.state === 'cancelled';
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('Aborted', 'AbortError'));
      },
      { once: true },
    );
  });
}

async function poll(
  jobId: string,
  onStatus: (status: JobStatus) => void,
  signal: AbortSignal,
): Promise<JobStatus> {
  for (;;) {
    const status = await api.get(apiRoutes.job.path({ jobId }), jobStatusSchema, signal);
    onStatus(status);
    if (isFinished(status)) return status;
    await wait(POLL_INTERVAL_MS, signal);
  }
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * The job's Server-Sent Events (`event: status`), read with fetch rather than EventSource so the
 * request carries the bearer token like every other API call (SAX users have no cookie).
 * Resolves with the final status, or null when the stream could not be used to the end.
 */
async function streamStatuses(
  jobId: string,
  onStatus: (status: JobStatus) => void,
  signal: AbortSignal,
): Promise<JobStatus | null> {
  const path = apiRoutes.jobEvents.path({ jobId });
  let reader: ReadableStreamDefaultReader<EventSourceMessage> | null = null;
  try {
    const response = await fetch(path, {
      credentials: 'same-origin',
      headers: { Accept: 'text/event-stream', ...(await authorizationHeader(path)) },
      signal,
    });
    if (!response.ok || response.body === null) return null;
    reader = response.body
      .pipeThrough(new TextDecoderStream())
      .pipeThrough(new EventSourceParserStream())
      .getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return null;
      if (value.event !== 'status') continue;
      let data: unknown;
      try {
        data = JSON.parse(value.data);
      } catch {
        continue;
      }
      const parsed = jobStatusSchema.safeParse(data);
      if (!parsed.success) continue;
      onStatus(parsed.data);
      if (isFinished(parsed.data)) return parsed.data;
    }
  } catch (error) {
    if (isAbort(error) || signal.aborted) throw new DOMException('Aborted', 'AbortError');
    return null;
  } finally {
    reader?.cancel().catch(() => undefined);
  }
}

/**
 * Follows a job to its end: its event stream when the browser can read one and the stream
 * answers to the end, else polling (a proxy cut the stream, an old browser). Resolves with the
 * final status (done, failed or cancelled).
 */
export async function followJob(
  jobId: string,
  onStatus: (status: JobStatus) => void,
  signal: AbortSignal,
): Promise<JobStatus> {
  if (typeof TextDecoderStream !== 'undefined') {
    const final = await streamStatuses(jobId, onStatus, signal);
    if (final !== null) return final;
  }
  return poll(jobId, onStatus, signal);
}

/** Stops a queued or running job (POST /api/jobs/{jobId}/cancel, issue #26). */
export async function cancelJob(jobId: string): Promise<void> {
  await apiRequest(apiRoutes.jobCancel.path({ jobId }), cancelJobResponseSchema, {
    method: 'POST',
  });
}
