import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { setMaxCaseBuses } from './engine-failure';
import type { WorkerStartData } from './worker-pool';
import { handleJob, type ThreadJobHandlers } from './worker-handler';
import { workerInput } from './worker-input';
import type { ToWorker } from './worker-protocol';

/**
 * Analyses are batch work: when the cores are busy, the API's event loop (in the same process on
 * SQLite) must get them first, or every request waits behind two 10,000-bus analyses (issue #16:
 * /api/health p99 240–890 ms while two ran). On Linux the niceness is per thread, so this lowers
 * only this thread; a platform that refuses leaves it as it was.
 */
export const ANALYSIS_THREAD_NICENESS = 10;

/**
 * A job thread's loop: reads its start data, lowers its priority and runs each message with the
 * kinds' handlers (the entry, job-worker.ts at the server's root, passes them in; bundled as
 * dist/worker.js).
 */
export function serveJobs(handlers: ThreadJobHandlers): void {
  if (parentPort === null) return;
  const port = parentPort;
  const start = workerInput<Partial<WorkerStartData> | undefined>();
  if (start?.maxCaseBuses !== undefined) setMaxCaseBuses(start.maxCaseBuses);
  try {
    os.setPriority(ANALYSIS_THREAD_NICENESS);
  } catch {
    // Not permitted here: the thread runs at the process's priority.
  }
  port.on(
    'message',
    (message: ToWorker) =>
      void handleJob(message, (reply, transfer) => port.postMessage(reply, transfer), handlers),
  );
}
