import type { Transferable } from 'node:worker_threads';
import { runAnalysis } from './analysis';
import { setCaseSizeReporter } from './engine-failure';
import { capacityTransferables, runBusbarCapacities } from './busbar-capacities';
import { runGroupAnalysis } from './group-flexibility';
import { encodeFlexibility, encodeResult, transferablesOf } from './result-encoding';
import { buildStudyNetworkView, runStudyCaseJob } from './study-case';
import type { FromWorker, ToWorker } from './worker-protocol';

/**
 * One job (or one case of a study job) in a worker thread, progress as it goes. A bug in the
 * engine comes back as an 'error' message; a crash of the thread itself is noticed by the queue.
 * Results leave the thread serialised and compressed for storage (issue #16): the API only
 * writes their bytes.
 */
export async function handleJob(
  message: ToWorker,
  post: (message: FromWorker, transfer?: Transferable[]) => void,
): Promise<void> {
  const { jobId } = message;
  setCaseSizeReporter((buses) => post({ type: 'size', jobId, buses }));
  try {
    switch (message.type) {
      case 'run': {
        const outcome = await runAnalysis(
          message.bytes,
          message.caseName,
          (percent, stage) => post({ type: 'progress', jobId, percent, stage }),
          message.group,
        );
        if (!outcome.ok) {
          post({ type: 'done', jobId, outcome });
          return;
        }
        report(jobId, post, 97, 'Guardando resultados');
        const encoded = encodeResult(outcome.result, outcome.fullDataJson, outcome.networkView);
        post(
          {
            type: 'done',
            jobId,
            outcome: {
              ok: true,
              encoded,
              contingencyCount: outcome.contingencyCount,
              flexibilityError: outcome.flexibilityError,
            },
          },
          transferablesOf(encoded),
        );
        return;
      }
      case 'group-run': {
        const outcome = await runGroupAnalysis(
          message.bytes,
          message.group,
          (percent, stage) => post({ type: 'progress', jobId, percent, stage }),
          message.options,
        );
        if (!outcome.ok) {
          post({ type: 'group-done', jobId, outcome });
          return;
        }
        report(jobId, post, 97, 'Guardando resultados');
        const encoded = encodeFlexibility(outcome.flexibility);
        post(
          { type: 'group-done', jobId, outcome: { ok: true, encoded } },
          transferablesOf({ flexibility: encoded }),
        );
        return;
      }
      case 'study-case': {
        const outcome = await runStudyCaseJob(message);
        post(
          { type: 'study-case-done', jobId, outcome },
          outcome.ok ? capacityTransferables(outcome.capacities) : [],
        );
        return;
      }
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
      case 'capacity-run': {
        const outcome = await runBusbarCapacities(
          message.bytes,
          message.options,
          (percent, stage) => post({ type: 'progress', jobId, percent, stage }),
        );
        post(
          { type: 'capacity-done', jobId, outcome },
          outcome.ok ? capacityTransferables(outcome.columns) : [],
        );
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

function report(
  jobId: string,
  post: (message: FromWorker) => void,
  percent: number,
  stage: string,
): void {
  post({ type: 'progress', jobId, percent, stage });
}
