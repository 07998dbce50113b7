// How long the API's event loop stalls while an analysis finishes and its result is written
// (issue #16: "saving a result never blocks requests"). Runs one real analysis of a case in a
// worker thread, as the server does (worker pool → job store → database), with a 1 ms timer and
// monitorEventLoopDelay on the main thread, and prints the longest gaps and what was stored.
//
//   npx tsx scripts/measure-result-write.ts [case file] [--db postgres]
//
// Default case: case_ACTIVSg10k of @holgura/test-fixtures (or CASE_FILE). SQLite in a
// temporary DATA_DIR; --db postgres uses TEST_DATABASE_URL in a schema of its own.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { referencePath, unpackReference } from '@holgura/test-fixtures';
import { pino } from 'pino';
import { openDatabase } from '../apps/server/src/db/database';
import { JobEvents } from '../apps/server/src/jobs/job-events';
import { jobQueueStore } from '../apps/server/src/jobs/jobs.repository';
import { createWorkerPool } from '../apps/server/src/jobs/worker-pool';
import { jobRunners } from '../apps/server/src/job-kinds';
import { analysisJobRunner } from '../apps/server/src/modules/analyses/analysis-job';
import { analysisJobStore } from '../apps/server/src/modules/analyses/analysis-jobs.repository';

const args = process.argv.slice(2);
const usePostgres = args.includes('--db') && args[args.indexOf('--db') + 1] === 'postgres';
await unpackReference();
const caseFile =
  args.find((arg) => !arg.startsWith('--') && arg !== 'postgres') ??
  process.env.CASE_FILE ??
  referencePath('cases/case_ACTIVSg10k.m');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'holgura-stall-'));
const schema = `stall_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
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
await db
  .insertInto('uploads')
  .values({
    id: 'u1',
    user_id: 'user-1',
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
    user_id: 'user-1',
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
    user_id: 'user-1',
    upload_id: 'u1',
    case_id: 'c1',
    state: 'queued',
    stage: null,
    error_code: null,
    error_message: null,
    queued_at: now,
    created_at: now,
    started_at: null,
    finished_at: null,
    updated_at: now,
  })
  .execute();

const store = jobQueueStore(db, 3);
const analyses = analysisJobStore(db);
const pool = createWorkerPool({
  store,
  kinds: { ...jobRunners(db), analysis: analysisJobRunner(analyses) },
  events: new JobEvents(),
  log: pino({ level: 'warn' }),
  workers: 1,
});
const job = await store.claimNext();
if (job === null) throw new Error('no job');

// The write window: while the analyses' store writes the result (analyses.complete). A stall that began
// earlier and ends inside it (the message carrying the result, deserialised on this thread
// before complete() starts) counts too: its gap ends inside the window. Wrapping the store
// works on the code before issue #16 too, which is how the 'before' figures were taken.
let windowStart = Infinity;
let windowEnd = Infinity;
const complete = analyses.complete.bind(analyses) as (...args: unknown[]) => Promise<boolean>;
(analyses as { complete: unknown }).complete = async (...args: unknown[]) => {
  windowStart = performance.now();
  try {
    return await complete(...args);
  } finally {
    windowEnd = performance.now();
  }
};

// The worker's stages are reported as progress: the write starts after 'Guardando resultados'.
const gaps: { at: number; ms: number }[] = [];
let last = performance.now();
const ticker = setInterval(() => {
  const t = performance.now();
  gaps.push({ at: t, ms: t - last });
  last = t;
}, 1);
const histogram = monitorEventLoopDelay({ resolution: 1 });
histogram.enable();
const started = performance.now();
const outcome = await pool.run(job, bytes);
const ended = performance.now();
histogram.disable();
clearInterval(ticker);
await pool.close();

const status = await store.status(job.id);
const worst = [...gaps].sort((a, b) => b.ms - a.ms).slice(0, 5);
// A gap ending inside the window stalled a request that arrived in it.
const inWindow = gaps.filter((gap) => gap.at >= windowStart && gap.at <= windowEnd + 5);
const worstInWindow = [...inWindow].sort((a, b) => b.ms - a.ms).slice(0, 5);
console.log(
  `${path.basename(caseFile)} on ${usePostgres ? 'PostgreSQL' : 'SQLite'} (Node ${process.version}, load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')})`,
);
console.log(`run: ${outcome}, job ${status?.state}, ${((ended - started) / 1000).toFixed(1)} s`);
console.log(
  `longest gaps of a 1 ms timer (ms, s from start): ${worst.map((gap) => `${gap.ms.toFixed(0)} @ ${((gap.at - started) / 1000).toFixed(1)}`).join(', ')}`,
);
console.log(
  `write (analyses.complete) ${((windowEnd - windowStart) / 1000).toFixed(2)} s: longest gaps ending in it ${worstInWindow.map((gap) => gap.ms.toFixed(0)).join(', ')} ms`,
);
console.log(
  `monitorEventLoopDelay: max ${(histogram.max / 1e6).toFixed(0)} ms, p99 ${(histogram.percentile(99) / 1e6).toFixed(1)} ms`,
);
// What was stored, part by part (the constraints' generators summed); none before issue #16.
const parts = await db
  .selectFrom('result_parts')
  .select(['name', 'text_bytes', 'stored_bytes'])
  .execute()
  .catch(() => []);
const sizes = new Map<string, { text: number; stored: number; count: number }>();
for (const part of parts) {
  const name = part.name.startsWith('generators/') ? 'generators/<id>' : part.name;
  const size = sizes.get(name) ?? { text: 0, stored: 0, count: 0 };
  size.text += Number(part.text_bytes);
  size.stored += Number(part.stored_bytes);
  size.count += 1;
  sizes.set(name, size);
}
const mb = (bytes: number) => (bytes / 1e6).toFixed(2);
for (const [name, size] of sizes) {
  console.log(
    `part ${name}${size.count > 1 ? ` (${size.count})` : ''}: ${mb(size.text)} MB of JSON, ${mb(size.stored)} MB stored`,
  );
}
const network = await db
  .selectFrom('case_networks')
  .select((eb) => [
    eb.fn('length', ['network_json']).as('json'),
    eb.fn('length', ['network_gzip']).as('gzip'),
  ])
  .executeTakeFirst();
if (network !== undefined) {
  console.log(
    `network view: ${mb(Number(network.json))} MB of JSON, ${mb(Number(network.gzip))} MB gzip`,
  );
}
const group = await db
  .selectFrom('case_group_analyses')
  .select((eb) => eb.fn('length', ['flexibility_gzip']).as('gzip'))
  .executeTakeFirst();
if (group !== undefined)
  console.log(`group answer (…/analyses/{id}): ${mb(Number(group.gzip))} MB gzip`);
if (!usePostgres) {
  const file = path.join(dataDir, 'holgura.sqlite');
  console.log(`SQLite file: ${(fs.statSync(file).size / 1e6).toFixed(1)} MB`);
}
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
