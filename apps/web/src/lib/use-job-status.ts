import type { JobStatus } from '@holgura/contracts';
import { useEffect, useRef, useState } from 'react';
import { followJob } from './job-progress';

/**
 * Follows a job live (event stream, else polling) while `active`; `onFinished` runs once when it
 * ends (done, failed or cancelled) or can no longer be followed. The last status seen, or null.
 */
export function useJobStatus(
  jobId: string | null,
  active: boolean,
  onFinished: (final: JobStatus | null) => void,
): JobStatus | null {
  const [status, setStatus] = useState<JobStatus | null>(null);
  const finished = useRef(onFinished);
  useEffect(() => {
    finished.current = onFinished;
  });

  useEffect(() => {
    if (jobId === null || !active) return;
    const controller = new AbortController();
    followJob(jobId, (next) => setStatus(next), controller.signal).then(
      (final) => finished.current(final),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof DOMException && error.name === 'AbortError') return;
        finished.current(null);
      },
    );
    return () => controller.abort();
  }, [jobId, active]);

  return jobId === null || status?.jobId !== jobId ? null : status;
}
