import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { sql, type Kysely, type Selectable } from 'kysely';
import { z } from 'zod';
import {
  studyFileSchema,
  windowOptionsSchema,
  windowRequestSchema,
  windowResultSchema,
  type WindowDetailResponse,
  type WindowOptions,
  type WindowRequestInput,
  type WindowResultView,
  type WindowSummary,
  type StudyFile,
  type WindowWithdrawal,
} from '@holgura/contracts';
import { nowIso } from '../../db/dialect';
import type { Db } from '../../db/database';
import type { ConnectionWindowsTable, Database, JobState } from '../../db/schema';
import type { ClaimedJob } from '../../jobs/claimed-job';
import { finishJob } from '../../jobs/finish-job';
import { cancelledJob, insertQueuedJob } from '../../jobs/job-rows';
import { newestStudyVersion } from '../studies/newest-version';
import type { UserLimitsGuard } from '../uploads/user-limits';
import {
  studyContingencySetFileSchema,
  type StudyContingencySetFile,
} from '../studies/study-contingency-set';

const setOf = (json: string | null): StudyContingencySetFile | null =>
  json === null ? null : studyContingencySetFileSchema.parse(JSON.parse(json));

/** A window to create: the owner's analysed case (or study) and what was asked. */
export interface NewWindow {
  /** Null for a window over a study. */
  caseId: string | null;
  /** A window over a study: the study and its version (the base network is its upload). */
  study?: { studyId: string; version: number };
  uploadId: string;
  name: string;
  options: WindowOptions;
  requests: WindowRequestInput[];
  /** Made from another window without some of its requests (who moves up). */
  withdrawal?: WindowWithdrawal;
  /** Issue #30: the planner's set it runs on (options.contingencies 'case-set'); else null. */
  contingencySet: StudyContingencySetFile | null;
}

type WindowWithJob = Selectable<ConnectionWindowsTable> & {
  case_name: string;
  study_cases: number | null;
  job_state: JobState;
  job_progress: number;
  job_stage: string | null;
  job_error_code: string | null;
  job_error_message: string | null;
};

/** The window's gzip result as its contract (parsed again: a stored row is trusted, not blind). */
function resultOf(gzip: Buffer | null): WindowResultView | null {
  if (gzip === null) return null;
  return windowResultSchema.parse(JSON.parse(gunzipSync(gzip).toString('utf8')));
}

function summaryOf(row: WindowWithJob): WindowSummary {
  const done = row.job_state === 'done';
  return {
    windowId: row.window_id,
    name: row.name,
    caseId: row.case_id,
    caseName: row.case_name,
    study:
      row.study_id === null
        ? null
        : { studyId: row.study_id, version: row.study_version ?? 1, cases: row.study_cases ?? 0 },
    requestCount: row.request_count,
    requestedMw: row.requested_mw,
    options: windowOptionsSchema.parse(JSON.parse(row.options_json)),
    state: row.job_state,
    jobId: row.job_id,
    progressPercent: Math.round(row.job_progress),
    stage: row.job_stage,
    error:
      row.job_error_code === null
        ? null
        : { code: row.job_error_code, message: row.job_error_message ?? '' },
    totals: done
      ? { order: row.total_order_mw, max: row.total_max_mw, fair: row.total_fair_mw }
      : null,
    withdrawal:
      row.original_window_id === null
        ? null
        : {
            originalWindowId: row.original_window_id,
            withdrawnIds: z.array(z.string()).parse(JSON.parse(row.withdrawn_ids_json ?? '[]')),
          },
    createdAt: row.created_at,
  };
}

/**
 * `connection_windows` belongs to this module (issue #28): a window, its requests and options as
 * sent, and its result once its job is done. Every read is the owner's.
 */
