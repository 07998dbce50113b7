import type { FastifyBaseLogger } from 'fastify';
import type { JobKind } from '../db/schema';
import type { ClaimedJob } from './claimed-job';
import type { JobQueueStore } from './jobs.repository';
import type { RunOutcome, ThreadTalk } from './worker-protocol';

export type { ThreadJob, ThreadJobHandler, ThreadJobHandlers } from './worker-handler';

/** What a kind's runner gets in the API process for one claimed job. */
export interface JobRun {
  job: ClaimedJob;
  /** The job's upload, a copy the runner may hand over to the thread. */
  bytes: Uint8Array;
  /** One message to the job's thread and its answer. */
  talk: ThreadTalk;
  /** The queue's side of the job: progress and failure (finishJob closes it as done). */
  store: JobQueueStore;
  /** Publishes the job's status to its followers. */
  publish: (jobId: string) => Promise<void>;
  log: FastifyBaseLogger;
}

/**
 * A kind's API side: runs one claimed job, talking to its thread, and stores its outcome in the
 * owning module's tables.
 */
export type JobRunner = (run: JobRun) => Promise<RunOutcome>;

/**
 * The registry of job kinds (issue #27): the queue and the worker pool know no resource module;
 * each module that owns a kind hands its runner in (app.ts, worker-main.ts: job-kinds.ts at the
 * server's root) and its thread handlers to the worker thread's entry (job-worker.ts, through
 * job-handlers.ts).
 */
export type JobRunners = Readonly<Record<JobKind, JobRunner>>;
