import {
  busbarCapacitySchema,
  DEMO_STUDY_ID,
  flexibilitySchema,
  type BusbarCapacity,
  type Flexibility,
} from '@holgura/contracts';
import type { Db } from '../../db/database';
import { composedText } from '../../http/json-segments';
import { PART } from '../results/result-encoding';
import { DEMO_OWNER } from '../cases/cases.repository';
import { findPart } from '../results/result-store';

export type CaseFlexibility =
  | { status: 'no-case' }
  | { status: 'no-data' }
  | { status: 'no-flexibility' }
  | { status: 'ok'; caseName: string; flexibility: Flexibility };

const parse = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

/**
 * What the exports read, scoped like the case routes: the owner's cases and the public demo
 * study; another user's case is a missing one.
 */
export function exportRepository(db: Db, owner: string) {
  const readable = [owner, DEMO_OWNER];
  return {
    async caseFlexibility(caseId: string): Promise<CaseFlexibility> {
      const caseRow = await db
        .selectFrom('cases')
        .select('case_name')
        .where('case_id', '=', caseId)
        .where('user_id', 'in', readable)
        .executeTakeFirst();
      if (caseRow === undefined) return { status: 'no-case' };
      const dataRow = await db
        .selectFrom('case_api_data')
        .select(['analysis_json', 'result_id'])
        .where('case_id', '=', caseId)
        .where('user_id', 'in', readable)
        .orderBy('api_response_date', 'desc')
        .executeTakeFirst();
      if (dataRow === undefined) return { status: 'no-data' };
      // A result stored in parts (issue #16): its analysis part, inflated off the event loop.
      const part =
        dataRow.result_id === null ? null : await findPart(db, dataRow.result_id, PART.analysis);
      const text = part === null ? dataRow.analysis_json : await composedText([part]);
      if (text === null) return { status: 'no-data' };
      const analysis = parse(text) as { flexibility?: unknown } | null;
      const flexibility = flexibilitySchema.safeParse(analysis?.flexibility);
      if (!flexibility.success) return { status: 'no-flexibility' };
      return { status: 'ok', caseName: caseRow.case_name, flexibility: flexibility.data };
    },

    /**
     * The busbar-capacity results of a family (or of every case), with case names: of one study
     * (the demo's, or a study of the owner's at its shown version), or without one of every
     * readable study case. 'no-study': the study is not the owner's (or does not exist).
     */
    async busbarCapacities(
      familyId: string | null,
      studyId: string | null = null,
    ): Promise<
      | {
          familyName: string | null;
          cases: { caseName: string; capacity: BusbarCapacity }[];
        }
      | 'no-study'
    > {
      let query = db
        .selectFrom('cases')
        .innerJoin('case_api_data', 'case_api_data.case_id', 'cases.case_id')
        .select(['cases.case_name', 'cases.family_name', 'case_api_data.analysis_json'])
        .where('cases.user_id', 'in', readable)
        .where('case_api_data.user_id', 'in', readable);
      if (studyId === DEMO_STUDY_ID) {
        query = query
          .where('cases.user_id', '=', DEMO_OWNER)
          .where('cases.family_id', 'is not', null);
      } else if (studyId !== null) {
        const study = await db
          .selectFrom('studies')
          .select('results_version')
          .where('study_id', '=', studyId)
          .where('user_id', '=', owner)
          .executeTakeFirst();
        if (study === undefined) return 'no-study';
        // No complete version yet: nothing to export (the route answers 404 for no results).
        query = query
          .where('cases.user_id', '=', owner)
          .where('cases.study_id', '=', studyId)
          .where('cases.study_version', '=', study.results_version ?? -1);
      }
      if (familyId !== null) query = query.where('cases.family_id', '=', familyId);
      const rows = await query.execute();
      const cases = rows.flatMap((row) => {
        const analysis = parse(row.analysis_json) as { busbarCapacity?: unknown } | null;
        const capacity = busbarCapacitySchema.safeParse(analysis?.busbarCapacity);
        return capacity.success ? [{ caseName: row.case_name, capacity: capacity.data }] : [];
      });
      const familyName =
        familyId === null
          ? null
          : (rows.find((row) => row.family_name !== null)?.family_name ??
            cases[0]?.capacity.busName ??
            familyId);
      return { familyName, cases };
    },
  };
}
