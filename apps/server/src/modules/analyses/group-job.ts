import { errorMessages, progressStage, type AnalysisOptions } from '@holgura/contracts';
import type { CapacityContingencyFile } from '../busbar-capacities/busbar-capacities';
import type { EngineFailure } from '../../jobs/engine-failure';
import type { JobRunner, ThreadJobHandler } from '../../jobs/job-kinds';
import { settleReply } from '../../jobs/job-outcome';
import {
  encodeFlexibility,
  transferablesOf,
  type EncodedFlexibility,
} from '../results/result-encoding';
import { runGroupAnalysis } from './group-flexibility';
import type { GroupJobStore } from './group-jobs.repository';

/** A group's flexibility, encoded for storage like an upload's result. */
export type EncodedGroupOutcome = { ok: true; encoded: EncodedFlexibility } | EngineFailure;

/** A 'group' job's message: the flexibility of an analysed case with another study group. */
export interface GroupRunMessage {
  type: 'group-run';
  jobId: string;
  bytes: Uint8Array;
  group: string;
  /** How to compute it (issue #25). */
  options: AnalysisOptions;
  /** Issue #30: the case's set, when `options.contingencies` is 'case-set'. */
  contingencySet: CapacityContingencyFile | null;
}

export interface GroupDoneReply {
  type: 'group-done';
  jobId: string;
  outcome: EncodedGroupOutcome;
}

/** The thread side: the group's flexibility, encoded for storage. */
export const runGroupInThread: ThreadJobHandler = async (message, thread) => {
  const run = message as GroupRunMessage;
  const { jobId, post } = thread;
  const outcome = await runGroupAnalysis(
    run.bytes,
    run.group,
    thread.progress,
    run.options,
    run.contingencySet,
  );
  if (!outcome.ok) {
    post({ type: 'group-done', jobId, outcome } satisfies GroupDoneReply as GroupDoneReply);
    return;
  }
  thread.progress(97, progressStage.savingResults);
  const encoded = encodeFlexibility(outcome.flexibility);
  post(
    {
      type: 'group-done',
      jobId,
      outcome: { ok: true, encoded },
    } satisfies GroupDoneReply as GroupDoneReply,
    transferablesOf({ flexibility: encoded }),
  );
};

/**
 * A 'group' job (issue #21): the flexibility of an analysed case with another study group, on
 * one worker thread, stored beside the case's other groups. A group that cannot run (no unit
 * in it, no headroom, a row the case lacks) fails the job with the engine's code and its
 * Spanish message, kept with the group so the list says why.
 */
export function groupJobRunner(
  groups: GroupJobStore,
  /** The case's contingency set (issue #30), read when a run on it starts. */
  contingencyFileOf: (caseId: string) => Promise<CapacityContingencyFile | null>,
): JobRunner {
  return async ({ job, bytes, talk, store, log }) => {
    if (job.studyGroup === null) throw new Error(`group job ${job.id} has no group`);
    let contingencySet: CapacityContingencyFile | null = null;
    if (job.options.contingencies === 'case-set') {
      contingencySet = job.caseId === null ? null : await contingencyFileOf(job.caseId);
      if (contingencySet === null) {
        // The set was removed while the run waited: nothing to compute it on.
        const message = errorMessages.CASE_CONTINGENCY_SET_MISSING;
        await groups.fail(job, 'CASE_CONTINGENCY_SET_MISSING', message);
        await store.fail(job.id, 'CASE_CONTINGENCY_SET_MISSING', message);
        return 'finished';
      }
    }
    const answer = await talk(
      {
        type: 'group-run',
        jobId: job.id,
        bytes,
        group: job.studyGroup,
        options: job.options,
        contingencySet,
      } satisfies GroupRunMessage as GroupRunMessage,
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
          await groups.fail(job, code, message);
          await store.fail(job.id, code, message);
        },
        bugLog: 'group analysis failed with a bug',
        refusedLog: 'group refused',
      },
    );
    if (outcome !== null) await groups.complete(job, outcome.encoded);
    return 'finished';
  };
}
