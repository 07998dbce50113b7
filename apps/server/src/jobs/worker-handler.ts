import { runAnalysis } from './analysis';
import { runGroupAnalysis } from './group-flexibility';
import { buildStudyNetworkView, runStudyCaseJob } from './study-case';
import type { FromWorker, ToWorker } from './worker-protocol';

/**
 * One job (or one case of a study job) in a worker thread, progress as it goes. A bug in the
 * engine comes back as an 'error' message; a crash of the thread itself is noticed by the queue.
 */
export async function handleJob(
  message: ToWorker,
  post: (message: FromWorker) => void,
): Promise<void> {
  const { jobId } = message;
  try {
    switch (message.type) {
      case 'run': {
        const outcome = await runAnalysis(
          message.bytes,
          message.caseName,
          (percent, stage) => post({ type: 'progress', jobId, percent, stage }),
          message.group,
        );
        post({ type: 'done', jobId, outcome });
        return;
      }
      case 'group-run': {
        const outcome = await runGroupAnalysis(message.bytes, message.group, (percent, stage) =>
          post({ type: 'progress', jobId, percent, stage }),
        );
        post({ type: 'group-done', jobId, outcome });
        return;
      }
      case 'study-case':
        post({ type: 'study-case-done', jobId, outcome: await runStudyCaseJob(message) });
        return;
      case 'study-view': {
        let view = null;
        try {
          view = await buildStudyNetworkView(message);
        } catch (error) {
          // The map is a picture of the results, not part of them: the study stands without it.
          console.error('study network view failed', error);
        }
        post({ type: 'study-view-done', jobId, view });
        return;
      }
    }
  } catch (error) {
    post({
      type: 'error',
      jobId,
      detail: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  }
}
