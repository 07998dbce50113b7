import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/dialect';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { ClaimedJob } from '../../jobs/claimed-job';
import { finishJob } from '../../jobs/finish-job';
import type { CapacityColumns, CapacityFigureColumns } from './busbar-capacities';
import {
  capacityDb,
  type BusbarCapacityRowsTable,
  type CapacityDb,
} from './busbar-capacity.tables';
import { insertQueuedJob } from '../../jobs/job-rows';

/** Rows per INSERT: 500 × 21 values stays under both databases' parameter limits. */
export const ROW_BATCH = 250;
/** Rows per DELETE when a result goes. */
const DELETE_BATCH = 1000;

/** Lets the event loop serve other requests between two batches (SQLite calls are synchronous). */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Queues the busbar capacities of a case whose upload's analysis is being completed, inside the
 * transaction that completes it: the follow-up is never lost, and the upload's own result is not
 * held back by it (the job goes to the back of the queue like any other). Nothing is queued
 * when the case already has a capacity job.
 */
export async function queueBusbarCapacities(
  tx: Kysely<Database>,
  job: Pick<ClaimedJob, 'id' | 'userId' | 'caseId'>,
): Promise<string | null> {
  if (job.caseId === null) return null;
  const existing = await tx
    .selectFrom('analysis_jobs')
    .select('id')
    .where('case_id', '=', job.caseId)
    .where('kind', '=', 'capacity')
    .executeTakeFirst();
  if (existing !== undefined) return null;
  const upload = await tx
    .selectFrom('analysis_jobs')
    .select('upload_id')
    .where('id', '=', job.id)
    .executeTakeFirstOrThrow();
  const now = nowIso();
  const id = randomUUID();
  await insertQueuedJob(
    tx,
    { id, user_id: job.userId, upload_id: upload.upload_id, case_id: job.caseId, kind: 'capacity' },
    now,
  );
  return id;
}

/**
 * A stored constraint's contingency: the branch number (row + 1), null for N-0 (−1), and for a
 * contingency of several elements of the case's file (−2 − index, issue #30) −1 − index, named
 * in busbar_capacity_branches under that key like a branch.
 */
const branch = (row: number) => (row === -1 ? null : row + 1);

function figureCells(
  prefix: 'att' | 'strict',
  f: CapacityFigureColumns,
  i: number,
  inIsland: boolean,
) {
  const monitored = f.monitored[i]!;
  // A branch row, or a .mon interface's code (engine interfaceMonitored: far below −1).
  const binds = inIsland && monitored !== -1;
  return {
    [`${prefix}_mw`]: inIsland ? f.capacityMw[i]! : null,
    [`${prefix}_monitored`]: binds ? monitored + 1 : null,
    [`${prefix}_contingency`]: binds ? branch(f.contingency[i]!) : null,
    [`${prefix}_df`]: binds ? f.distributionFactor[i]! : null,
  };
}

/** Bus `i` of the columns as a stored row. */
export function rowOf(
  columns: CapacityColumns,
  resultKey: number,
  i: number,
): BusbarCapacityRowsTable {
  const inIsland = columns.inIsland[i] === 1;
  const name = columns.busName[i]!;
  const worse = inIsland ? columns.worsened.monitored[i]! : -1;
  return {
    result_key: resultKey,
    position: i,
    bus_number: columns.busNumber[i]!,
    bus_name: name,
    bus_name_lower: name.toLowerCase(),
    base_kv: columns.baseKv[i]!,
    area: columns.area[i]!,
    zone: columns.zone[i]!,
    in_island: inIsland ? 1 : 0,
    ...figureCells('att', columns.attributable, i, inIsland),
    ...figureCells('strict', columns.strict, i, inIsland),
    worse_monitored: worse === -1 ? null : worse + 1,
    worse_contingency: worse === -1 ? null : branch(columns.worsened.contingency[i]!),
    worse_df: worse === -1 ? null : columns.worsened.distributionFactor[i]!,
  } as BusbarCapacityRowsTable;
}

/**
 * Deletes a result a batch at a time (a 10,000-bus result in one statement would hold SQLite,
 * and so the event loop, for tens of milliseconds).
 */
export async function deleteBusbarCapacityResult(
  cdb: CapacityDb,
  resultKey: number,
): Promise<void> {
  const header = await cdb
    .selectFrom('busbar_capacity_results')
    .select('bus_count')
    .where('result_key', '=', resultKey)
    .executeTakeFirst();
  const count = header?.bus_count ?? 0;
  for (let from = 0; from < count; from += DELETE_BATCH) {
    await cdb
      .deleteFrom('busbar_capacity_rows')
      .where('result_key', '=', resultKey)
      .where('position', '>=', from)
      .where('position', '<', from + DELETE_BATCH)
      .execute();
    await yieldToEventLoop();
  }
  await cdb.deleteFrom('busbar_capacity_rows').where('result_key', '=', resultKey).execute();
  await cdb.deleteFrom('busbar_capacity_branches').where('result_key', '=', resultKey).execute();
  await cdb.deleteFrom('busbar_capacity_ac_checks').where('result_key', '=', resultKey).execute();
  await cdb.deleteFrom('busbar_capacity_results').where('result_key', '=', resultKey).execute();
}

/**
 * Deletes an owner's case's busbar capacities a batch at a time, before the case itself goes
 * (modules/cases/case-delete.ts): the foreign keys' cascade would also delete them, but 10,000
 * rows in one statement stall SQLite, and so the event loop, for a fifth of a second. Anything
 * written in between still goes with the case by that cascade.
 */
