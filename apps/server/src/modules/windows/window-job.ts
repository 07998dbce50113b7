import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { studySituations, toStudySpec, type Network, type WindowSituation } from '@holgura/engine';
import {
  errorMessages,
  progressStage,
  type StudyFile,
  type WindowOptions,
  type WindowRequestInput,
  type WindowResultView,
  type WindowRuleName,
} from '@holgura/contracts';
import { engineFailure, readCaseForJob, type EngineFailure } from '../../jobs/engine-failure';
import type { JobRunner, ThreadJobHandler } from '../../jobs/job-kinds';
import { settleReply } from '../../jobs/job-outcome';
import { allocateWindowRules, type WindowOnSet } from './window-allocation';
import { readCapacitySet } from '../busbar-capacities/busbar-capacities';
import type { StudyContingencySetFile } from '../studies/study-contingency-set';
import type { WindowJobStore } from './windows.repository';

/** The engine's and the solver's names, for the audit file (package versions, kept by hand). */
export const WINDOW_SOLVER = 'HiGHS 1.x (npm highs ^1.15.3, WebAssembly)';
export const WINDOW_ENGINE = 'Holgura engine (packages/engine)';

export interface WindowRunMessage {
  type: 'window-run';
  jobId: string;
  bytes: Uint8Array;
  requests: WindowRequestInput[];
  options: WindowOptions;
  /** A window over a study: its file; the bytes are its base network. */
  study: StudyFile | null;
  caseSha256: string;
  /** Issue #30: the planner's set the window runs on (its files and summary); null: every branch. */
  contingencySet: StudyContingencySetFile | null;
}

/** The networks a window holds in: the case, or each scenario × year case of the study. */
export function windowSituations(network: Network, study: StudyFile | null): WindowSituation[] {
  return study === null ? [{ network }] : studySituations(network, toStudySpec(study));
}

export type WindowOutcome =
  { ok: true; gzip: Uint8Array; result: WindowResultView } | EngineFailure;

export interface WindowDoneReply {
  type: 'window-done';
  jobId: string;
  outcome: WindowOutcome;
}

const stageOf: Record<WindowRuleName, string> = {
  order: progressStage.windowOrder,
  max: progressStage.windowMax,
  fair: progressStage.windowFair,
};
const percentOf: Record<WindowRuleName, number> = { order: 10, max: 40, fair: 65 };
/** The fair rule's filling moves the bar from 65 % to 95 %, pass after pass. */
const FAIR_SPAN = 30;

/**
 * SHA-256 of what the window was asked, canonically: the audit's key to reproduce it. On a
 * planner's set (issue #30) its files' text counts too: the same options on another set are
 * another window.
 */
export function windowInputsSha256(
  requests: WindowRequestInput[],
  options: WindowOptions,
  contingencySet: StudyContingencySetFile | null = null,
): string {
  const sortedOptions = Object.fromEntries(
    Object.entries(options).sort(([a], [b]) => a.localeCompare(b)),
  );
  return createHash('sha256')
    .update(
      JSON.stringify({
        requests,
        options: sortedOptions,
        ...(contingencySet === null ? {} : { contingencySet: contingencySet.file }),
      }),
    )
    .digest('hex');
}

/** The thread side: the case read, the three rules allocated, the result compressed. */
export const runWindowInThread: ThreadJobHandler = async (message, thread) => {
  const run = message as WindowRunMessage;
  const { jobId, post } = thread;
  let outcome: WindowOutcome;
  try {
    thread.progress(3, progressStage.readingCase);
    const { network, generatorIds } = await readCaseForJob(run.bytes);
    const situations = windowSituations(network, run.study);
    let onSet: WindowOnSet | null = null;
    if (run.contingencySet !== null) {
      const { file, summary } = run.contingencySet;
      // Each case reads the files against its own network (a study's projects add elements).
      const sets = situations.map((s) => readCapacitySet(s.network, file, generatorIds));
      // Never computed on part of a planner's list: a line a case cannot resolve stops it.
      const partial = sets.find((s) => s.unresolved.length > 0 || s.contingencies.length === 0);
      if (partial !== undefined) {
        const detail = `${partial.unresolved.length} unresolved lines`;
        post({
          type: 'window-done',
          jobId,
          outcome: { ok: false, code: 'CONTINGENCY_FILE_UNRESOLVED', detail },
        } satisfies WindowDoneReply as WindowDoneReply);
        return;
      }
      onSet = { sets, summary };
    }
    let lastFair = 0;
    const allocation = await allocateWindowRules(
      situations,
      run.requests,
      run.options,
      (rule, fair) => {
        if (fair === undefined) return thread.progress(percentOf[rule], stageOf[rule]);
        // A level can take a few ms: at most two progress messages a second.
        const now = performance.now();
        if (now - lastFair < 500 && fair.done < fair.total) return;
        lastFair = now;
        thread.progress(
          percentOf.fair + (FAIR_SPAN * fair.done) / Math.max(1, fair.total),
          progressStage.windowFairLevel(fair.done, fair.total, fair.pass),
        );
      },
      onSet,
    );
    thread.progress(97, progressStage.savingResults);
    const result: WindowResultView = {
      ...allocation,
      audit: {
        caseSha256: run.caseSha256,
        inputsSha256: windowInputsSha256(run.requests, run.options, run.contingencySet),
        ...(run.study === null
          ? {}
          : {
              studySha256: createHash('sha256').update(JSON.stringify(run.study)).digest('hex'),
            }),
        solver: WINDOW_SOLVER,
        engine: WINDOW_ENGINE,
        computedAt: new Date().toISOString(),
      },
    };
    outcome = { ok: true, gzip: gzipSync(JSON.stringify(result)), result };
  } catch (error) {
    outcome = engineFailure(error);
  }
  post({ type: 'window-done', jobId, outcome } satisfies WindowDoneReply as WindowDoneReply);
};

/**
 * A 'window' job (issue #28): the window's three rules on its case, on one worker thread. Bad
 * requests were refused before the window was stored; what the engine still refuses (a bus
 * outside the sink's island) fails the job with its code and Spanish message.
 */
export function windowJobRunner(windows: WindowJobStore): JobRunner {
  return async ({ job, bytes, talk, store, log }) => {
    const inputs = await windows.inputsOf(job.id);
    if (inputs === null) {
      // The window was deleted before its job ran: nothing to compute.
      await store.fail(job.id, 'JOB_CANCELLED', errorMessages.JOB_CANCELLED);
      return 'finished';
    }
    const answer = await talk(
      {
        type: 'window-run',
        jobId: job.id,
        bytes,
        requests: inputs.requests,
        options: inputs.options,
        study: inputs.study,
        caseSha256: job.uploadSha256,
        contingencySet: inputs.contingencySet,
      } satisfies WindowRunMessage as WindowRunMessage,
      [bytes.buffer as ArrayBuffer],
    );
    if (answer.type === 'crashed') return 'crashed';
    const outcome = await settleReply<Extract<WindowOutcome, { ok: true }>>(
      answer.reply,
      'window-done',
      {
        jobId: job.id,
        log,
        fail: (code, message) => store.fail(job.id, code, message),
        bugLog: 'connection window failed with a bug',
        refusedLog: 'connection window refused',
      },
    );
    if (outcome !== null) {
      const gzip = Buffer.from(
        outcome.gzip.buffer,
        outcome.gzip.byteOffset,
        outcome.gzip.byteLength,
      );
      await windows.complete(job, outcome.result, gzip);
    }
    return 'finished';
  };
}