export function windowsRepository(db: Db, owner: string) {
  const withJob = (q: Kysely<Database>) =>
    q
      .selectFrom('connection_windows')
      .innerJoin('analysis_jobs', 'analysis_jobs.id', 'connection_windows.job_id')
      // A window is on a case or over a study: its name is the one that is there.
      .leftJoin('cases', 'cases.case_id', 'connection_windows.case_id')
      .leftJoin('studies', 'studies.study_id', 'connection_windows.study_id')
      .leftJoin('study_versions', (join) =>
        join
          .onRef('study_versions.study_id', '=', 'connection_windows.study_id')
          .onRef('study_versions.version', '=', 'connection_windows.study_version'),
      )
      .selectAll('connection_windows')
      .select(sql<string>`coalesce(cases.case_name, studies.name, '')`.as('case_name'))
      .select([
        'study_versions.case_count as study_cases',
        'analysis_jobs.state as job_state',
        'analysis_jobs.progress_percent as job_progress',
        'analysis_jobs.stage as job_stage',
        'analysis_jobs.error_code as job_error_code',
        'analysis_jobs.error_message as job_error_message',
      ])
      .where('connection_windows.user_id', '=', owner);

  return {
    /** Stores the window and queues its job in one transaction, within the owner's limits. */
    async create(window: NewWindow, limits?: UserLimitsGuard) {
      const requestsJson = JSON.stringify(window.requests);
      const optionsJson = JSON.stringify(window.options);
      return db.transaction().execute(async (tx) => {
        await limits?.assertWithin(tx, owner, requestsJson.length + optionsJson.length);
        const now = nowIso();
        const jobId = randomUUID();
        const windowId = randomUUID();
        await insertQueuedJob(
          tx,
          {
            id: jobId,
            user_id: owner,
            upload_id: window.uploadId,
            case_id: window.caseId,
            kind: 'window',
          },
          now,
        );
        await tx
          .insertInto('connection_windows')
          .values({
            window_id: windowId,
            user_id: owner,
            case_id: window.caseId,
            study_id: window.study?.studyId ?? null,
            study_version: window.study?.version ?? null,
            job_id: jobId,
            name: window.name,
            request_count: window.requests.length,
            requested_mw: window.requests.reduce((s, r) => s + r.mw, 0),
            requests_json: requestsJson,
            options_json: optionsJson,
            original_window_id: window.withdrawal?.originalWindowId ?? null,
            withdrawn_ids_json:
              window.withdrawal === undefined
                ? null
                : JSON.stringify(window.withdrawal.withdrawnIds),
            contingency_set_json:
              window.contingencySet === null ? null : JSON.stringify(window.contingencySet),
            created_at: now,
            updated_at: now,
          })
          .execute();
        return { windowId, jobId };
      });
    },

    async list(): Promise<WindowSummary[]> {
      const rows = await withJob(db).orderBy('connection_windows.created_at', 'desc').execute();
      return rows.map(summaryOf);
    },

    async get(windowId: string): Promise<WindowDetailResponse | null> {
      const row = await withJob(db)
        .where('connection_windows.window_id', '=', windowId)
        .executeTakeFirst();
      if (row === undefined) return null;
      return {
        ...summaryOf(row),
        requests: windowRequestSchema.array().parse(JSON.parse(row.requests_json)),
        result: row.job_state === 'done' ? resultOf(row.result_gzip) : null,
      };
    },

    /** The set a window runs on, as stored (a withdrawal keeps it), or null. */
    async contingencySetOf(windowId: string): Promise<StudyContingencySetFile | null> {
      const row = await db
        .selectFrom('connection_windows')
        .select('contingency_set_json')
        .where('window_id', '=', windowId)
        .where('user_id', '=', owner)
        .executeTakeFirst();
      return setOf(row?.contingency_set_json ?? null);
    },

    /** Deletes the window and stops its job if it still runs. */
    async delete(windowId: string): Promise<boolean> {
      return db.transaction().execute(async (tx) => {
        const row = await tx
          .selectFrom('connection_windows')
          .select('job_id')
          .where('window_id', '=', windowId)
          .where('user_id', '=', owner)
          .executeTakeFirst();
        if (row === undefined) return false;
        await tx
          .updateTable('analysis_jobs')
          .set(cancelledJob(nowIso()))
          .where('id', '=', row.job_id)
          .where('state', 'in', ['queued', 'running'])
          .execute();
        await tx.deleteFrom('connection_windows').where('window_id', '=', windowId).execute();
        return true;
      });
    },
  };
}

