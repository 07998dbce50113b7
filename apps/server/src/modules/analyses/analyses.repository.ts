import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import {
  analysisOptionsKey,
  DEFAULT_ANALYSIS_OPTIONS,
  flexibilityOptionsKey,
  flexibilitySchema,
  type AnalysisOptions,
  type Flexibility,
  type GroupAnalysisSummary,
} from '@holgura/contracts';
import { analysisOptionsJson, storedAnalysisOptions } from '../../jobs/analysis-options';
import { nowIso } from '../../db/dialect';
import type { Db } from '../../db/database';
import type { StoredJson } from '../../http/stored-json';
import type { UserLimitsGuard } from '../uploads/user-limits';
import { cancelledJob, insertQueuedJob } from '../../jobs/job-rows';
import { deleteResult } from '../results/result-store';

const gunzip = promisify(zlib.gunzip);

/** The owner's analysed case: its upload's job, and the file it read. */
export type AnalysedCase =
  | { status: 'no-case' }
  | { status: 'not-analysed' }
  | { status: 'ok'; uploadId: string; sha256: string };

export type CreatedRun = {
  analysisId: string;
  jobId: string;
  /** The group was already run (or running): its row and job are answered, nothing queued. */
  existing: boolean;
};

/**
 * The row key of a group's analysis: its group text, with `|<options key>` when its options are
 * not the defaults (migration 2026-11-29). The cap does not change a flexibility: it is left out.
 */
export function analysisRowKey(groupKey: string, options: AnalysisOptions): string {
  const key = flexibilityOptionsKey(options);
  return key === '' ? groupKey : `${groupKey}|${key}`;
}

/** The group text of a row key. */
const groupOfRowKey = (rowKey: string) => rowKey.split('|')[0]!;

/**
 * Issue #30: the flexibility runs of a case on its contingency set, dropped when the set changes
 * or goes (they were computed on the old one): their rows and results, and their jobs still
 * waiting. Returns how many.
 */
export async function dropRunsOnContingencySet(db: Db, caseId: string): Promise<number> {
  const onSet = `%${analysisOptionsKey({ ...DEFAULT_ANALYSIS_OPTIONS, contingencies: 'case-set' })}%`;
  return db.transaction().execute(async (tx) => {
    const rows = await tx
      .selectFrom('case_group_analyses')
      .select(['analysis_id', 'job_id', 'result_id'])
      .where('case_id', '=', caseId)
      .where('group_key', 'like', onSet)
      .execute();
    if (rows.length === 0) return 0;
    await tx
      .updateTable('analysis_jobs')
      .set(cancelledJob(nowIso()))
      .where(
        'id',
        'in',
        rows.map((r) => r.job_id),
      )
      .where('state', 'in', ['queued', 'running'])
      .execute();
    await tx
      .deleteFrom('case_group_analyses')
      .where(
        'analysis_id',
        'in',
        rows.map((r) => r.analysis_id),
      )
      .execute();
    for (const row of rows) {
      if (row.result_id !== null) await deleteResult(tx as unknown as Db, row.result_id);
    }
    return rows.length;
  });
}

/**
 * The flexibility of an owner's cases per study group and analysis options (issues #21, #25):
 * `case_group_analyses` rows and the 'group' jobs that fill them. Another user's case is a
 * missing one.
 */
