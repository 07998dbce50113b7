import type { Transferable } from 'node:worker_threads';
import type { NetworkViewV1, StudyFile } from '@holgura/contracts';
import type { AnalysisOutcome } from './analysis';
import type { GroupOutcome } from './group-flexibility';
import type { StudyCaseOutcome } from './study-case';

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
  | { type: 'group-run'; jobId: string; bytes: Uint8Array; group: string }
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
  | { type: 'study-view'; jobId: string; baseKey: string; bytes: Uint8Array };

export type FromWorker =
  | { type: 'progress'; jobId: string; percent: number; stage: string }
  | { type: 'done'; jobId: string; outcome: AnalysisOutcome }
  | { type: 'group-done'; jobId: string; outcome: GroupOutcome }
  | { type: 'study-case-done'; jobId: string; outcome: StudyCaseOutcome }
  | { type: 'study-view-done'; jobId: string; view: NetworkViewV1 | null }
  | { type: 'error'; jobId: string; detail: string };

/** How a run ended: the job's state is written ('finished'), or its thread died under it. */
export type RunOutcome = 'finished' | 'crashed';

/** A thread's answer to one message, or its death. */
export type ThreadAnswer =
  | { type: 'reply'; reply: Exclude<FromWorker, { type: 'progress' }> }
  | { type: 'crashed'; reason: string };

/** One message to the thread running a job, and its answer (progress is stored meanwhile). */
export type ThreadTalk = (message: ToWorker, transfer?: Transferable[]) => Promise<ThreadAnswer>;
