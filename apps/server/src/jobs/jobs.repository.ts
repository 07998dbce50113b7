import { errorMessages, type JobStatus } from '@holgura/contracts';
import { nowIso } from '../db/dialect';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { AnalysisJobsTable } from '../db/schema';
import { storedAnalysisOptions } from './analysis-options';
import type { ClaimedJob } from './claimed-job';
import { cancelledJob, TURN_TAKING_KINDS } from './job-rows';

type JobRow = Selectable<AnalysisJobsTable>;

/** Analyses that die with their worker this many times fail for good. */
export const MAX_JOB_ATTEMPTS = 3;

export type { ClaimedJob };

/**
 * The scale-out queue's key for one delivery: the job id, and for a study the time it was last
 * queued, so a study that gave its turn away is delivered again (a new key) while a lost or
 * repeated send of the same turn — the periodic sweep re-sends running jobs too — stays a no-op.
 * (Keyed by the cases it had stored, a running study changed key with every case, and the sweep
 * handed it to a second thread as if its process had died.)
 */
function deliveryKey(row: { id: string; kind: string; queued_at: string | null }): string {
  return (TURN_TAKING_KINDS as readonly string[]).includes(row.kind)
    ? `${row.id}:${row.queued_at ?? ''}`
    : row.id;
}

export function toJobStatus(row: JobRow): JobStatus {
  return {
    jobId: row.id,
    kind: row.kind,
    caseId: row.case_id,
    studyId: row.study_id,
    state: row.state,
    progressPercent: row.progress_percent,
    stage: row.stage,
    error:
      row.error_code === null ? null : { code: row.error_code, message: row.error_message ?? '' },
    attempts: row.attempts,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  };
}

