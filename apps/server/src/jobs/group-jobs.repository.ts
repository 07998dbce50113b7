import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  describeEngineError,
  parseStudyGroup,
  studyGroupLabel,
  type Flexibility,
} from '@holgura/contracts';
import { nowIso } from '../db/dialect';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { prepareStoredJson } from '../http/stored-json';
import type { ClaimedJob } from './claimed-job';

/**
 * A case's flexibility for one study group, as `case_group_analyses` keeps it (issue #21): the
 * GET …/analyses/{analysisId} answer `{ groupKey, flexibility }` gzip-compressed once, and the
 * figures the list shows. Compressed before any transaction opens (zlib's thread pool).
 */
export interface GroupRow {
  caseId: string;
  userId: string;
  jobId: string;
  groupKey: string;
  label: string;
  chosenBy: 'default' | 'request';
  errorCode: string | null;
  errorMessage: string | null;
  tmaxMw: number | null;
  fcitcAttributableMw: number | null;
  fcitcStrictMw: number | null;
  preExistingCount: number | null;
  unitCount: number | null;
  gzip: Buffer | null;
  etag: string | null;
}

/** The answer's text: the client already knows the case and analysis ids from the URL. */
export function groupAnswerJson(groupKey: string, flexibility: Flexibility): string {
  return `{"groupKey":${JSON.stringify(groupKey)},"flexibility":${JSON.stringify(flexibility)}}`;
}

async function resultRow(
  base: Pick<GroupRow, 'caseId' | 'userId' | 'jobId'>,
  flexibility: Flexibility,
): Promise<GroupRow> {
  const group = flexibility.studyGroup;
  if (group === undefined) throw new Error('a flexibility result without its study group');
  const { gzip, etag } = await prepareStoredJson(groupAnswerJson(group.key, flexibility));
  return {
    ...base,
    groupKey: group.key,
    label: group.label,
    chosenBy: group.chosenBy,
    errorCode: null,
    errorMessage: null,
    tmaxMw: flexibility.tmaxMw,
    fcitcAttributableMw: flexibility.figures?.attributable.fcitcMw ?? flexibility.fcitcMw,
    fcitcStrictMw: flexibility.figures?.strict.fcitcMw ?? flexibility.fcitcMw,
    preExistingCount: flexibility.preExisting?.counts.total ?? null,
    unitCount: group.units.length,
    gzip,
    etag,
  };
}

/** The label of a stored key (a requested group that failed has no result to take it from). */
function labelOf(groupKey: string): string {
  const parsed = parseStudyGroup(groupKey);
  return parsed.ok && parsed.choice.kind !== 'default' ? studyGroupLabel(parsed.choice) : groupKey;
}

/**
 * The row an upload's analysis leaves for its group: its result, or, when the group it was
 * asked for could not run (no unit in it, no headroom), that group with the error. Null when
 * the default rule itself found nothing to study: there is no group to list.
 */
export async function prepareGroupRow(
  job: ClaimedJob,
  caseId: string,
  flexibility: Flexibility | undefined,
  failure: { code: string; detail: string } | null,
): Promise<GroupRow | null> {
  const base = { caseId, userId: job.userId, jobId: job.id };
  if (flexibility !== undefined) return resultRow(base, flexibility);
  if (failure === null || job.studyGroup === null) return null;
  const described = describeEngineError(failure);
  return {
    ...base,
    groupKey: job.studyGroup,
    label: labelOf(job.studyGroup),
    chosenBy: 'request',
    errorCode: described.code,
    errorMessage: described.message,
    tmaxMw: null,
    fcitcAttributableMw: null,
    fcitcStrictMw: null,
    preExistingCount: null,
    unitCount: null,
    gzip: null,
    etag: null,
  };
}

const rowColumns = (row: GroupRow, now: string) => ({
  job_id: row.jobId,
  label: row.label,
  chosen_by: row.chosenBy,
  error_code: row.errorCode,
  error_message: row.errorMessage,
  tmax_mw: row.tmaxMw,
  fcitc_attributable_mw: row.fcitcAttributableMw,
  fcitc_strict_mw: row.fcitcStrictMw,
  pre_existing_count: row.preExistingCount,
  unit_count: row.unitCount,
  flexibility_gzip: row.gzip,
  flexibility_etag: row.etag,
  updated_at: now,
});

/** Inserts or replaces the case's row for the group (one per case and group key). */
export async function saveGroupRow(tx: Kysely<Database>, row: GroupRow): Promise<void> {
  const now = nowIso();
  await tx
    .insertInto('case_group_analyses')
    .values({
      analysis_id: randomUUID(),
      case_id: row.caseId,
      user_id: row.userId,
      group_key: row.groupKey,
      created_at: now,
      ...rowColumns(row, now),
    })
    .onConflict((oc) => oc.columns(['case_id', 'group_key']).doUpdateSet(rowColumns(row, now)))
    .execute();
}

/** The queue's side of 'group' jobs: their results and failures, each with the job's state. */
export function groupJobStore(db: Db) {
  return {
    /** Stores the group's result and closes the job, in one transaction. */
    async complete(job: ClaimedJob, flexibility: Flexibility): Promise<boolean> {
      const caseId = job.caseId;
      if (caseId === null) throw new Error(`group job ${job.id} has no case`);
      const row = await resultRow({ caseId, userId: job.userId, jobId: job.id }, flexibility);
      const now = nowIso();
      return db.transaction().execute(async (tx) => {
        const closed = await tx
          .updateTable('analysis_jobs')
          .set({
            state: 'done',
            progress_percent: 100,
            stage: null,
            finished_at: now,
            updated_at: now,
          })
          .where('id', '=', job.id)
          .where('state', '=', 'running')
          .executeTakeFirst();
        if (Number(closed.numUpdatedRows) !== 1) return false;
        // The row the re-run was queued for (POST …/analyses wrote it with this job).
        await tx
          .updateTable('case_group_analyses')
          .set(rowColumns(row, now))
          .where('job_id', '=', job.id)
          .execute();
        return true;
      });
    },

    /** Keeps the reason a group failed beside it (the job fails with the same code). */
    async fail(job: ClaimedJob, code: string, message: string): Promise<void> {
      await db
        .updateTable('case_group_analyses')
        .set({ error_code: code, error_message: message, updated_at: nowIso() })
        .where('job_id', '=', job.id)
        .execute();
    },
  };
}

export type GroupJobStore = ReturnType<typeof groupJobStore>;