/** What a window's job reads and writes (the runner's side, by job id). */
export function windowJobStore(db: Db) {
  return {
    async inputsOf(jobId: string) {
      const plain = await db
        .selectFrom('connection_windows')
        .leftJoin('study_versions', (join) =>
          join
            .onRef('study_versions.study_id', '=', 'connection_windows.study_id')
            .onRef('study_versions.version', '=', 'connection_windows.study_version'),
        )
        .select([
          'connection_windows.requests_json',
          'connection_windows.options_json',
          'connection_windows.study_id',
          'connection_windows.contingency_set_json',
          'study_versions.study_json',
        ])
        .where('connection_windows.job_id', '=', jobId)
        .executeTakeFirst();
      if (plain === undefined) return null;
      // A window over a study whose version is gone has nothing to hold in: as if deleted.
      if (plain.study_id !== null && plain.study_json === null) return null;
      const study: StudyFile | null =
        plain.study_json === null ? null : studyFileSchema.parse(JSON.parse(plain.study_json));
      return {
        requests: windowRequestSchema.array().parse(JSON.parse(plain.requests_json)),
        options: windowOptionsSchema.parse(JSON.parse(plain.options_json)),
        study,
        contingencySet: setOf(plain.contingency_set_json),
      };
    },

    /** Stores the result and closes the job, unless the window was deleted or the job retaken. */
    async complete(job: ClaimedJob, result: WindowResultView, gzip: Buffer): Promise<boolean> {
      const total = (rule: 'order' | 'max' | 'fair') => {
        const r = result.rules[rule];
        return r.ok ? r.totalAwardedMw : null;
      };
      return db.transaction().execute(async (tx) => {
        if (!(await finishJob(tx, job))) return false;
        const updated = await tx
          .updateTable('connection_windows')
          .set({
            result_gzip: gzip,
            total_order_mw: total('order'),
            total_max_mw: total('max'),
            total_fair_mw: total('fair'),
            updated_at: nowIso(),
          })
          .where('job_id', '=', job.id)
          .executeTakeFirst();
        return Number(updated.numUpdatedRows) === 1;
      });
    },
  };
}

export type WindowJobStore = ReturnType<typeof windowJobStore>;

/** Deletes a case's windows, with the case (modules/cases/case-delete.ts). */
export async function deleteWindowsOfCase(
  tx: Pick<Kysely<Database>, 'deleteFrom'>,
  caseId: string,
): Promise<void> {
  await tx.deleteFrom('connection_windows').where('case_id', '=', caseId).execute();
}

/** Deletes a study's windows, with the study (modules/studies/studies.repository.ts). */
export async function deleteWindowsOfStudy(
  tx: Pick<Kysely<Database>, 'deleteFrom'>,
  studyId: string,
): Promise<void> {
  await tx.deleteFrom('connection_windows').where('study_id', '=', studyId).execute();
}

/** One of the owner's studies as a window's source: its newest version and base network. */
export async function windowStudySource(db: Db, owner: string, studyId: string) {
  const row = await newestStudyVersion(db, owner, studyId)
    .select([
      'studies.study_id',
      'studies.latest_version',
      'study_versions.study_json',
      'study_versions.upload_id',
      'study_versions.contingency_set_json',
    ])
    .executeTakeFirst();
  if (row === undefined) return null;
  return {
    studyId: row.study_id,
    version: row.latest_version,
    uploadId: row.upload_id,
    study: studyFileSchema.parse(JSON.parse(row.study_json)),
    /** The set the version was sent with (issue #30), or null: every branch. */
    contingencySet: setOf(row.contingency_set_json),
  };
}

/** The upload (base network) of one version of a study, or null when it is gone. */
export async function studyVersionUpload(
  db: Db,
  studyId: string,
  version: number,
): Promise<string | null> {
  const row = await db
    .selectFrom('study_versions')
    .select('upload_id')
    .where('study_id', '=', studyId)
    .where('version', '=', version)
    .executeTakeFirst();
  return row?.upload_id ?? null;
}

/** The study file of one version (the window's audit carries it), or null when it is gone. */
export async function studyVersionFile(
  db: Db,
  studyId: string,
  version: number,
): Promise<StudyFile | null> {
  const row = await db
    .selectFrom('study_versions')
    .select('study_json')
    .where('study_id', '=', studyId)
    .where('version', '=', version)
    .executeTakeFirst();
  return row === undefined ? null : studyFileSchema.parse(JSON.parse(row.study_json));
}
