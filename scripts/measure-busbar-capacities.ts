// Issue #17: how long a case's 'capacity' job takes through the server's own path (worker pool →
// engine on one thread → job store → database), how long the API's event loop stalls while its
// rows are stored (a 1 ms timer and monitorEventLoopDelay on the main thread), what the rows
// take in the database, how long a page, the histogram, the map and an export read take, and
// the stall of deleting the case (its rows go by cascade).
//
//   npx tsx scripts/measure-busbar-capacities.ts [case file] [--db postgres]
//
// Default case: case_ACTIVSg10k of @holgura/test-fixtures (or CASE_FILE). SQLite in a
// temporary DATA_DIR; --db postgres uses TEST_DATABASE_URL in a schema of its own.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'kysely';
import { referencePath, unpackReference } from '@holgura/test-fixtures';
import { pino } from 'pino';
import { openDatabase } from '../apps/server/src/db/database';
import { JobEvents } from '../apps/server/src/jobs/job-events';
import { jobQueueStore } from '../apps/server/src/jobs/jobs.repository';
import { createWorkerPool } from '../apps/server/src/jobs/worker-pool';
import { jobRunners } from '../apps/server/src/job-kinds';
import { capacityJobRunner } from '../apps/server/src/modules/busbar-capacities/capacity-job';
import {
  busbarCapacityJobStore,
  deleteBusbarCapacitiesOfCase,
} from '../apps/server/src/modules/busbar-capacities/busbar-capacity.store';
import { busbarCapacityRepository } from '../apps/server/src/modules/busbar-capacities/busbar-capacity.repository';
import {
  busbarCapacityTable,
  tableToCsvInChunks,
} from '../apps/server/src/modules/busbar-capacities/busbar-capacity.export';

const args = process.argv.slice(2);
const usePostgres = args.includes('--db') && args[args.indexOf('--db') + 1] === 'postgres';
await unpackReference();
const caseFile =
  args.find((arg) => !arg.startsWith('--') && arg !== 'postgres') ??
  process.env.CASE_FILE ??
  referencePath('cases/case_ACTIVSg10k.m');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'holgura-capacity-'));
const schema = `capm_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
const database = await openDatabase({
  dataDir,
  databaseUrl: usePostgres
    ? (process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test')
    : null,
  ...(usePostgres ? { postgresSchema: schema } : {}),
});
const { db } = database;
const now = new Date().toISOString();
const bytes = new Uint8Array(fs.readFileSync(caseFile));
const owner = 'user-1';
await db
  .insertInto('uploads')
  .values({
    id: 'u1',
    user_id: owner,
    file_name: path.basename(caseFile),
    content_type: 'text/plain',
    size_bytes: bytes.length,
    sha256: 'x'.repeat(64),
    created_at: now,
  })
  .execute();
await db
  .insertInto('cases')
  .values({
    case_id: 'c1',
    user_id: owner,
    case_name: path.basename(caseFile).replace(/\..*$/, ''),
    case_description: null,
    process: null,
    family_id: null,
    family_name: null,
    scenario: null,
    year: null,
    busbar_capacity_mw: null,
    contingency_count: null,
    created_at: now,
  })
  .execute();
await db
  .insertInto('analysis_jobs')
  .values({
    id: 'j1',
    user_id: owner,
    upload_id: 'u1',
    case_id: 'c1',
    kind: 'capacity',
    state: 'queued',
    queued_at: now,
    created_at: now,
    updated_at: now,
  })
  .execute();

const store = jobQueueStore(db, 3);
const capacity = busbarCapacityJobStore(db);
const pool = createWorkerPool({
  store,
  kinds: { ...jobRunners(db), capacity: capacityJobRunner(capacity) },
  events: new JobEvents(),
  log: pino({ level: 'warn' }),
  workers: 1,
});
const job = await store.claimNext();
if (job === null) throw new Error('no job');

// The write window: capacity.complete (batches of rows, then the closing transaction).
let windowStart = Infinity;
let windowEnd = Infinity;
let arrived = Infinity;
const complete = capacity.complete.bind(capacity);
const batches: number[] = [];
capacity.complete = async (...call: Parameters<typeof complete>) => {
  windowStart = performance.now();
  try {
    return await complete(call[0], call[1], () => batches.push(performance.now()));
  } finally {
    windowEnd = performance.now();
  }
};
const progress = store.progress.bind(store);
store.progress = async (jobId, percent, stage) => {
  if (percent === 92) arrived = performance.now();
  return progress(jobId, percent, stage);
};

// Each gap with the main thread's own CPU time in it: on a loaded machine (2 shared cores) a gap
// is also time the OS gave to other processes; the CPU part is what this thread was running.
const gaps: { at: number; ms: number; cpuMs: number }[] = [];
const threadCpuMs = () => {
  const usage = process.threadCpuUsage();
  return (usage.user + usage.system) / 1000;
};
let last = performance.now();
let lastCpu = threadCpuMs();
const ticker = setInterval(() => {
  const t = performance.now();
  const cpu = threadCpuMs();
  gaps.push({ at: t, ms: t - last, cpuMs: cpu - lastCpu });
  last = t;
  lastCpu = cpu;
}, 1);
const histogram = monitorEventLoopDelay({ resolution: 1 });
histogram.enable();
const started = performance.now();
const outcome = await pool.run(job, bytes);
const ended = performance.now();
histogram.disable();
await pool.close();

const status = await store.status(job.id);
const worst = [...gaps].sort((a, b) => b.ms - a.ms).slice(0, 5);
// A gap ending inside the window stalled a request that arrived in it; the message carrying the
// columns is deserialised just before (from `arrived`, the job's 92 % report, on).
const inWindow = gaps.filter(
  (gap) => gap.at >= Math.min(arrived, windowStart) && gap.at <= windowEnd + 5,
);
const worstInWindow = [...inWindow].sort((a, b) => b.ms - a.ms).slice(0, 5);
const log = (text: string) => console.log(text);
log(
  `${path.basename(caseFile)} on ${usePostgres ? 'PostgreSQL' : 'SQLite'} (Node ${process.version}, load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')})`,
);
log(`job: ${outcome}, ${status?.state}, ${((ended - started) / 1000).toFixed(2)} s in all`);
const repository = busbarCapacityRepository(db, owner);
const shown = await repository.status('c1');
if (shown?.result == null) throw new Error('no result shown');
const options = JSON.parse(shown.result.optionsJson) as { computeMs: number };
log(
  `engine (on the thread, case read excluded): ${(options.computeMs / 1000).toFixed(2)} s; store (rows, names, close): ${((windowEnd - windowStart) / 1000).toFixed(2)} s`,
);
log(
  `longest gaps of a 1 ms timer over the whole job (ms): ${worst.map((gap) => gap.ms.toFixed(0)).join(', ')}`,
);
const busiest = (list: typeof gaps) =>
  [...list]
    .sort((a, b) => b.cpuMs - a.cpuMs)
    .slice(0, 3)
    .map((gap) => `${gap.cpuMs.toFixed(1)} (gap ${gap.ms.toFixed(1)})`)
    .join(', ');
