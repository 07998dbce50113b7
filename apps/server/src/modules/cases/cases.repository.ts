import type { CaseData, CaseSummary, DemoFlows, UpsertCaseFields } from '@holgura/contracts';
import { nowIso } from '../../db/dialect';
import type { Db } from '../../db/database';
import type { StoredJson } from '../../http/stored-json';
import {
  caseDataJson,
  encodeCaseData,
  STALE_ENCODING,
  type StoredCaseData,
} from './case-data-encoding';

/** Owner of the bundled demo study's cases: public, read-only, never a real account. */
export const DEMO_OWNER = 'system:demo';

/**
 * Cases and their results for ONE owner. Reads see the owner's rows and the public demo rows;
 * writes touch only the owner's. Another user's case is indistinguishable from a missing one.
 */
export function casesRepository(db: Db, owner: string) {
  const readable = [owner, DEMO_OWNER];
  const newestData = (caseId: string) =>
    db
      .selectFrom('case_api_data')
      .select([
        'case_id',
        'full_data_json',
        'extras',
        'analysis_json',
        'api_response_date',
        'data_etag',
      ])
      .where('case_id', '=', caseId)
      .where('user_id', 'in', readable)
      .orderBy('api_response_date', 'desc')
      .executeTakeFirst();
  return {
    async list(): Promise<CaseSummary[]> {
      const rows = await db
        .selectFrom('cases')
        // The upload's own job: a case also has follow-up jobs (other study groups, busbar
        // capacities) that must not list it twice.
        .leftJoin('analysis_jobs', (join) =>
          join
            .onRef('analysis_jobs.case_id', '=', 'cases.case_id')
            .on('analysis_jobs.kind', '=', 'analysis'),
        )
        .selectAll('cases')
        .select([
          'analysis_jobs.id as job_id',
          'analysis_jobs.state as job_state',
          'analysis_jobs.error_code as job_error_code',
          'analysis_jobs.error_message as job_error_message',
        ])
        .where('cases.user_id', 'in', readable)
        .orderBy('cases.created_at', 'desc')
        .orderBy('cases.case_id')
        .execute();
      return rows.map((row) => ({
        caseId: row.case_id,
        caseName: row.case_name,
        caseDescription: row.case_description,
        process: row.process,
        familyId: row.family_id,
        familyName: row.family_name,
        createdAt: row.created_at,
        isDemo: row.user_id === DEMO_OWNER,
        // An uploaded case has one job; a failed one is listed as failed, not as a case.
        analysis:
          row.job_id === null || row.job_state === null
            ? null
            : {
                jobId: row.job_id,
                state: row.job_state,
                error:
                  row.job_error_code === null
                    ? null
                    : { code: row.job_error_code, message: row.job_error_message ?? '' },
              },
      }));
    },

    /**
     * Creates the owner's case or changes the fields given (the others keep their values).
     * 'not-found' when the id belongs to someone else; 'name-required' to create without a name.
     */
    async upsert(
      caseId: string,
      fields: UpsertCaseFields,
    ): Promise<'stored' | 'not-found' | 'name-required'> {
      const given = {
        ...(fields.caseName === undefined ? {} : { case_name: fields.caseName }),
        ...(fields.caseDescription === undefined
          ? {}
          : { case_description: fields.caseDescription }),
        ...(fields.process === undefined ? {} : { process: fields.process }),
      };
      for (;;) {
        const existing = await db
          .selectFrom('cases')
          .select('user_id')
          .where('case_id', '=', caseId)
          .executeTakeFirst();
        if (existing !== undefined) {
          if (existing.user_id !== owner) return 'not-found';
          if (Object.keys(given).length > 0) {
            await db
              .updateTable('cases')
              .set(given)
              .where('case_id', '=', caseId)
              .where('user_id', '=', owner)
              .execute();
          }
          return 'stored';
        }
        if (fields.caseName === undefined) return 'name-required';
        const inserted = await db
          .insertInto('cases')
          .values({
            case_id: caseId,
            user_id: owner,
            created_at: nowIso(),
            case_name: fields.caseName,
            case_description: fields.caseDescription ?? null,
            process: fields.process ?? null,
            family_id: null,
            family_name: null,
          })
          .onConflict((oc) => oc.column('case_id').doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return 'stored';
        // Created meanwhile by another request: update it (or find it is someone else's).
      }
    },

    /**
     * The same answer as `findData`, ready to send: the gzip bytes stored with the row when the
     * client takes gzip (~26 KB read instead of ~240 KB for a 2,000-bus result), else the text
     * spliced from the stored columns. A row written before the bytes were kept gets them now.
     */
    async findStoredData(caseId: string, wantGzip: boolean): Promise<StoredJson | null> {
      if (wantGzip) {
        const ready = await db
          .selectFrom('case_api_data')
          .select(['data_etag', 'data_gzip'])
          .where('case_id', '=', caseId)
          .where('user_id', 'in', readable)
          .executeTakeFirst();
        if (ready === undefined) return null;
        if (ready.data_etag !== null && ready.data_gzip !== null) {
          return { etag: ready.data_etag, gzip: ready.data_gzip, json: null };
        }
      }
      const row = await newestData(caseId);
      if (row === undefined) return null;
      const stored = storedCaseData(row);
      const json = caseDataJson(stored);
      if (row.data_etag !== null) return { etag: row.data_etag, gzip: null, json };
      const encoded = await encodeCaseData(stored);
      // Only if the row is still the one encoded: a newer result may have been written since.
      await db
        .updateTable('case_api_data')
        .set(encoded)
        .where('case_id', '=', caseId)
        .where('api_response_date', '=', row.api_response_date)
        .where('data_etag', 'is', null)
        .execute();
      return { etag: encoded.data_etag, gzip: encoded.data_gzip, json };
    },

    async findData(caseId: string): Promise<CaseData | null> {
      const row = await newestData(caseId);
      return row === undefined
        ? null
        : {
            caseId: row.case_id,
            fullDataJson: parseJson(row.full_data_json),
            extras: parseJson(row.extras),
            analysis: parseJson(row.analysis_json) as CaseData['analysis'],
            apiResponseDate: row.api_response_date,
          };
    },

    /** Stores the result of the owner's case; false when the case is not the owner's. */
    async upsertData(caseId: string, fullDataJson: unknown, extras: unknown): Promise<boolean> {
      const owned = await db
        .selectFrom('cases')
        .select('case_id')
        .where('case_id', '=', caseId)
        .where('user_id', '=', owner)
        .executeTakeFirst();
      if (owned === undefined) return false;
      const values = {
        full_data_json: JSON.stringify(fullDataJson),
        extras: extras === null || extras === undefined ? null : JSON.stringify(extras),
        api_response_date: nowIso(),
      };
      // A new row is encoded whole here; an existing one keeps columns this write does not
      // know (its analysis), so its ready answer is dropped and rebuilt at the next read.
      const encoded = await encodeCaseData({
        caseId,
        fullDataJson: values.full_data_json,
        extras: values.extras,
        analysisJson: null,
        apiResponseDate: values.api_response_date,
      });
      await db
        .insertInto('case_api_data')
        .values({ case_id: caseId, user_id: owner, ...values, ...encoded })
        .onConflict((oc) =>
          oc
            .column('case_id')
            .doUpdateSet({ ...values, ...STALE_ENCODING })
            .where('case_api_data.user_id', '=', owner),
        )
        .execute();
      return true;
    },
  };
}

function storedCaseData(row: {
  case_id: string;
  full_data_json: string | null;
  extras: string | null;
  analysis_json: string | null;
  api_response_date: string;
}): StoredCaseData {
  return {
    caseId: row.case_id,
    fullDataJson: row.full_data_json,
    extras: row.extras,
    analysisJson: row.analysis_json,
    apiResponseDate: row.api_response_date,
  };
}

function parseJson(text: string | null): unknown {
  return text === null ? null : (JSON.parse(text) as unknown);
}

export type CasesRepository = ReturnType<typeof casesRepository>;

/** The public demo case (spec §3 demo_cases): the newest row. */
export async function findNewestDemoCase(db: Db) {
  const row = await db
    .selectFrom('demo_cases')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row === undefined
    ? null
    : {
        fullDataJson: JSON.parse(row.full_data_json) as unknown,
        createdAt: row.created_at,
        demoFlows: parseJson(row.demo_flows_json) as DemoFlows | null,
      };
}