export function analysesRepository(db: Db, owner: string) {
  /** The newest upload job of the case (kind 'analysis'), which holds the file. */
  const uploadJob = (caseId: string) =>
    db
      .selectFrom('analysis_jobs')
      .innerJoin('uploads', 'uploads.id', 'analysis_jobs.upload_id')
      .select(['analysis_jobs.state', 'analysis_jobs.upload_id', 'uploads.sha256'])
      .where('analysis_jobs.case_id', '=', caseId)
      .where('analysis_jobs.user_id', '=', owner)
      .where('analysis_jobs.kind', '=', 'analysis')
      .orderBy('analysis_jobs.created_at', 'desc')
      .executeTakeFirst();

  return {
    async analysedCase(caseId: string): Promise<AnalysedCase> {
      const caseRow = await db
        .selectFrom('cases')
        .select('case_id')
        .where('case_id', '=', caseId)
        .where('user_id', '=', owner)
        .executeTakeFirst();
      if (caseRow === undefined) return { status: 'no-case' };
      const job = await uploadJob(caseId);
      if (job === undefined || job.state !== 'done') return { status: 'not-analysed' };
      return { status: 'ok', uploadId: job.upload_id, sha256: job.sha256 };
    },

    /**
     * Queues a 'group' job for the case and group, unless that group is already done or on its
     * way (then its row answers). A group that failed is run again. The job and the row are
     * written in one transaction, within the owner's job limits.
     */
    async createRun(
      caseId: string,
      uploadId: string,
      group: { key: string; label: string },
      options: AnalysisOptions,
      limits?: UserLimitsGuard,
    ): Promise<CreatedRun> {
      // The cap is the busbar study's: the flexibility is keyed and stored without it.
      const flexibilityOptions = { ...options, capMw: DEFAULT_ANALYSIS_OPTIONS.capMw };
      const rowKey = analysisRowKey(group.key, flexibilityOptions);
      const optionsJson = analysisOptionsJson(flexibilityOptions);
      return db.transaction().execute(async (tx) => {
        const existing = await tx
          .selectFrom('case_group_analyses')
          .innerJoin('analysis_jobs', 'analysis_jobs.id', 'case_group_analyses.job_id')
          .select([
            'case_group_analyses.analysis_id',
            'case_group_analyses.job_id',
            'case_group_analyses.error_code',
            'analysis_jobs.state',
          ])
          .where('case_group_analyses.case_id', '=', caseId)
          .where('case_group_analyses.group_key', '=', rowKey)
          .executeTakeFirst();
        const usable =
          existing !== undefined &&
          existing.error_code === null &&
          ['queued', 'running', 'done'].includes(existing.state);
        if (usable) {
          return { analysisId: existing.analysis_id, jobId: existing.job_id, existing: true };
        }
        await limits?.assertWithin(tx, owner, 0);
        const now = nowIso();
        const jobId = randomUUID();
        await insertQueuedJob(
          tx,
          {
            id: jobId,
            user_id: owner,
            upload_id: uploadId,
            case_id: caseId,
            kind: 'group',
            study_group: group.key,
            options_json: optionsJson,
          },
          now,
        );
        const fresh = {
          job_id: jobId,
          label: group.label,
          chosen_by: 'request' as const,
          error_code: null,
          error_message: null,
          tmax_mw: null,
          fcitc_attributable_mw: null,
          fcitc_strict_mw: null,
          pre_existing_count: null,
          unit_count: null,
          flexibility_gzip: null,
          flexibility_etag: null,
          updated_at: now,
        };
        if (existing !== undefined) {
          await tx
            .updateTable('case_group_analyses')
            .set(fresh)
            .where('analysis_id', '=', existing.analysis_id)
            .execute();
          return { analysisId: existing.analysis_id, jobId, existing: false };
        }
        const analysisId = randomUUID();
        await tx
          .insertInto('case_group_analyses')
          .values({
            analysis_id: analysisId,
            case_id: caseId,
            user_id: owner,
            group_key: rowKey,
            options_json: optionsJson,
            created_at: now,
            ...fresh,
          })
          .execute();
        return { analysisId, jobId, existing: false };
      });
    },

    /** The case's groups: the upload's first, then newest first. */
    async list(caseId: string): Promise<GroupAnalysisSummary[]> {
      const rows = await db
        .selectFrom('case_group_analyses')
        .innerJoin('analysis_jobs', 'analysis_jobs.id', 'case_group_analyses.job_id')
        .select([
          'case_group_analyses.analysis_id',
          'case_group_analyses.group_key',
          'case_group_analyses.options_json',
          'case_group_analyses.label',
          'case_group_analyses.chosen_by',
          'case_group_analyses.job_id',
          'case_group_analyses.error_code',
          'case_group_analyses.error_message',
          'case_group_analyses.tmax_mw',
          'case_group_analyses.fcitc_attributable_mw',
          'case_group_analyses.fcitc_strict_mw',
          'case_group_analyses.pre_existing_count',
          'case_group_analyses.unit_count',
          'case_group_analyses.created_at',
          'case_group_analyses.updated_at',
          'case_group_analyses.flexibility_etag',
          'analysis_jobs.kind',
          'analysis_jobs.state',
          'analysis_jobs.progress_percent',
          'analysis_jobs.stage',
          'analysis_jobs.error_code as job_error_code',
          'analysis_jobs.error_message as job_error_message',
        ])
        .where('case_group_analyses.case_id', '=', caseId)
        .where('case_group_analyses.user_id', '=', owner)
        .orderBy('case_group_analyses.created_at', 'desc')
        .execute();
      const summaries = rows.map((row): GroupAnalysisSummary => {
        const error =
          row.error_code !== null
            ? { code: row.error_code, message: row.error_message ?? '' }
            : row.job_error_code !== null
              ? { code: row.job_error_code, message: row.job_error_message ?? '' }
              : null;
        const done = row.state === 'done' && row.flexibility_etag !== null;
        const state =
          error !== null || row.state === 'failed' || row.state === 'cancelled'
            ? 'failed'
            : done
              ? 'done'
              : row.state === 'done'
                ? 'failed'
                : row.state;
        return {
          analysisId: row.analysis_id,
          groupKey: groupOfRowKey(row.group_key),
          label: row.label,
          chosenBy: row.chosen_by,
          isUploadGroup: row.kind === 'analysis',
          options: storedAnalysisOptions(row.options_json),
          state,
          jobId: row.job_id,
          progressPercent: row.progress_percent,
          stage: row.stage,
          error,
          tmaxMw: row.tmax_mw,
          fcitcMw:
            row.fcitc_attributable_mw === null || row.fcitc_strict_mw === null
              ? null
              : { attributable: row.fcitc_attributable_mw, strict: row.fcitc_strict_mw },
          preExistingCount: row.pre_existing_count,
          unitCount: row.unit_count,
          createdAt: row.created_at,
          updatedAt: row.updated_at,
        };
      });
      return summaries.sort((a, b) => Number(b.isUploadGroup) - Number(a.isUploadGroup));
    },

    /** One group's stored answer; null when there is none (yet) for this owner and case. */
    async findStored(caseId: string, analysisId: string): Promise<StoredJson | null> {
      const row = await db
        .selectFrom('case_group_analyses')
        .select(['flexibility_gzip', 'flexibility_etag'])
        .where('analysis_id', '=', analysisId)
        .where('case_id', '=', caseId)
        .where('user_id', '=', owner)
        .executeTakeFirst();
      if (row === undefined || row.flexibility_gzip === null || row.flexibility_etag === null) {
        return null;
      }
      return { etag: row.flexibility_etag, gzip: row.flexibility_gzip, json: null };
    },

    /** One group's flexibility, parsed (the exports read it). */
    async findFlexibility(caseId: string, analysisId: string): Promise<Flexibility | null> {
      const stored = await this.findStored(caseId, analysisId);
      if (stored === null) return null;
      const answer = JSON.parse((await gunzip(stored.gzip!)).toString('utf8')) as {
        flexibility?: unknown;
      };
      return flexibilitySchema.parse(answer.flexibility);
    },
  };
}

/** The answer's text for a client that does not take gzip. */
export async function storedText(stored: StoredJson): Promise<StoredJson> {
  if (stored.json !== null || stored.gzip === null) return stored;
  return { ...stored, json: (await gunzip(stored.gzip)).toString('utf8') };
}