log(
  `while the result arrives and is stored: longest gaps ${worstInWindow.map((gap) => gap.ms.toFixed(1)).join(', ')} ms`,
);
log(
  `most CPU of this thread in one gap while storing (ms): ${busiest(inWindow)}; over the whole job: ${busiest(gaps)}`,
);
const spans = batches.map((t, i) => t - (i === 0 ? windowStart : batches[i - 1]!));
log(
  `row batches: ${batches.length}, each (insert, then the yield before the next) max ${Math.max(...spans).toFixed(1)} ms, median ${[...spans].sort((a, b) => a - b)[spans.length >> 1]!.toFixed(1)} ms; first batch after ${(batches[0]! - windowStart).toFixed(1)} ms; after the last batch to the end ${(windowEnd - batches.at(-1)!).toFixed(1)} ms; result arrival to store start ${(windowStart - arrived).toFixed(1)} ms`,
);
for (const gap of worstInWindow) {
  const phase =
    gap.at < windowStart
      ? 'before the store (message, progress write)'
      : gap.at <= (batches.at(-1) ?? windowEnd)
        ? `during row batch ${batches.findIndex((t) => t >= gap.at) + 1}`
        : 'names and the closing transaction';
  log(
    `  gap ${gap.ms.toFixed(1)} ms (${gap.cpuMs.toFixed(1)} ms of this thread's CPU) ending ${(gap.at - windowStart).toFixed(1)} ms into the store: ${phase}`,
  );
}
log(
  `monitorEventLoopDelay: max ${(histogram.max / 1e6).toFixed(0)} ms, p99 ${(histogram.percentile(99) / 1e6).toFixed(1)} ms`,
);

