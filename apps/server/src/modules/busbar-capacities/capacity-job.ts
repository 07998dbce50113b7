import { progressStage } from '@holgura/contracts';
import type { JobRunner, ThreadJobHandler } from '../../jobs/job-kinds';
import { settleReply } from '../../jobs/job-outcome';
import {
  capacityRunOptions,
  capacityTransferables,
  runBusbarCapacities,
  type CapacityContingencyFile,
  type CapacityOutcome,
  type CapacityRunOptions,
} from './busbar-capacities';
import type { BusbarCapacityJobStore } from './busbar-capacity.store';

/** A 'capacity' job's message: every busbar's N-1 capacity of an analysed case (issue #17). */
export interface CapacityRunMessage {
  type: 'capacity-run';
  jobId: string;
  attempt: number;
  bytes: Uint8Array;
  options: CapacityRunOptions;
}

export interface CapacityDoneReply {
  type: 'capacity-done';
  jobId: string;
  outcome: CapacityOutcome;
}

/** The thread side: the engine's allBusbarCapacities, its columns handed over. */
export const runCapacitiesInThread: ThreadJobHandler = async (message, thread) => {
  const run = message as CapacityRunMessage;
  const outcome = await runBusbarCapacities(run.bytes, run.options, thread.progress);
  thread.post(
    {
      type: 'capacity-done',
      jobId: thread.jobId,
      outcome,
    } satisfies CapacityDoneReply as CapacityDoneReply,
    outcome.ok ? capacityTransferables(outcome.columns) : [],
  );
};

/**
 * A 'capacity' job (issue #17, docs/decisions/016): the N-1 capacity of every bus of an analysed
 * case, computed on one worker thread (its progress is the engine's), then stored a batch at a
 * time and shown by the transaction that closes the job. A case the engine refuses fails the job
 * with the engine's code and its Spanish message.
 */
export function capacityJobRunner(
  capacities: BusbarCapacityJobStore,
  /** The case's contingency file (issue #30), read when the job runs; null: every branch. */
  contingencyFileOf: (caseId: string) => Promise<CapacityContingencyFile | null>,
): JobRunner {
  return async ({ job, bytes, talk, store, publish, log }) => {
    const file = job.caseId === null ? null : await contingencyFileOf(job.caseId);
    const answer = await talk(
      {
        type: 'capacity-run',
        jobId: job.id,
        attempt: job.attempts,
        bytes,
        options: {
          ...capacityRunOptions(job.options),
          ...(file === null ? {} : { contingencySet: file }),
        },
      } satisfies CapacityRunMessage as CapacityRunMessage,
      [bytes.buffer as ArrayBuffer],
    );
    if (answer.type === 'crashed') return 'crashed';
    const outcome = await settleReply<Extract<CapacityOutcome, { ok: true }>>(
      answer.reply,
      'capacity-done',
      {
        jobId: job.id,
        log,
        fail: (code, message) => store.fail(job.id, code, message),
        bugLog: 'busbar capacities failed with a bug',
        refusedLog: 'capacity refused',
      },
    );
    if (outcome === null) return 'finished';
    await store.progress(job.id, 92, progressStage.savingBusbarCapacities);
    await publish(job.id).catch(() => undefined);
    await capacities.complete(job, outcome.columns);
    return 'finished';
  };
}
