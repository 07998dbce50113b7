import type { NetworkViewV1, StudyFile } from '@holgura/contracts';
import { errorMessages, progressStage } from '@holgura/contracts';
import type { JobRunner, ThreadJobHandler } from '../../jobs/job-kinds';
import { settleReply } from '../../jobs/job-outcome';
import {
  capacityTransferables,
  type CapacityContingencyFile,
} from '../busbar-capacities/busbar-capacities';
import { buildStudyNetworkView, runStudyCaseJob, type StudyCaseOutcome } from './study-case';
import type { StudyJobStore } from './study-jobs.repository';

/** One scenario × year case of a study, computed on the thread that keeps its base network. */
export interface StudyCaseMessage {
  type: 'study-case';
  jobId: string;
  /** The base network's content key: the thread keeps the last one it read. */
  baseKey: string;
  bytes: Uint8Array;
  study: StudyFile;
  scenario: string;
  year: number;
  /** Issue #30: the planner's set, read again against this case's network; null: every branch. */
  contingencySet: CapacityContingencyFile | null;
}

export interface StudyCaseDoneReply {
  type: 'study-case-done';
  jobId: string;
  outcome: StudyCaseOutcome;
}

/** The study's own map of its base network, when it has no analysed base case to show. */
export interface StudyViewMessage {
  type: 'study-view';
  jobId: string;
  baseKey: string;
  bytes: Uint8Array;
}

export interface StudyViewDoneReply {
  type: 'study-view-done';
  jobId: string;
  view: NetworkViewV1 | null;
}

/** The thread side of one study case. */
export const runStudyCaseInThread: ThreadJobHandler = async (message, thread) => {
  const outcome = await runStudyCaseJob(message as StudyCaseMessage);
  thread.post(
    {
      type: 'study-case-done',
      jobId: thread.jobId,
      outcome,
    } satisfies StudyCaseDoneReply as StudyCaseDoneReply,
    outcome.ok ? capacityTransferables(outcome.capacities) : [],
  );
};

/** The thread side of a study's map. */
export const drawStudyViewInThread: ThreadJobHandler = async (message, thread) => {
  let view = null;
  try {
    view = await buildStudyNetworkView(message as StudyViewMessage);
  } catch (error) {
    // The map is a picture of the results, not part of them: the study stands without it.
    console.error('study network view failed', error);
  }
  thread.post({
    type: 'study-view-done',
    jobId: thread.jobId,
    view,
  } satisfies StudyViewDoneReply as StudyViewDoneReply);
};

/**
 * A study job on one worker thread (issue #15): its scenario × year cases one at a time, each
 * stored as soon as it is computed. Between two cases it gives its turn away when another job is
 * waiting (`yieldTurn`: it goes behind that job in the queue and resumes at its next case), so a
 * large study never holds up other users' uploads for longer than one case. When every case is
 * stored, the version becomes the study's results.
 */
export function studyJobRunner(study: StudyJobStore): JobRunner {
  return async ({ job, bytes, talk, store, publish, log }) => {
    const plan = await study.plan(job);
    if (plan === null) {
      // The study was deleted while its job waited.
      await store.fail(job.id, 'STUDY_NOT_FOUND', errorMessages.STUDY_NOT_FOUND);
      return 'finished';
    }
    const steps = plan.caseCount + (plan.needsView ? 1 : 0);
    let done = plan.caseCount - plan.pending.length;
    const baseKey = job.uploadSha256;

    for (const slice of plan.pending) {
      const name = `${slice.scenario}_${slice.year}`;
      const busbars = plan.study.busbars.length;
      await store.progress(
        job.id,
        (100 * done) / steps,
        progressStage.studyCaseRunning(done + 1, plan.caseCount, busbars, name),
      );
      await publish(job.id);
      const answer = await talk({
        type: 'study-case',
        jobId: job.id,
        baseKey,
        bytes: bytes.slice(),
        study: plan.study,
        scenario: slice.scenario,
        year: slice.year,
        contingencySet: plan.contingencySet,
      } satisfies StudyCaseMessage as StudyCaseMessage);
      if (answer.type === 'crashed') return 'crashed';
      const outcome = await settleReply<Extract<StudyCaseOutcome, { ok: true }>>(
        answer.reply,
        'study-case-done',
        {
          jobId: job.id,
          log,
          fail: (code, message) => store.fail(job.id, code, message),
          bugLog: 'study case failed with a bug',
          refusedLog: 'study case refused',
          refusedFields: { case: name },
          messageSuffix: ` (caso ${name})`,
        },
      );
      if (outcome === null) return 'finished';
      done += 1;
      const stored = await study.storeCase(job, slice, outcome.cases, outcome.capacities, {
        percent: (100 * done) / steps,
        stage: progressStage.studyCaseDone(done, plan.caseCount, name),
      });
      if (stored === 'stopped') return 'finished';
      await publish(job.id);
      const more = done < plan.caseCount;
      if (more && (await study.othersWaiting(job.id)) && (await study.yieldTurn(job))) {
        return 'finished';
      }
    }

    if (plan.needsView) {
      await store.progress(job.id, (100 * done) / steps, progressStage.drawingStudyNetwork);
      await publish(job.id);
      const answer = await talk({
        type: 'study-view',
        jobId: job.id,
        baseKey,
        bytes: bytes.slice(),
      } satisfies StudyViewMessage as StudyViewMessage);
      if (answer.type === 'crashed') return 'crashed';
      const reply = answer.reply as StudyViewDoneReply | { type: 'error' };
      if (reply.type === 'study-view-done' && reply.view !== null) {
        await study.saveView(job, reply.view);
      }
    }
    await study.finish(job);
    return 'finished';
  };
}