const tables = ['busbar_capacity_results', 'busbar_capacity_rows', 'busbar_capacity_branches'];
if (usePostgres) {
  const sizes = await sql<{
    name: string;
    bytes: number;
  }>`select relname as name, pg_total_relation_size(c.oid)::bigint as bytes from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = ${schema} and relname in (${sql.join(tables)})`.execute(
    db,
  );
  const total = sizes.rows.reduce((sum, row) => sum + Number(row.bytes), 0);
  log(
    `stored: ${(total / 1e6).toFixed(2)} MB (${sizes.rows.map((row) => `${row.name} ${(Number(row.bytes) / 1e6).toFixed(2)}`).join(', ')}; tables with their indexes)`,
  );
} else {
  try {
    const sizes = await sql<{
      name: string;
      bytes: number;
    }>`select name, sum(pgsize) as bytes from dbstat where name like 'busbar_capacity%' or name like 'sqlite_autoindex_busbar_capacity%' group by name`.execute(
      db,
    );
    const total = sizes.rows.reduce((sum, row) => sum + Number(row.bytes), 0);
    log(
      `stored: ${(total / 1e6).toFixed(2)} MB (${sizes.rows.map((row) => `${row.name} ${(Number(row.bytes) / 1e6).toFixed(2)}`).join(', ')})`,
    );
  } catch {
    log(
      `SQLite file: ${(fs.statSync(path.join(dataDir, 'holgura.sqlite')).size / 1e6).toFixed(1)} MB`,
    );
  }
}

// Reads, as the routes make them (the page: state, count and page, each time).
const { resultKey, capMw } = shown.result;
async function timed(label: string, read: () => Promise<unknown>, times = 20) {
  await read();
  const each: number[] = [];
  for (let i = 0; i < times; i++) {
    const t0 = performance.now();
    const answer = await read();
    JSON.stringify(answer);
    each.push(performance.now() - t0);
  }
  each.sort((a, b) => a - b);
  log(
    `${label}: median ${each[each.length >> 1]!.toFixed(1)} ms, max ${each.at(-1)!.toFixed(1)} ms`,
  );
}
const noFilter = {};
const pageOf = async (
  filters: Parameters<typeof repository.page>[1],
  order: Parameters<typeof repository.page>[2],
  page: number,
) => {
  const state = await repository.status('c1');
  return Promise.all([
    repository.count(resultKey, filters),
    repository.page(state!.result!.resultKey, filters, order, {
      offset: (page - 1) * 50,
      limit: 50,
    }),
  ]);
};
const byCapacity = { sort: 'capacity', order: 'asc', figure: 'attributable' } as const;
await timed('page 1, by capacity', () => pageOf(noFilter, byCapacity, 1));
await timed('page 100, by capacity, descending', () =>
  pageOf(noFilter, { ...byCapacity, order: 'desc' }, 100),
);
await timed('page 1, by name', () => pageOf(noFilter, { ...byCapacity, sort: 'name' }, 1));
await timed('page 1, strict figure, 230 kV or more', () =>
  pageOf({ minKv: 230 }, { ...byCapacity, figure: 'strict' }, 1),
);
await timed('page 1, name search «san»', () => pageOf({ q: 'san' }, byCapacity, 1));
await timed('histogram', () => repository.histogram(resultKey, capMw, 'attributable', noFilter));
await timed('map', () => repository.map(resultKey, 'attributable'), 5);

// The export's reading and CSV, with the loop's gaps.
gaps.length = 0;
last = performance.now();
lastCpu = threadCpuMs();
const t0 = performance.now();
const rows = await repository.all(resultKey, noFilter, byCapacity);
const table = busbarCapacityTable({
  caseName: 'c1',
  rows,
  options: JSON.parse(shown.result.optionsJson) as never,
  query: { ...byCapacity },
  generatedAt: new Date(),
});
const csv = await tableToCsvInChunks(table);
log(
  `CSV export (${rows.length} rows, ${(csv.length / 1e6).toFixed(1)} MB): ${(performance.now() - t0).toFixed(0)} ms, longest gap ${Math.max(...gaps.map((gap) => gap.ms)).toFixed(1)} ms, most CPU in one gap ${busiest(gaps)}`,
);

// Deleting the case as DELETE /api/cases/{id} does: its capacities a batch at a time, then the
// case in one transaction (the cascade finds nothing left).
gaps.length = 0;
last = performance.now();
lastCpu = threadCpuMs();
const d0 = performance.now();
await deleteBusbarCapacitiesOfCase(db, owner, 'c1');
await db.transaction().execute(async (tx) => {
  await tx.deleteFrom('analysis_jobs').where('case_id', '=', 'c1').execute();
  await tx.deleteFrom('cases').where('case_id', '=', 'c1').execute();
});
await new Promise((resolve) => setTimeout(resolve, 5));
log(
  `case delete: ${(performance.now() - d0).toFixed(0)} ms, longest gap ${Math.max(...gaps.map((gap) => gap.ms)).toFixed(1)} ms, most CPU in one gap ${busiest(gaps)}`,
);
clearInterval(ticker);

await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
if (usePostgres) {
  const pg = (await import('pg')).default;
  const client = new pg.Client({
    connectionString: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  });
  await client.connect();
  await client.query(`drop schema if exists ${schema} cascade`);
  await client.end();
}
