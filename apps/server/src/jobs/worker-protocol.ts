import type { AnalysisOutcome } from './analysis';

/** Messages between the queue (main thread) and an analysis worker thread. */
export type ToWorker = {
  type: 'run';
  jobId: string;
  attempt: number;
  caseName: string;
  bytes: Uint8Array;
};

export type FromWorker =
  | { type: 'progress'; jobId: string; percent: number; stage: string }
  | { type: 'done'; jobId: string; outcome: AnalysisOutcome }
  | { type: 'error'; jobId: string; detail: string };
