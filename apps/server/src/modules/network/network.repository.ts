import { networkViewV1Schema, type NetworkViewV1 } from '@holgura/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Db } from '../../db/database';
import { DEMO_OWNER } from '../cases/cases.repository';

/** The demo study's network is stored under this key; no case has it (ids are checked). */
export const DEMO_STUDY_NETWORK_KEY = 'system:demo-study';

/** Inside the caller's transaction: the job's result and its network land together. */
export async function saveCaseNetwork(
  db: Kysely<Database>,
  caseId: string,
  view: NetworkViewV1,
): Promise<void> {
  const values = { network_json: JSON.stringify(view), created_at: new Date().toISOString() };
  await db
    .insertInto('case_networks')
    .values({ case_id: caseId, ...values })
    .onConflict((oc) => oc.column('case_id').doUpdateSet(values))
    .execute();
}

/** The stored JSON as is: it was validated when built, and the route sends it unchanged. */
export async function findCaseNetworkJson(
  db: Db,
  owner: string,
  caseId: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('case_networks')
    .innerJoin('cases', 'cases.case_id', 'case_networks.case_id')
    .select('case_networks.network_json')
    .where('case_networks.case_id', '=', caseId)
    .where('cases.user_id', 'in', [owner, DEMO_OWNER])
    .executeTakeFirst();
  return row?.network_json ?? null;
}

export async function findDemoStudyNetworkJson(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('case_networks')
    .select('network_json')
    .where('case_id', '=', DEMO_STUDY_NETWORK_KEY)
    .executeTakeFirst();
  return row?.network_json ?? null;
}

/** Demo loader: the study network's view, once, beside the study's cases. */
export async function saveDemoStudyNetwork(db: Db, view: NetworkViewV1 | undefined): Promise<void> {
  if (view === undefined) return;
  await saveCaseNetwork(db, DEMO_STUDY_NETWORK_KEY, view);
}

/** The owner's own case only: demo cases are shared and nobody re-positions them. */
export async function findOwnCaseNetwork(
  db: Db,
  owner: string,
  caseId: string,
): Promise<NetworkViewV1 | null> {
  const row = await db
    .selectFrom('case_networks')
    .innerJoin('cases', 'cases.case_id', 'case_networks.case_id')
    .select('case_networks.network_json')
    .where('case_networks.case_id', '=', caseId)
    .where('cases.user_id', '=', owner)
    .executeTakeFirst();
  return row === undefined ? null : networkViewV1Schema.parse(JSON.parse(row.network_json));
}
