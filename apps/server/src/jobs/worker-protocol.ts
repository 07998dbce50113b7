import type { Transferable } from 'node:worker_threads';

/**
 * Messages between the queue (main thread) and a job's worker thread. The queue knows none of
 * the kinds: each kind (registered by the module that owns it: job-kinds.ts, job-handlers.ts) sends its own
 * message types and answers with its own reply; the queue only reads a run's progress, its
 * case's size and a bug's error.
 */
export interface ToWorker {
  type: string;
  jobId: string;
}

/** A kind's answer to one message (its outcome), posted when the turn ends. */
export interface KindReply {
  type: string;
  jobId: string;
}

/** What any run posts while it runs, whatever its kind. */
export type ThreadStatus =
  | { type: 'progress'; jobId: string; percent: number; stage: string }
  /** The case is read: its size, before any analysis (issue #26: lanes and limits). */
  | { type: 'size'; jobId: string; buses: number }
  /** A bug in the engine or the kind's code: the thread lives on, the job fails. */
  | { type: 'error'; jobId: string; detail: string };

export type FromWorker = ThreadStatus | KindReply;

/** How a run ended: the job's state is written ('finished'), or its thread died under it. */
export type RunOutcome = 'finished' | 'crashed';

/** A thread's answer to one message, or its death. */
export type ThreadAnswer =
  { type: 'reply'; reply: KindReply } | { type: 'crashed'; reason: string };

/** One message to the thread running a job, and its answer (progress is stored meanwhile). */
export type ThreadTalk = (message: ToWorker, transfer?: Transferable[]) => Promise<ThreadAnswer>;