/** A queued job's place in the queue: 1 + the queued jobs ahead of it (issue #26). */
async function queuePosition(db: Db, row: JobRow): Promise<number | null> {
  if (row.state !== 'queued' || row.queued_at === null) return null;
  const ahead = await db
    .selectFrom('analysis_jobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('state', '=', 'queued')
    .where((eb) =>
      eb.or([
        eb('queued_at', '<', row.queued_at),
        eb.and([eb('queued_at', '=', row.queued_at), eb('id', '<', row.id)]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(ahead.n) + 1;
}

/** What a user may see of jobs: only their own. */
export function jobsRepository(db: Db, owner: string) {
  return {
    async find(jobId: string): Promise<JobStatus | null> {
      const row = await db
        .selectFrom('analysis_jobs')
        .selectAll()
        .where('id', '=', jobId)
        .where('user_id', '=', owner)
        .executeTakeFirst();
      if (row === undefined) return null;
      return { ...toJobStatus(row), queuePosition: await queuePosition(db, row) };
    },

    /**
     * Stops one of the owner's jobs (issue #26): 'cancelled' at once; the thread running it is
     * terminated by the pool that runs it (at once in this process, else within a second), and
     * whatever it would still write is dropped (every write expects 'running'). A study is
     * cancelled through its own route, which also drops its half-computed cases.
     */
    async cancel(jobId: string): Promise<'cancelled' | 'not-running' | 'not-found' | 'study'> {
      const row = await db
        .selectFrom('analysis_jobs')
        .select(['kind', 'state'])
        .where('id', '=', jobId)
        .where('user_id', '=', owner)
        .executeTakeFirst();
      if (row === undefined) return 'not-found';
      if (row.kind === 'study') return 'study';
      const now = nowIso();
      const stopped = await db
        .updateTable('analysis_jobs')
        .set(cancelledJob(now))
        .where('id', '=', jobId)
        .where('state', 'in', ['queued', 'running'])
        .executeTakeFirst();
      return Number(stopped.numUpdatedRows) === 1 ? 'cancelled' : 'not-running';
    },
  };
}

/** A job with what running it needs: its upload's content key and its case's name. */
const jobsToRun = (db: Db) =>
  db
    .selectFrom('analysis_jobs')
    .innerJoin('uploads', 'uploads.id', 'analysis_jobs.upload_id')
    .leftJoin('cases', 'cases.case_id', 'analysis_jobs.case_id')
    .select([
      'analysis_jobs.id',
      'analysis_jobs.user_id',
      'analysis_jobs.kind',
      'analysis_jobs.case_id',
      'analysis_jobs.study_id',
      'analysis_jobs.study_version',
      'analysis_jobs.attempts',
      'analysis_jobs.slices_done',
      'analysis_jobs.study_group',
      'analysis_jobs.options_json',
      'analysis_jobs.state',
      'uploads.sha256',
      'uploads.bus_count',
      'cases.case_name',
    ]);
type RunRow = Awaited<ReturnType<ReturnType<typeof jobsToRun>['executeTakeFirstOrThrow']>>;
const claimed = (row: RunRow, attempts: number): ClaimedJob => ({
  id: row.id,
  userId: row.user_id,
  kind: row.kind,
  caseId: row.case_id,
  caseName: row.case_name ?? '',
  studyId: row.study_id,
  studyVersion: row.study_version,
  uploadSha256: row.sha256,
  studyGroup: row.study_group,
  options: storedAnalysisOptions(row.options_json),
  attempts,
  caseBuses: row.bus_count,
  slicesDone: row.slices_done,
});

/**
 * The next job to run, fairly (issue #26): users in turn — the queued job of the user whose
 * last job started longest ago (or never), oldest first among theirs — so one user's many
 * jobs never keep another's waiting for more than one turn.
 * With `smallOnly` (only the small-case thread is free), a case not known to be larger than
 * `smallCaseBuses`, never a study.
 */
async function claimNext(
  db: Db,
  lane: { smallOnly: boolean; smallCaseBuses: number } = {
    smallOnly: false,
    smallCaseBuses: Number.POSITIVE_INFINITY,
  },
): Promise<ClaimedJob | null> {
  for (;;) {
    let candidates = jobsToRun(db).where('analysis_jobs.state', '=', 'queued');
    if (lane.smallOnly) {
      candidates = candidates
        .where('analysis_jobs.kind', 'not in', TURN_TAKING_KINDS)
        .where((eb) =>
          eb.or([
            eb('uploads.bus_count', 'is', null),
            eb('uploads.bus_count', '<=', lane.smallCaseBuses),
          ]),
        );
    }
    // Users in turn: the one served longest ago (or never) first, by the last start of
    // any of their jobs; among a user's jobs, the oldest.
    const next = await candidates
      .orderBy(
        (eb) =>
          sql`(${eb
            .selectFrom('analysis_jobs as served')
            .select((r) => r.fn.max('served.started_at').as('last'))
            .whereRef('served.user_id', '=', 'analysis_jobs.user_id')}) asc nulls first`,
      )
      .orderBy('analysis_jobs.queued_at')
      .orderBy('analysis_jobs.id')
      .limit(1)
      .executeTakeFirst();
    if (next === undefined) return null;
    const now = nowIso();
    const taken = await db
      .updateTable('analysis_jobs')
      .set({
        state: 'running',
        attempts: next.attempts + 1,
        started_at: now,
        updated_at: now,
      })
      .where('id', '=', next.id)
      .where('state', '=', 'queued')
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) return claimed(next, next.attempts + 1);
    // Another runner took it between our read and our write: look again.
  }
}

/**
 * Claims one job by id (pg-boss delivers ids). A job still 'running' is claimable: its
 * delivery was retried because the process running it stopped answering. Past the attempt
 * limit the job fails instead. Returns null when there is nothing to run.
 */
async function claimById(db: Db, maxAttempts: number, jobId: string): Promise<ClaimedJob | null> {
  const row = await jobsToRun(db).where('analysis_jobs.id', '=', jobId).executeTakeFirst();
  if (row === undefined || (row.state !== 'queued' && row.state !== 'running')) return null;
  if (row.attempts >= maxAttempts) {
    await db
      .updateTable('analysis_jobs')
      .set({
        state: 'failed',
        error_code: 'JOB_WORKER_CRASHED',
        error_message: errorMessages.JOB_WORKER_CRASHED,
        finished_at: nowIso(),
        updated_at: nowIso(),
      })
      .where('id', '=', jobId)
      .where('attempts', '=', row.attempts)
      .execute();
    return null;
  }
  const now = nowIso();
  const taken = await db
    .updateTable('analysis_jobs')
    .set({
      state: 'running',
      attempts: row.attempts + 1,
      started_at: now,
      updated_at: now,
    })
    .where('id', '=', jobId)
    .where('attempts', '=', row.attempts)
    .where('state', 'in', ['queued', 'running'])
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) return null;
  return claimed(row, row.attempts + 1);
}

/**
 * The queue's side: claims, progress and results. Every transition names the state it expects,
 * so a job is claimed by one runner and its result written at most once.
 */
export function jobQueueStore(db: Db, maxAttempts: number) {
  return {
    /** The next job to run, fairly (claimNext above). */
    claimNext: (lane?: { smallOnly: boolean; smallCaseBuses: number }) => claimNext(db, lane),

    /** One job by id, as pg-boss delivers them (claimById above). */
    claim: (jobId: string) => claimById(db, maxAttempts, jobId),

    /**
     * Jobs not finished, oldest first: the scale-out queue re-sends them (a no-op while pg-boss
     * still holds them), so a lost send or a dead process's job is never forgotten.
     */
    async unfinishedIds(limit: number): Promise<{ id: string; key: string }[]> {
      const rows = await db
        .selectFrom('analysis_jobs')
        .select(['id', 'kind', 'queued_at'])
        .where('state', 'in', ['queued', 'running'])
        .orderBy('queued_at')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ id: row.id, key: deliveryKey(row) }));
    },

    /** The delivery key of a job's current turn (see deliveryKey). */
    async deliveryKeyOf(jobId: string): Promise<string> {
      const row = await db
        .selectFrom('analysis_jobs')
        .select(['id', 'kind', 'queued_at'])
        .where('id', '=', jobId)
        .executeTakeFirst();
      return row === undefined ? jobId : deliveryKey(row);
    },

    /** The states of these jobs; a job deleted meanwhile is missing from the map. */
    async states(jobIds: readonly string[]): Promise<Map<string, JobRow['state']>> {
      const rows = await db
        .selectFrom('analysis_jobs')
        .select(['id', 'state'])
        .where('id', 'in', jobIds)
        .execute();
      return new Map(rows.map((row) => [row.id, row.state]));
    },

    /** The size of the job's case, kept with its upload for the lanes of its next jobs. */
    async recordCaseSize(jobId: string, buses: number): Promise<void> {
      const job = await db
        .selectFrom('analysis_jobs')
        .select('upload_id')
        .where('id', '=', jobId)
        .executeTakeFirst();
      if (job === undefined) return;
      await db
        .updateTable('uploads')
        .set({ bus_count: buses })
        .where('id', '=', job.upload_id)
        .execute();
    },

    /**
     * A case that turned out too large for the small-case thread goes back to the queue for
     * the other one; the attempt does not count (nothing went wrong with it).
     */
    async requeueForLargeLane(jobId: string): Promise<void> {
      await db
        .updateTable('analysis_jobs')
        .set((eb) => ({
          state: 'queued',
          attempts: eb('attempts', '-', 1),
          progress_percent: 0,
          stage: null,
          updated_at: nowIso(),
        }))
        .where('id', '=', jobId)
        .where('state', '=', 'running')
        .execute();
    },

    async progress(jobId: string, percent: number, stage: string): Promise<void> {
      await db
        .updateTable('analysis_jobs')
        .set({ progress_percent: Math.round(percent), stage, updated_at: nowIso() })
        .where('id', '=', jobId)
        .where('state', '=', 'running')
        .execute();
    },

    async fail(jobId: string, code: string, message: string): Promise<void> {
      const now = nowIso();
      await db
        .updateTable('analysis_jobs')
        .set({
          state: 'failed',
          error_code: code,
          error_message: message,
          stage: null,
          finished_at: now,
          updated_at: now,
        })
        .where('id', '=', jobId)
        .where('state', '=', 'running')
        .execute();
    },

    /** A runner died under the job: try again, up to `maxAttempts` in all. */
    async retryOrFail(jobId: string, code: string, message: string): Promise<'queued' | 'failed'> {
      const row = await db
        .selectFrom('analysis_jobs')
        .select(['attempts', 'kind'])
        .where('id', '=', jobId)
        .executeTakeFirst();
      if (row !== undefined && row.attempts < maxAttempts) {
        // A study keeps the cases it stored, and so its progress.
        const restart = row.kind === 'study' ? {} : { progress_percent: 0 };
        await db
          .updateTable('analysis_jobs')
          .set({ state: 'queued', stage: null, ...restart, updated_at: nowIso() })
          .where('id', '=', jobId)
          .where('state', '=', 'running')
          .execute();
        return 'queued';
      }
      await this.fail(jobId, code, message);
      return 'failed';
    },

    /** At start: jobs left running by a process that died go back to the queue (or fail). */
    async recoverInterrupted(code: string, message: string): Promise<number> {
      const stale = await db
        .selectFrom('analysis_jobs')
        .select('id')
        .where('state', '=', 'running')
        .execute();
      for (const { id } of stale) await this.retryOrFail(id, code, message);
      return stale.length;
    },

    async status(jobId: string): Promise<JobStatus | null> {
      const row = await db
        .selectFrom('analysis_jobs')
        .selectAll()
        .where('id', '=', jobId)
        .executeTakeFirst();
      return row === undefined ? null : toJobStatus(row);
    },
  };
}

export type JobQueueStore = ReturnType<typeof jobQueueStore>;
