import type { Db } from '../../db/database';
import { DEMO_OWNER } from '../cases/cases.repository';

/** Where a case's stored result is, for a reader who may see it. */
export type CaseResult =
  | { status: 'no-data' }
  | { status: 'no-parts' }
  | {
      status: 'ok';
      resultId: string;
      apiResponseDate: string;
      /** A document a client wrote with PUT …/data: it replaces the stored one. */
      fullDataWritten: boolean;
      /** The study group analysis the result's flexibility is (the upload's group). */
      analysisId: string | null;
    };

/** Where the flexibility of a case (the upload's, or a group's) is stored. */
export type FlexibilityResult =
  | { status: 'no-data' }
  | { status: 'no-parts' }
  | { status: 'no-analysis' }
  | { status: 'ok'; resultId: string; analysisId: string | null };

/**
 * Which stored result a reader's request names (issue #16): the case's own (the owner's cases
 * and the demo's, like GET …/data) or one of the owner's group analyses. Another user's case is
 * a missing one.
 */
export function resultsRepository(db: Db, owner: string) {
  const readable = [owner, DEMO_OWNER];
  return {
    async caseResult(caseId: string): Promise<CaseResult> {
      const row = await db
        .selectFrom('case_api_data as d')
        .leftJoin('case_group_analyses as g', (join) =>
          join.onRef('g.case_id', '=', 'd.case_id').onRef('g.result_id', '=', 'd.result_id'),
        )
        .select(['d.result_id', 'd.api_response_date', 'g.analysis_id'])
        .select((eb) =>
          eb
            .case()
            .when('d.full_data_json', 'is', null)
            .then(0)
            .else(1)
            .end()
            .as('full_data_written'),
        )
        .where('d.case_id', '=', caseId)
        .where('d.user_id', 'in', readable)
        .executeTakeFirst();
      if (row === undefined) return { status: 'no-data' };
      if (row.result_id === null) return { status: 'no-parts' };
      return {
        status: 'ok',
        resultId: row.result_id,
        apiResponseDate: row.api_response_date,
        fullDataWritten: Number(row.full_data_written) === 1,
        analysisId: row.analysis_id,
      };
    },

    /**
     * The flexibility's result: a group's (`analysisId`, the owner's only), or without it the
     * upload's (its parts are the case's own result).
     */
    async flexibilityResult(
      caseId: string,
      analysisId: string | undefined,
    ): Promise<FlexibilityResult> {
      if (analysisId === undefined) {
        const found = await this.caseResult(caseId);
        return found.status === 'ok'
          ? { status: 'ok', resultId: found.resultId, analysisId: found.analysisId }
          : found;
      }
      const row = await db
        .selectFrom('case_group_analyses')
        .select(['result_id', 'flexibility_etag'])
        .where('analysis_id', '=', analysisId)
        .where('case_id', '=', caseId)
        .where('user_id', '=', owner)
        .executeTakeFirst();
      if (row === undefined) return { status: 'no-analysis' };
      if (row.result_id !== null) return { status: 'ok', resultId: row.result_id, analysisId };
      // Done before results were stored in parts, or not done (yet).
      return row.flexibility_etag === null ? { status: 'no-analysis' } : { status: 'no-parts' };
    },

    /** The document a client wrote with PUT …/data, as stored. */
    async writtenFullData(caseId: string): Promise<string | null> {
      const row = await db
        .selectFrom('case_api_data')
        .select('full_data_json')
        .where('case_id', '=', caseId)
        .where('user_id', 'in', readable)
        .executeTakeFirst();
      return row?.full_data_json ?? null;
    },
  };
}
