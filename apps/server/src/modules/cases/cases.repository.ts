import type {
  CaseData,
  CaseListQuery,
  CaseSummary,
  DemoFlows,
  UpsertCaseFields,
} from '@holgura/contracts';
import { sql, type Selectable, type SelectQueryBuilder } from 'kysely';
import { nowIso } from '../../db/dialect';
import type { Db } from '../../db/database';
import type { CasesTable, Database, JobState } from '../../db/schema';
import { composedText, etagOf, textPiece, type AnswerPiece } from '../../http/json-segments';
import type { StoredJson } from '../../http/stored-json';
import { PART } from '../results/result-encoding';
import { insertCase, writeCaseData } from './case-rows';
import { findPart } from '../results/result-store';
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
        'result_id',
      ])
      .where('case_id', '=', caseId)
      .where('user_id', 'in', readable)
      .orderBy('api_response_date', 'desc')
      .executeTakeFirst();
  return {
    /**
     * One page of the readable cases that pass the filters, sorted and counted by the database
     * (issue #16): the demo's 450 cases are no longer sent to be filtered in the browser.
     */
    async page(query: CaseListQuery): Promise<{ cases: CaseSummary[]; total: number }> {
      const owners =
        query.owner === 'own' ? [owner] : query.owner === 'demo' ? [DEMO_OWNER] : readable;
      const filtered = db
        .selectFrom('cases')
        .where('cases.user_id', 'in', owners)
        .$if(query.family === 'none', (q) =>
          q.where((eb) =>
            eb.or([eb('cases.family_id', 'is', null), eb('cases.family_id', '=', '')]),
          ),
        )
        .$if(query.family === 'some', (q) =>
          q.where('cases.family_id', 'is not', null).where('cases.family_id', '<>', ''),
        );
      const direction = query.order ?? (query.sort === 'name' ? 'asc' : 'desc');
      // Two queries over the owner's index: cheaper on SQLite than a window count over the
      // page's join (0.2 against 0.3–0.6 ms measured), and in parallel on PostgreSQL.
      const [count, rows] = await Promise.all([
        filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        withUploadJob(filtered)
          .$if(query.sort === 'name', (q) =>
            q.orderBy(sql`lower(cases.case_name)`, direction).orderBy('cases.case_name', direction),
          )
          .orderBy('cases.created_at', query.sort === 'name' ? 'desc' : direction)
          .orderBy('cases.case_id')
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .execute(),
      ]);
      const total = count.total;
      return { cases: rows.map(toCaseSummary), total: Number(total) };
    },

    /**
     * Every case the owner may read, newest first: with the demo study's cases (the original
     * API's GET /cases, as always), or the owner's own only (GET /api/cases without parameters
     * since issue #16: the demo's 450 cases are read through GET /api/studies/demo).
     */
    async list(options: { withDemo: boolean }): Promise<CaseSummary[]> {
      const rows = await withUploadJob(db.selectFrom('cases'))
        .where('cases.user_id', 'in', options.withDemo ? readable : [owner])
        .orderBy('cases.created_at', 'desc')
        .orderBy('cases.case_id')
        .execute();
      return rows.map(toCaseSummary);
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
        const inserted = await insertCase(
          db,
          {
            case_id: caseId,
            user_id: owner,
            created_at: nowIso(),
            case_name: fields.caseName,
            case_description: fields.caseDescription ?? null,
            process: fields.process ?? null,
            family_id: null,
            family_name: null,
          },
          'keep',
        );
        if (inserted) return 'stored';
        // Created meanwhile by another request: update it (or find it is someone else's).
      }
    },

    /**
     * The same answer as `findData`, ready to send. A result stored in parts (issue #16) is
     * composed from its stored segments and streamed (`composed`: the SAX document and the
     * analysis, never parsed nor whole in memory). Older rows: the gzip bytes stored with the
     * row when the client takes gzip (~26 KB read instead of ~240 KB for a 2,000-bus result),
     * else the text spliced from the stored columns; a row written before the bytes were kept
     * gets them now.
     */
    async findDataAnswer(caseId: string, wantGzip: boolean): Promise<DataAnswer | null> {
      const ready = await db
        .selectFrom('case_api_data')
        .select(['result_id', 'data_etag'])
        .$if(wantGzip, (query) => query.select('data_gzip'))
        .where('case_id', '=', caseId)
        .where('user_id', 'in', readable)
        .executeTakeFirst();
      if (ready === undefined) return null;
      if (ready.result_id !== null) return composedData(db, caseId, ready.result_id);
      const gzip = 'data_gzip' in ready ? (ready.data_gzip ?? null) : null;
      if (wantGzip && ready.data_etag !== null && gzip !== null) {
        return { kind: 'stored', stored: { etag: ready.data_etag, gzip, json: null } };
      }
      const stored = await this.findStoredText(caseId);
      return stored === null ? null : { kind: 'stored', stored };
    },

    /** An older row's answer as text (and its ready gzip, made now if it had none). */
    async findStoredText(caseId: string): Promise<StoredJson | null> {
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

    /** The answer parsed (tests; a result in parts is read back from its segments). */
    async findData(caseId: string): Promise<CaseData | null> {
      const row = await newestData(caseId);
      if (row?.result_id != null) {
        const answer = await composedData(db, caseId, row.result_id);
        if (answer === null || answer.kind !== 'composed') return null;
        return JSON.parse(await composedText(answer.pieces())) as CaseData;
      }
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

    /**
     * The original API's view of the named cases the caller may read (docs/product.md §7), by id: the
     * names and dates its listCases rows carry.
     */
    async legacyRows(caseIds: readonly string[]) {
      if (caseIds.length === 0) return new Map<string, LegacyCaseRow>();
      const rows = await db
        .selectFrom('cases')
        .select(['case_id', 'case_name', 'created_at', 'family_id', 'family_name'])
        .where('case_id', 'in', [...new Set(caseIds)])
        .where('user_id', 'in', readable)
        .execute();
      return new Map(
        rows.map((row): [string, LegacyCaseRow] => [
          row.case_id,
          {
            caseId: row.case_id,
            caseName: row.case_name,
            creationDate: row.created_at,
            familyId: row.family_id,
            familyName: row.family_name,
          },
        ]),
      );
    },

    /**
     * A case's fullDataJSON and extras as pieces of a composed answer: the stored segment of a
     * result in parts, or the text a client wrote (or an older row kept), never parsed.
     */
    async legacyDocument(caseId: string): Promise<{ fullData: AnswerPiece; extras: AnswerPiece }> {
      const row = await db
        .selectFrom('case_api_data')
        .select(['result_id', 'full_data_json', 'extras'])
        .where('case_id', '=', caseId)
        .where('user_id', 'in', readable)
        .executeTakeFirst();
      if (row === undefined) return { fullData: 'null', extras: 'null' };
      let fullData: AnswerPiece = 'null';
      if (row.full_data_json !== null) fullData = await textPiece(row.full_data_json);
      else if (row.result_id !== null) {
        fullData = (await findPart(db, row.result_id, PART.fullDataJson)) ?? 'null';
      }
      return { fullData, extras: await textPiece(row.extras ?? 'null') };
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
      await writeCaseData(
        db,
        { case_id: caseId, user_id: owner, ...values, ...encoded },
        { update: { ...values, ...STALE_ENCODING }, onlyOwner: owner },
      );
      return true;
    },
  };
}

