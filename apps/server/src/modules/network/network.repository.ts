import { networkViewV1Schema, type NetworkViewV1 } from '@holgura/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Db } from '../../db/database';
import { prepareStoredJson, type StoredJson } from '../../http/stored-json';
import { DEMO_OWNER } from '../cases/cases.repository';

/** The demo study's network is stored under this key; no case has it (ids are checked). */
export const DEMO_STUDY_NETWORK_KEY = 'system:demo-study';

/** A network view as stored: its JSON text, and its answer ready to send. */
export interface PreparedNetworkView {
  network_json: string;
  network_gzip: Buffer;
  network_etag: string;
}

/** The answer of the network routes: the stored view, wrapped as is (no re-serialising). */
const networkAnswer = (networkJson: string) => `{"network":${networkJson}}`;

/**
 * Compresses the view once, before it is stored (a 10,000-bus view is megabytes of JSON): call
 * it outside any transaction.
 */
export async function prepareNetworkView(view: NetworkViewV1): Promise<PreparedNetworkView> {
  const networkJson = JSON.stringify(view);
  const { gzip, etag } = await prepareStoredJson(networkAnswer(networkJson));
  return { network_json: networkJson, network_gzip: gzip, network_etag: etag };
}

/** Inside the caller's transaction: the job's result and its network land together. */
export async function saveCaseNetwork(
  db: Kysely<Database>,
  caseId: string,
  prepared: PreparedNetworkView,
): Promise<void> {
  const values = { ...prepared, created_at: new Date().toISOString() };
  await db
    .insertInto('case_networks')
    .values({ case_id: caseId, ...values })
    .onConflict((oc) => oc.column('case_id').doUpdateSet(values))
    .execute();
}

/**
 * The network answer of a case the owner may read (theirs or a demo case), or of the demo study
 * (`DEMO_STUDY_NETWORK_KEY`, any signed-in user): the stored gzip bytes when the client takes
 * gzip, else the text. A row stored before the bytes were kept gets them now.
 */
export async function findNetworkAnswer(
  db: Db,
  reader: { owner: string } | 'demo-study',
  caseId: string,
  wantGzip: boolean,
): Promise<StoredJson | null> {
  if (reader !== 'demo-study') {
    const readable = await db
      .selectFrom('cases')
      .select('case_id')
      .where('case_id', '=', caseId)
      .where('user_id', 'in', [reader.owner, DEMO_OWNER])
      .executeTakeFirst();
    if (readable === undefined) return null;
  }
  const row = await db
    .selectFrom('case_networks')
    .select('network_etag')
    .$if(wantGzip, (query) => query.select('network_gzip'))
    .$if(!wantGzip, (query) => query.select('network_json'))
    .where('case_id', '=', caseId)
    .executeTakeFirst();
  if (row === undefined) return null;
  const gzip = 'network_gzip' in row ? (row.network_gzip ?? null) : null;
  const json = 'network_json' in row ? (row.network_json ?? null) : null;
  if (row.network_etag !== null && (wantGzip ? gzip !== null : json !== null)) {
    return { etag: row.network_etag, gzip, json: json === null ? null : networkAnswer(json) };
  }
  const text = await db
    .selectFrom('case_networks')
    .select(['network_json', 'created_at'])
    .where('case_id', '=', caseId)
    .executeTakeFirst();
  if (text === undefined) return null;
  const prepared = await prepareStoredJson(networkAnswer(text.network_json));
  // Only if the row is still the one prepared: a newer view may have been written since.
  await db
    .updateTable('case_networks')
    .set({ network_gzip: prepared.gzip, network_etag: prepared.etag })
    .where('case_id', '=', caseId)
    .where('created_at', '=', text.created_at)
    .where('network_etag', 'is', null)
    .execute();
  return { ...prepared, json: networkAnswer(text.network_json) };
}

/** Demo loader: the study network's view, once, beside the study's cases. */
export async function saveDemoStudyNetwork(db: Db, view: NetworkViewV1 | undefined): Promise<void> {
  if (view === undefined) return;
  await saveCaseNetwork(db, DEMO_STUDY_NETWORK_KEY, await prepareNetworkView(view));
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
