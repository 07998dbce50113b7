import type { Insertable, Kysely } from 'kysely';
import { errorMessages } from '@holgura/contracts';
import type { AnalysisJobsTable, Database, JobKind } from '../db/schema';
import type { ClaimedJob } from './claimed-job';

/**
 * `analysis_jobs` belongs to jobs/ (issue #27, docs/decisions/017): the modules that queue,
 * cancel or delete jobs, or count a study's progress, call these inside their own transactions
 * instead of writing the table.
 */

/** A job to queue: everything but its state and times, which queueing sets. */
export type NewJob = Omit<
  Insertable<AnalysisJobsTable>,
  'state' | 'queued_at' | 'created_at' | 'updated_at'
>;

/**
 * Inserts a job as 'queued', in the transaction that writes what it works on (docs/decisions/007:
 * committed first, then handed to the queue).
 */
export async function insertQueuedJob(
  tx: Pick<Kysely<Database>, 'insertInto'>,
  job: NewJob,
  now: string,
): Promise<void> {
  await tx
    .insertInto('analysis_jobs')
    .values({ ...job, state: 'queued', queued_at: now, created_at: now, updated_at: now })
    .execute();
}

/** The columns of a job stopped by its owner (issue #26). */
export const cancelledJob = (now: string) => ({
  state: 'cancelled' as const,
  stage: null,
  error_code: 'JOB_CANCELLED',
  error_message: errorMessages.JOB_CANCELLED,
  finished_at: now,
  updated_at: now,
});

/** Cancels a study's unfinished jobs; how many there were. */
export async function cancelStudyJobs(
  tx: Pick<Kysely<Database>, 'updateTable'>,
  studyId: string,
  now: string,
): Promise<number> {
  const stopped = await tx
    .updateTable('analysis_jobs')
    .set(cancelledJob(now))
    .where('study_id', '=', studyId)
    .where('state', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return Number(stopped.numUpdatedRows);
}

/** Deletes a case's jobs, with the case (modules/cases/case-delete.ts). */
export async function deleteJobsOfCase(
  tx: Pick<Kysely<Database>, 'deleteFrom'>,
  caseId: string,
): Promise<void> {
  await tx.deleteFrom('analysis_jobs').where('case_id', '=', caseId).execute();
}

/** Whether the job still runs under the attempt that claimed it. */
export async function isStillRunning(
  tx: Pick<Kysely<Database>, 'selectFrom'>,
  job: Pick<ClaimedJob, 'id' | 'attempts'>,
): Promise<boolean> {
  const row = await tx
    .selectFrom('analysis_jobs')
    .select('id')
    .where('id', '=', job.id)
    .where('state', '=', 'running')
    .where('attempts', '=', job.attempts)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Counts one more stored case of a study job, with its progress, only while it still runs under
 * the attempt that claimed it; whether it did.
 */
export async function countStudySlice(
  tx: Pick<Kysely<Database>, 'updateTable'>,
  job: Pick<ClaimedJob, 'id' | 'attempts'>,
  progress: { percent: number; stage: string },
  now: string,
): Promise<boolean> {
  const counted = await tx
    .updateTable('analysis_jobs')
    .set((eb) => ({
      slices_done: eb('slices_done', '+', 1),
      progress_percent: Math.round(progress.percent),
      stage: progress.stage,
      updated_at: now,
    }))
    .where('id', '=', job.id)
    .where('state', '=', 'running')
    .where('attempts', '=', job.attempts)
    .executeTakeFirst();
  return Number(counted.numUpdatedRows) === 1;
}

/**
 * A study job gives its turn away between two cases (issue #15), an all-bus AC verification
 * between two slices of buses (issue #31): back to the queue behind the jobs waiting, its
 * attempts reset; whether it still ran under this attempt.
 */
export async function yieldStudyTurn(
  tx: Pick<Kysely<Database>, 'updateTable'>,
  job: Pick<ClaimedJob, 'id' | 'attempts'>,
  now: string,
): Promise<boolean> {
  const result = await tx
    .updateTable('analysis_jobs')
    .set({ state: 'queued', attempts: 0, queued_at: now, updated_at: now })
    .where('id', '=', job.id)
    .where('state', '=', 'running')
    .where('attempts', '=', job.attempts)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Jobs that take turns (they give theirs away between two parts): never on the small lane. */
export const TURN_TAKING_KINDS = ['study', 'ac-capacity'] as const satisfies readonly JobKind[];

/** Whether another job than this one waits for a thread. */
export async function othersQueued(
  tx: Pick<Kysely<Database>, 'selectFrom'>,
  jobId: string,
): Promise<boolean> {
  const row = await tx
    .selectFrom('analysis_jobs')
    .select('id')
    .where('state', '=', 'queued')
    .where('id', '!=', jobId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