/**
 * A case query with the upload's own job joined: a case also has follow-up jobs (other study
 * groups, busbar capacities) that must not list it twice.
 */
function withUploadJob(query: SelectQueryBuilder<Database, 'cases', object>) {
  return query
    .leftJoin('analysis_jobs', (join) =>
      join
        .onRef('analysis_jobs.case_id', '=', 'cases.case_id')
        .on('analysis_jobs.kind', '=', 'analysis'),
    )
    .selectAll('cases')
    .select(uploadJobColumns);
}

const uploadJobColumns = [
  'analysis_jobs.id as job_id',
  'analysis_jobs.state as job_state',
  'analysis_jobs.error_code as job_error_code',
  'analysis_jobs.error_message as job_error_message',
] as const;

type CaseWithJob = Selectable<CasesTable> & {
  job_id: string | null;
  job_state: JobState | null;
  job_error_code: string | null;
  job_error_message: string | null;
};

function toCaseSummary(row: CaseWithJob): CaseSummary {
  return {
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
  };
}

/** A listCases row of the original API's results route. */
export interface LegacyCaseRow {
  caseId: string;
  caseName: string;
  creationDate: string;
  familyId: string | null;
  familyName: string | null;
}

/** GET …/data's answer: stored whole (older rows) or composed from a result's parts. */
export type DataAnswer =
  | { kind: 'stored'; stored: StoredJson }
  | { kind: 'composed'; etag: string; pieces: () => AnswerPiece[] };

/**
 * The CaseData answer of a result stored in parts: `fullDataJson` and `analysis` are stored
 * segments, spliced between texts as they are; a document a client wrote with PUT …/data (kept
 * as text, at most 1 MB) replaces the stored one.
 */
async function composedData(db: Db, caseId: string, resultId: string): Promise<DataAnswer | null> {
  const row = await db
    .selectFrom('case_api_data')
    .select(['full_data_json', 'extras', 'api_response_date'])
    .where('case_id', '=', caseId)
    .executeTakeFirst();
  if (row === undefined) return null;
  const [analysis, fullData] = await Promise.all([
    findPart(db, resultId, PART.analysis),
    row.full_data_json === null ? findPart(db, resultId, PART.fullDataJson) : null,
  ]);
  if (analysis === null) return null;
  const fullDataPiece: AnswerPiece =
    row.full_data_json === null ? (fullData ?? 'null') : await textPiece(row.full_data_json);
  const extras = await textPiece(row.extras ?? 'null');
  const head = `{"caseId":${JSON.stringify(caseId)},"fullDataJson":`;
  const tail = `,"apiResponseDate":${JSON.stringify(row.api_response_date)}}`;
  const tagOf = (piece: AnswerPiece) => (typeof piece === 'string' ? piece : piece.etag);
  return {
    kind: 'composed',
    etag: etagOf([head, tagOf(fullDataPiece), tagOf(extras), analysis.etag, tail].join('\n')),
    pieces: () => [head, fullDataPiece, ',"extras":', extras, ',"analysis":', analysis, tail],
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

/** The public demo case (docs/product.md §3 demo_cases): the newest row. */
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
