import { jobStatusSchema, type JobStatus } from '@holgura/contracts';
import { api } from '../../../lib/api-client';

export const jobPath = (jobId: string) => `/api/jobs/${encodeURIComponent(jobId)}`;
export const POLL_INTERVAL_MS = 1000;

export function isFinished(status: JobStatus): boolean {
  return status.state === 'done' || status.state === 'failed';
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
    const status = await api.get(jobPath(jobId), jobStatusSchema, signal);
    onStatus(status);
    if (isFinished(status)) return status;
    await wait(POLL_INTERVAL_MS, signal);
  }
}

/**
 * Follows a job to its end: Server-Sent Events (`event: status`) when the browser has them and
 * the stream answers, else polling. Resolves with the final status (done or failed).
 */
export function followJob(
  jobId: string,
  onStatus: (status: JobStatus) => void,
  signal: AbortSignal,
): Promise<JobStatus> {
  if (typeof EventSource === 'undefined') return poll(jobId, onStatus, signal);
  return new Promise((resolve, reject) => {
    const source = new EventSource(`${jobPath(jobId)}/events`);
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      source.close();
      outcome();
    };
    signal.addEventListener(
      'abort',
      () => finish(() => reject(new DOMException('Aborted', 'AbortError'))),
      { once: true },
    );
    source.addEventListener('status', (event) => {
      let data: unknown;
      try {
        data = JSON.parse((event as MessageEvent<string>).data);
      } catch {
        return;
      }
      const parsed = jobStatusSchema.safeParse(data);
      if (!parsed.success) return;
      onStatus(parsed.data);
      if (isFinished(parsed.data)) finish(() => resolve(parsed.data));
    });
    // The stream failed or closed early (no cookie for a bearer-only user, a proxy cut it):
    // carry on by polling, which sends the bearer token.
    source.addEventListener('error', () => {
      finish(() => poll(jobId, onStatus, signal).then(resolve, reject));
    });
  });
}
