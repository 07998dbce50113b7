import { withFlexibilityFigure, type FlexibilityFigureName } from '@holgura/contracts';
import type { Db } from '../../db/database';
import { analysesRepository } from '../analyses/analyses.repository';
import { exportRepository, type CaseFlexibility } from './export.repository';

/**
 * The flexibility a download is made of (issue #21): the upload's result or one of the case's
 * group analyses, with its top-level FCITC, limiting constraint and levels set to the chosen
 * figure, so the tables read one figure as they always did.
 */
export async function exportedFlexibility(
  db: Db,
  owner: string,
  query: { caseId: string; analysis?: string | undefined; figure: FlexibilityFigureName },
): Promise<CaseFlexibility | { status: 'no-analysis' }> {
  const found = await exportRepository(db, owner).caseFlexibility(query.caseId);
  if (query.analysis === undefined) {
    return found.status === 'ok'
      ? { ...found, flexibility: withFlexibilityFigure(found.flexibility, query.figure) }
      : found;
  }
  if (found.status === 'no-case') return found;
  const flexibility = await analysesRepository(db, owner).findFlexibility(
    query.caseId,
    query.analysis,
  );
  if (flexibility === null) return { status: 'no-analysis' };
  const caseName = found.status === 'ok' ? found.caseName : await caseNameOf(db, query.caseId);
  return { status: 'ok', caseName, flexibility: withFlexibilityFigure(flexibility, query.figure) };
}

async function caseNameOf(db: Db, caseId: string): Promise<string> {
  const row = await db
    .selectFrom('cases')
    .select('case_name')
    .where('case_id', '=', caseId)
    .executeTakeFirst();
  return row?.case_name ?? caseId;
}
