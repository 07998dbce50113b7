import type { FastifyBaseLogger } from 'fastify';
import { describeEngineError, errorMessages } from '@holgura/contracts';
import type { ClaimedJob, JobQueueStore } from './jobs.repository';
import type { RunOutcome, ThreadTalk } from './worker-protocol';

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
  const { reply } = answer;
  if (reply.type !== 'group-done') {
    log.error({ jobId: job.id, reply }, 'group analysis failed with a bug');
    await store.group.fail(job, 'JOB_INTERNAL', errorMessages.JOB_INTERNAL);
    await store.fail(job.id, 'JOB_INTERNAL', errorMessages.JOB_INTERNAL);
    return 'finished';
  }
  const { outcome } = reply;
  if (outcome.ok) {
    await store.group.complete(job, outcome.encoded);
    return 'finished';
  }
  const described = describeEngineError(outcome);
  log.info({ jobId: job.id, code: outcome.code, detail: outcome.detail }, 'group refused');
  await store.group.fail(job, described.code, described.message);
  await store.fail(job.id, described.code, described.message);
  return 'finished';
}
