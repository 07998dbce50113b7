import type { Insertable, Kysely, Updateable } from 'kysely';
import type { CaseApiDataTable, CasesTable, Database } from '../../db/schema';

/**
 * What to do when the case id is taken: fail (a fresh id), keep the row there (another request
 * created it meanwhile) or replace it (the demo takes its reserved ids back).
 */
export type OnCaseConflict = 'fail' | 'keep' | 'replace';

/**
 * The one writer of new `cases` rows (issue #27: the cases module owns the table): an upload's
 * case, a case a client creates with PUT, a study's busbar cases and the demo's. Whether a row
 * was written (always, unless `keep` found one).
 */
export async function insertCase(
  tx: Pick<Kysely<Database>, 'insertInto'>,
  row: Insertable<CasesTable>,
  onConflict: OnCaseConflict = 'fail',
): Promise<boolean> {
  const insert = tx.insertInto('cases').values(row);
  if (onConflict === 'fail') {
    await insert.execute();
    return true;
  }
  const { case_id: _id, created_at: _created, ...columns } = row;
  const inserted = await insert
    .onConflict((oc) =>
      onConflict === 'keep'
        ? oc.column('case_id').doNothing()
        : oc.column('case_id').doUpdateSet(columns),
    )
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** When a case already has its answer document: fail, or update these columns (only the owner's). */
export type OnCaseDataConflict =
  'fail' | { update: Updateable<CaseApiDataTable>; onlyOwner?: string };

/**
 * The one writer of `case_api_data` rows (issue #27: the cases module owns the table): an
 * upload's answer, one a client stores with PUT, a study's busbar cases' and the demo's.
 */
export async function writeCaseData(
  tx: Pick<Kysely<Database>, 'insertInto'>,
  row: Insertable<CaseApiDataTable>,
  onConflict: OnCaseDataConflict = 'fail',
): Promise<void> {
  const insert = tx.insertInto('case_api_data').values(row);
  if (onConflict === 'fail') {
    await insert.execute();
    return;
  }
  const { update, onlyOwner } = onConflict;
  await insert
    .onConflict((oc) => {
      const set = oc.column('case_id').doUpdateSet(update);
      return onlyOwner === undefined ? set : set.where('case_api_data.user_id', '=', onlyOwner);
    })
    .execute();
}

/** Deletes the answer documents of some cases, or of every case of one owner (the demo's). */
export async function deleteCaseData(
  tx: Pick<Kysely<Database>, 'deleteFrom'>,
  of: { caseIds: readonly string[] } | { userId: string },
): Promise<void> {
  if ('userId' in of) {
    await tx.deleteFrom('case_api_data').where('user_id', '=', of.userId).execute();
  } else if (of.caseIds.length > 0) {
    await tx
      .deleteFrom('case_api_data')
      .where('case_id', 'in', [...of.caseIds])
      .execute();
  }
}
