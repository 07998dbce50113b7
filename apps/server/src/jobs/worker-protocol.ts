import type { Transferable } from 'node:worker_threads';
import type { AnalysisOptions, NetworkViewV1, StudyFile } from '@holgura/contracts';
import type { CapacityOutcome, CapacityRunOptions } from './busbar-capacities';
import type { EngineFailure } from './engine-failure';
import type { EncodedFlexibility, EncodedResult } from './result-encoding';
import type { StudyCaseOutcome } from './study-case';

/**
 * An upload's analysis as the thread hands it over: serialised and compressed for storage
 * (result-encoding.ts), so the API's event loop never handles the result as objects.
 */
export type EncodedAnalysisOutcome =
  | {
      ok: true;
      encoded: EncodedResult;
      contingencyCount: number;
      /** Why the flexibility is missing (an empty requested group, …); null when it is there. */
      flexibilityError: { code: string; detail: string } | null;
    }
  | EngineFailure;

/** A group's flexibility, encoded the same way. */
export type EncodedGroupOutcome = { ok: true; encoded: EncodedFlexibility } | EngineFailure;

/** Messages between the queue (main thread) and an analysis worker thread. */
export type ToWorker =
  | {
      type: 'run';
      jobId: string;
      attempt: number;
      caseName: string;
      bytes: Uint8Array;
      /** The study group's key (issue #21); null: the default rule. */
      group: string | null;
    }
  /** A 'group' job: the flexibility of an analysed case with another study group. */
  | {
      type: 'group-run';
      jobId: string;
      bytes: Uint8Array;
      group: string;
      /** How to compute it (issue #25). */
      options: AnalysisOptions;
    }
  | {
      type: 'study-case';
      jobId: string;
      /** The base network's content key: the thread keeps the last one it read. */
      baseKey: string;
      bytes: Uint8Array;
      study: StudyFile;
      scenario: string;
      year: number;
    }
  | { type: 'study-view'; jobId: string; baseKey: string; bytes: Uint8Array }
  /** A 'capacity' job: every busbar's N-1 capacity of an analysed case (issue #17). */
  | {
      type: 'capacity-run';
      jobId: string;
      attempt: number;
      bytes: Uint8Array;
      options: CapacityRunOptions;
    };

export type FromWorker =
  | { type: 'progress'; jobId: string; percent: number; stage: string }
  /** The case is read: its size, before any analysis (issue #26: lanes and limits). */
  | { type: 'size'; jobId: string; buses: number }
  | { type: 'done'; jobId: string; outcome: EncodedAnalysisOutcome }
  | { type: 'group-done'; jobId: string; outcome: EncodedGroupOutcome }
  | { type: 'study-case-done'; jobId: string; outcome: StudyCaseOutcome }
  | { type: 'study-view-done'; jobId: string; view: NetworkViewV1 | null }
  | { type: 'capacity-done'; jobId: string; outcome: CapacityOutcome }
  | { type: 'error'; jobId: string; detail: string };

/** How a run ended: the job's state is written ('finished'), or its thread died under it. */
export type RunOutcome = 'finished' | 'crashed';

/** A thread's answer to one message, or its death. */
export type ThreadAnswer =
  | { type: 'reply'; reply: Exclude<FromWorker, { type: 'progress' } | { type: 'size' }> }
  | { type: 'crashed'; reason: string };

/** One message to the thread running a job, and its answer (progress is stored meanwhile). */
export type ThreadTalk = (message: ToWorker, transfer?: Transferable[]) => Promise<ThreadAnswer>;