export async function deleteBusbarCapacitiesOfCase(
  db: Db,
  owner: string,
  caseId: string,
): Promise<void> {
  const cdb = capacityDb(db);
  const results = await cdb
    .selectFrom('busbar_capacity_results')
    .select('result_key')
    .where('case_id', '=', caseId)
    .where('user_id', '=', owner)
    .execute();
  for (const { result_key } of results) await deleteBusbarCapacityResult(cdb, result_key);
}

/**
 * A result's header, not shown: its rows are written next (writeResultRows) and a transaction
 * that closes the job (or counts a study's case) shows it.
 */
export async function insertHiddenResult(
  cdb: CapacityDb,
  input: { caseId: string; job: Pick<ClaimedJob, 'id' | 'userId'>; columns: CapacityColumns },
): Promise<number> {
  const { caseId, job, columns } = input;
  const header = await cdb
    .insertInto('busbar_capacity_results')
    .values({
      case_id: caseId,
      user_id: job.userId,
      job_id: job.id,
      bus_count: columns.count,
      cap_mw: columns.options.capMw,
      options_json: JSON.stringify(columns.options),
      summary_json: JSON.stringify(columns.summary),
      created_at: nowIso(),
      shown_at: null,
    })
    .returning('result_key')
    .executeTakeFirstOrThrow();
  return Number(header.result_key);
}

/**
 * A hidden result's rows and branch names, {@link ROW_BATCH} per INSERT with the event loop
 * served between batches. On a failure the result is deleted and the error thrown again.
 */
export async function writeResultRows(
  cdb: CapacityDb,
  resultKey: number,
  columns: CapacityColumns,
  onBatch?: (written: number) => void | Promise<void>,
): Promise<void> {
  try {
    for (let from = 0; from < columns.count; from += ROW_BATCH) {
      const to = Math.min(columns.count, from + ROW_BATCH);
      const rows: BusbarCapacityRowsTable[] = [];
      for (let i = from; i < to; i++) rows.push(rowOf(columns, resultKey, i));
      await cdb.insertInto('busbar_capacity_rows').values(rows).execute();
      await onBatch?.(to);
      await yieldToEventLoop();
    }
    const names = columns.branchNames;
    for (let from = 0; from < names.length; from += ROW_BATCH) {
      const batch = [];
      for (let i = from; i < Math.min(names.length, from + ROW_BATCH); i++) {
        batch.push({
          result_key: resultKey,
          branch: columns.branchRows[i]! + 1,
          name: names[i]!,
        });
      }
      await cdb.insertInto('busbar_capacity_branches').values(batch).execute();
      await yieldToEventLoop();
    }
  } catch (error) {
    await deleteBusbarCapacityResult(cdb, resultKey).catch(() => undefined);
    throw error;
  }
}

/**
 * The queue's side of 'capacity' jobs: the rows are written first, a batch at a time and
 * invisible (their result is not shown), then one transaction closes the job and shows them.
 * A job that is no longer running (a stale attempt, a deleted case) shows nothing and its rows
 * go; once shown, any other result of the case (an earlier one, a dead attempt's rows) goes.
 */
/**
 * Shows a hidden result in the transaction that closes its work: `close` answers whether this
 * attempt still owned that work (it closed the job or counted the case). When it did not, the
 * hidden rows go and nothing is shown. A result is thus shown once, with the work it belongs to.
 */
export async function showResultWhenClosed(
  cdb: CapacityDb,
  resultKey: number,
  shownAt: string,
  close: (tx: CapacityDb) => Promise<boolean>,
): Promise<boolean> {
  const shown = await cdb.transaction().execute(async (tx) => {
    if (!(await close(tx))) return false;
    await tx
      .updateTable('busbar_capacity_results')
      .set({ shown_at: shownAt })
      .where('result_key', '=', resultKey)
      .execute();
    return true;
  });
  if (!shown) await deleteBusbarCapacityResult(cdb, resultKey);
  return shown;
}

export function busbarCapacityJobStore(db: Db) {
  const cdb = capacityDb(db);
  return {
    /**
     * `onBatch` is called after each batch written (tests and the benchmark measure the event
     * loop's longest stall with it). Returns whether this job's result is the one shown.
     */
    async complete(
      job: ClaimedJob,
      columns: CapacityColumns,
      onBatch?: (written: number) => void | Promise<void>,
    ): Promise<boolean> {
      const caseId = job.caseId;
      if (caseId === null) throw new Error(`capacity job ${job.id} has no case`);
      // Gone or taken over meanwhile (its case deleted, another attempt closed it): nothing to
      // write. The closing transaction checks again.
      const current = await db
        .selectFrom('analysis_jobs')
        .select('state')
        .where('id', '=', job.id)
        .executeTakeFirst();
      if (current?.state !== 'running') return false;
      const resultKey = await insertHiddenResult(cdb, { caseId, job, columns });
      await writeResultRows(cdb, resultKey, columns, onBatch);
      const now = nowIso();
      const shown = await showResultWhenClosed(cdb, resultKey, now, (tx) =>
        finishJob(tx, job, now),
      );
      if (!shown) return false;
      const others = await cdb
        .selectFrom('busbar_capacity_results')
        .select('result_key')
        .where('case_id', '=', caseId)
        .where('result_key', '<>', resultKey)
        .execute();
      for (const other of others) await deleteBusbarCapacityResult(cdb, other.result_key);
      return true;
    },
  };
}

export type BusbarCapacityJobStore = ReturnType<typeof busbarCapacityJobStore>;
