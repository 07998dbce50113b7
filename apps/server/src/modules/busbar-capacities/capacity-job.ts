import type { FastifyBaseLogger } from 'fastify';
import type { ClaimedJob, JobQueueStore } from '../../jobs/jobs.repository';
import type { RunOutcome, ThreadTalk } from '../../jobs/worker-protocol';
import { capacityRunOptions, type CapacityOutcome } from '../../jobs/busbar-capacities';
import { settleReply } from '../../jobs/job-outcome';

/**
 * A 'capacity' job (issue #17, docs/decisions/016): the N-1 capacity of every bus of an analysed
 * case, computed on one worker thread (its progress is the engine's), then stored a batch at a
 * time and shown by the transaction that closes the job. A case the engine refuses fails the job
 * with the engine's code and its Spanish message.
 */
export async function runCapacityJob(deps: {
  job: ClaimedJob;
  bytes: Uint8Array;
  talk: ThreadTalk;
  store: JobQueueStore;
  publish: (jobId: string) => Promise<void>;
  log: FastifyBaseLogger;
}): Promise<RunOutcome> {
  const { job, bytes, talk, store, publish, log } = deps;
  const answer = await talk(
    {
      type: 'capacity-run',
      jobId: job.id,
      attempt: job.attempts,
      bytes,
      options: capacityRunOptions(job.options),
    },
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
  await store.progress(job.id, 92, 'Guardando la capacidad de cada barra');
  await publish(job.id).catch(() => undefined);
  await store.capacity.complete(job, outcome.columns);
  return 'finished';
}
