import { runAnalysis } from './analysis';
import type { FromWorker, ToWorker } from './worker-protocol';

/**
 * One job in a worker thread, progress as it goes. A bug in the engine comes back as an 'error'
 * message; a crash of the thread itself is noticed by the queue.
 */
export async function handleJob(
  message: ToWorker,
  post: (message: FromWorker) => void,
): Promise<void> {
  const { jobId, bytes, caseName } = message;
  try {
    const outcome = await runAnalysis(bytes, caseName, (percent, stage) =>
      post({ type: 'progress', jobId, percent, stage }),
    );
    post({ type: 'done', jobId, outcome });
  } catch (error) {
    post({
      type: 'error',
      jobId,
      detail: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  }
}
