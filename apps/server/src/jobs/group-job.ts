import type { FastifyBaseLogger } from 'fastify';
import type { ClaimedJob, JobQueueStore } from './jobs.repository';
import { settleReply } from './job-outcome';
import type { EncodedGroupOutcome, RunOutcome, ThreadTalk } from './worker-protocol';

/**
 * A 'group' job (issue #21): the flexibility of an analysed case with another study group, on
 * one worker thread, stored beside the case's other groups. A group that cannot run (no unit
 * in it, no headroom, a row the case lacks) fails the job with the engine's code and its
 * Spanish message, kept with the group so the list says why.
 */
export async function runGroupJob(deps: {
  job: ClaimedJob;
  bytes: Uint8Array;
  talk: ThreadTalk;
  store: JobQueueStore;
  log: FastifyBaseLogger;
}): Promise<RunOutcome> {
  const { job, bytes, talk, store, log } = deps;
  if (job.studyGroup === null) throw new Error(`group job ${job.id} has no group`);
  const answer = await talk(
    { type: 'group-run', jobId: job.id, bytes, group: job.studyGroup, options: job.options },
    [bytes.buffer as ArrayBuffer],
  );
  if (answer.type === 'crashed') return 'crashed';
  const outcome = await settleReply<Extract<EncodedGroupOutcome, { ok: true }>>(
    answer.reply,
    'group-done',
    {
      jobId: job.id,
      log,
      fail: async (code, message) => {
        await store.group.fail(job, code, message);
        await store.fail(job.id, code, message);
      },
      bugLog: 'group analysis failed with a bug',
      refusedLog: 'group refused',
    },
  );
  if (outcome !== null) await store.group.complete(job, outcome.encoded);
  return 'finished';
}
