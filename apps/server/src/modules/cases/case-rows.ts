import type { Insertable, Kysely } from 'kysely';
import type { CasesTable, Database } from '../../db/schema';

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
