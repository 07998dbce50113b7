import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { describeEngineError, parseStudyGroup, studyGroupLabel } from '@holgura/contracts';
import { nowIso } from '../../db/dialect';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { deleteReplacedResults, deleteResult, writeResult } from '../results/result-store';
import type { ClaimedJob } from '../../jobs/claimed-job';
import { finishJob } from '../../jobs/finish-job';
import type { EncodedFlexibility, EncodedGroupFacts } from '../results/result-encoding';

/**
 * A case's flexibility for one study group, as `case_group_analyses` keeps it (issue #21): the
 * GET …/analyses/{analysisId} answer `{ groupKey, flexibility }` gzip-compressed once, the
 * figures the list shows, and (issue #16) the result whose parts the screens read. Everything
 * was serialised and compressed by the worker thread (result-encoding.ts).
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
  /** The result holding the parts (result-store.ts); null for a group that failed. */
  resultId: string | null;
}

function resultRow(
  base: Pick<GroupRow, 'caseId' | 'userId' | 'jobId'>,
  group: EncodedGroupFacts,
  resultId: string | null,
): GroupRow {
  return {
    ...base,
    groupKey: group.groupKey,
    label: group.label,
    chosenBy: group.chosenBy,
    errorCode: null,
    errorMessage: null,
    tmaxMw: group.tmaxMw,
    fcitcAttributableMw: group.fcitcAttributableMw,
    fcitcStrictMw: group.fcitcStrictMw,
    preExistingCount: group.preExistingCount,
    unitCount: group.unitCount,
    gzip: Buffer.from(
      group.answerGzip.buffer,
      group.answerGzip.byteOffset,
      group.answerGzip.byteLength,
    ),
    etag: group.answerEtag,
    resultId,
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
export function prepareGroupRow(
  job: ClaimedJob,
  caseId: string,
  flexibility: { group: EncodedGroupFacts | null; resultId: string } | null,
  failure: { code: string; detail: string } | null,
): GroupRow | null {
  const base = { caseId, userId: job.userId, jobId: job.id };
  if (flexibility !== null) {
    return flexibility.group === null
      ? null
      : resultRow(base, flexibility.group, flexibility.resultId);
  }
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
    resultId: null,
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
  result_id: row.resultId,
  updated_at: now,
});

/**
 * Inserts or replaces the case's row for the group (one per case and group key); the result it
 * showed before, if any.
 */
export async function saveGroupRow(tx: Kysely<Database>, row: GroupRow): Promise<string | null> {
  const now = nowIso();
  const before = await tx
    .selectFrom('case_group_analyses')
    .select('result_id')
    .where('case_id', '=', row.caseId)
    .where('group_key', '=', row.groupKey)
    .executeTakeFirst();
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
  return before?.result_id ?? null;
}

/** The queue's side of 'group' jobs: their results and failures, each with the job's state. */
export function groupJobStore(db: Db) {
  return {
    /**
     * Stores the group's result and closes the job: its parts first (result-store.ts), then one
     * transaction that closes the job and points the group's row at them.
     */
    async complete(job: ClaimedJob, flexibility: EncodedFlexibility): Promise<boolean> {
      const caseId = job.caseId;
      if (caseId === null) throw new Error(`group job ${job.id} has no case`);
      if (flexibility.group === null) throw new Error('a flexibility result without its group');
      const resultId = await writeResult(db, {
        caseId,
        jobId: job.id,
        parts: [],
        flexibility,
      });
      const row = resultRow(
        { caseId, userId: job.userId, jobId: job.id },
        flexibility.group,
        resultId,
      );
      const now = nowIso();
      let shown: { replaced: string | null } | null;
      try {
        shown = await db.transaction().execute(async (tx) => {
          if (!(await finishJob(tx, job, now))) return null;
          // The row the re-run was queued for (POST …/analyses wrote it with this job).
          const before = await tx
            .selectFrom('case_group_analyses')
            .select('result_id')
            .where('job_id', '=', job.id)
            .executeTakeFirst();
          await tx
            .updateTable('case_group_analyses')
            .set(rowColumns(row, now))
            .where('job_id', '=', job.id)
            .execute();
          return { replaced: before?.result_id ?? null };
        });
      } catch (error) {
        await deleteResult(db, resultId).catch(() => undefined);
        throw error;
      }
      if (shown === null) {
        await deleteResult(db, resultId);
        return false;
      }
      await deleteReplacedResults(db, job.id, resultId, [shown.replaced]);
      return true;
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
