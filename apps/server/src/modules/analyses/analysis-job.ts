import { progressStage } from '@holgura/contracts';
import type { JobRunner, ThreadJobHandler } from '../../jobs/job-kinds';
import { settleReply } from '../../jobs/job-outcome';
import { encodeResult, transferablesOf } from '../results/result-encoding';
import { runAnalysis } from './analysis';
import type { AnalysisJobStore, EncodedAnalysisOutcome } from './analysis-jobs.repository';

/** The queue's message to the thread for an 'analysis' job. */
export interface AnalysisRunMessage {
  type: 'run';
  jobId: string;
  attempt: number;
  caseName: string;
  bytes: Uint8Array;
  /** The study group's key (issue #21); null: the default rule. */
  group: string | null;
}

/** The thread's answer. */
export interface AnalysisDoneReply {
  type: 'done';
  jobId: string;
  outcome: EncodedAnalysisOutcome;
}

/** The thread side: the analysis, then its result encoded for storage. */
export const runAnalysisInThread: ThreadJobHandler = async (message, thread) => {
  const run = message as AnalysisRunMessage;
  const { jobId, post } = thread;
  const outcome = await runAnalysis(run.bytes, run.caseName, thread.progress, run.group);
  if (!outcome.ok) {
    post({ type: 'done', jobId, outcome } satisfies AnalysisDoneReply as AnalysisDoneReply);
    return;
  }
  thread.progress(97, progressStage.savingResults);
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
    } satisfies AnalysisDoneReply as AnalysisDoneReply,
    transferablesOf(encoded),
  );
};

/** The API side of 'analysis' jobs: an upload's analysis on a thread, its result stored. */
export function analysisJobRunner(analyses: Pick<AnalysisJobStore, 'complete'>): JobRunner {
  return async ({ job, bytes, talk, store, log }) => {
    const answer = await talk(
      {
        type: 'run',
        jobId: job.id,
        attempt: job.attempts,
        caseName: job.caseName,
        bytes,
        group: job.studyGroup,
      } satisfies AnalysisRunMessage as AnalysisRunMessage,
      [bytes.buffer as ArrayBuffer],
    );
    if (answer.type === 'crashed') return 'crashed';
    const outcome = await settleReply<Extract<EncodedAnalysisOutcome, { ok: true }>>(
      answer.reply,
      'done',
      {
        jobId: job.id,
        log,
        fail: (code, message) => store.fail(job.id, code, message),
        bugLog: 'analysis failed with a bug',
        refusedLog: 'bad input',
      },
    );
    if (outcome !== null) await analyses.complete(job, outcome);
    return 'finished';
  };
}
