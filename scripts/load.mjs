#!/usr/bin/env node
// npm run load: load figures for docs/reliability.md, on the built server (`npm run build`).
//
// For each database (SQLite, then PostgreSQL when it answers) it starts the built API on a fresh
// DATA_DIR / fresh PostgreSQL database (plus two `npm run worker` processes on PostgreSQL), signs
// up 50 accounts, times 20 concurrent uploads of case_ACTIVSg2000 from upload to result, gives
// the other 30 accounts the same case, then measures p50/p99 latency and throughput with
// autocannon for the case list, case data and stats at 50 concurrent signed-in users (each
// connection its own account). Reads are made as the web app makes them: a bearer access token
// from /api/auth/token and `Accept-Encoding` as a browser sends it; the case list and case data
// are measured a second time with the session cookie, the fallback the web app uses when it has
// no token. It prints a markdown table.
//
// Options: --db sqlite|postgres|both (default both), --users N (50), --uploads N (20),
// --seconds N per read route (10). PostgreSQL: TEST_DATABASE_URL or
// postgres://postgres@127.0.0.1:5432/test; the script creates and drops its own database there.
//
// --mode national (issue #16, scripts/lib/load-national.mjs): a stored 10,000-bus case read in
// parts, the case list, full SAX documents and stats at 200 connections, /api/health probed
// throughout, then again while two 10,000-bus cases are analysed. --seconds is each round's
// length there (10 by default; 20 or more for the recorded figures).

import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort, launch, signUp, stopProcesses } from './lib/built-server.mjs';
import {
  NATIONAL_CASE,
  nationalCaseAvailable,
  nationalReport,
  runNational,
} from './lib/load-national.mjs';
import pg from 'pg';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(repoRoot, 'apps/server/dist');
const caseFile = path.join(repoRoot, 'demo/networks/case_ACTIVSg2000.m.xz');
const adminUrl = process.env.TEST_DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/test';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    users: { type: 'string', default: '50' },
    uploads: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '10' },
    mode: { type: 'string', default: 'basic' },
    rate: { type: 'string', default: '2' },
  },
});
if (!['basic', 'national'].includes(args.mode)) {
  throw new Error(`--mode ${args.mode}: basic (por defecto) o national`);
}
const USERS = Number(args.users);
const UPLOADS = Math.min(Number(args.uploads), USERS);
const SECONDS = Number(args.seconds);
const READ_P99_TARGET_MS = 200;

const cleanups = [];

async function postgresAnswers() {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function freshDatabase() {
  const name = `holgura_load_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** What a browser sends over HTTPS; the server answers gzip where it keeps a compressed copy. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

const CREDENTIALS = {
  token: (account) => ({ authorization: `Bearer ${account.token}` }),
  cookie: (account, baseUrl) => ({ cookie: account.cookie, origin: baseUrl }),
};

/** Status and body size on the wire (fetch would decompress): what autocannon will count. */
function wireGet(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        let bytes = 0;
        response.on('data', (chunk) => (bytes += chunk.length));
        response.on('end', () => resolve({ status: response.statusCode, bytes }));
      })
      .on('error', reject);
  });
}

const percentile = (sorted, p) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];

/** Uploads the case and polls its job (as the web app's fallback does) until it finishes. */
async function uploadToResult(baseUrl, { cookie }, bytes) {
  const started = performance.now();
  const headers = { cookie, origin: baseUrl };
  const response = await fetch(`${baseUrl}/api/casesCalculate/calculate`, {
    method: 'POST',
    headers: {
      ...headers,
      'content-type': 'application/x-xz',
      'x-file-name': 'case_ACTIVSg2000.m.xz',
    },
    body: bytes,
  });
  if (response.status !== 202) return { ok: false, ms: 0, reason: `HTTP ${response.status}` };
  const { jobId, caseId } = await response.json();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const status = await (await fetch(`${baseUrl}/api/jobs/${jobId}`, { headers })).json();
    if (status.state === 'done') return { ok: true, ms: performance.now() - started, caseId };
    if (status.state === 'failed') return { ok: false, ms: 0, reason: status.error?.code };
  }
}

async function uploadsPhase(baseUrl, accounts) {
  const bytes = fs.readFileSync(caseFile);
  const started = performance.now();
  const timed = await Promise.all(
    accounts.slice(0, UPLOADS).map((account) => uploadToResult(baseUrl, account, bytes)),
  );
  const wallMs = performance.now() - started;
  // The other accounts get the same case, untimed, so every user has data to read.
  const rest = await Promise.all(
    accounts.slice(UPLOADS).map((account) => uploadToResult(baseUrl, account, bytes)),
  );
  const times = timed
    .filter((run) => run.ok)
    .map((run) => run.ms)
    .sort((a, b) => a - b);
  return {
    caseIds: [...timed, ...rest].map((run) => run.caseId),
    failed: [...timed, ...rest].filter((run) => !run.ok).length,
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    max: times.at(-1),
    wallMs,
  };
}

/**
 * One autocannon run; connection i is account i and reads its own path. `client.setRequests`,
 * not `client.setRequest`: autocannon 9 keeps the URL's own path ('/', the web app's HTML) for
 * `setRequest`, which an earlier version of this script measured without noticing. So the run
 * is checked: the mean body size must match what the route answers to a plain fetch.
 */
async function measure(baseUrl, accounts, pathFor, credential) {
  const headersFor = (index) => ({
    'accept-encoding': BROWSER_ACCEPT_ENCODING,
    ...CREDENTIALS[credential](accounts[index], baseUrl),
  });
  const expected = [];
  for (let i = 0; i < accounts.length; i++) {
    const response = await wireGet(`${baseUrl}${pathFor(i)}`, headersFor(i));
    if (response.status !== 200)
      throw new Error(`${pathFor(i)}: ${response.status} antes de medir`);
    expected.push(response.bytes);
  }
  let next = 0;
  const result = await new Promise((resolve, reject) => {
    autocannon(
      {
        url: baseUrl,
        connections: accounts.length,
        duration: SECONDS,
        setupClient(client) {
          const index = next++ % accounts.length;
          client.setRequests([{ method: 'GET', path: pathFor(index), headers: headersFor(index) }]);
        },
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
  const meanBody = expected.reduce((sum, size) => sum + size, 0) / expected.length;
  const meanResponse = result.throughput.total / Math.max(result.requests.total, 1);
  // Headers add about 1 KB to each response; a body-size mismatch means the wrong path was read.
  if (meanResponse < meanBody || meanResponse > meanBody + 2048) {
    throw new Error(
      `${pathFor(0)}: ${meanResponse.toFixed(0)} B por respuesta medidos, ${meanBody.toFixed(0)} B esperados`,
    );
  }
  return { ...result, meanBodyBytes: meanBody };
}

async function runOn(dialect) {
  const port = await freePort();
  // An IP, not 'localhost': the server listens on 127.0.0.1 only, and 'localhost' may resolve to
  // ::1, where another process on this machine can hold the same port number.
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'holgura-load-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    AUTH_SECRET: randomUUID() + randomUUID(),
    SIGN_IN_ATTEMPTS_PER_MINUTE: '100000',
  };
  if (dialect === 'postgres') {
    env.DATABASE_URL = await freshDatabase();
    await launch('main.js', { ...env, WORKERS: '0' }, /abre http:|API de Holgura en/);
    for (let i = 0; i < 2; i++) {
      await launch('worker-main.js', { ...env, WORKERS: '1' }, /Trabajador de análisis/);
    }
  } else {
    await launch('main.js', env, /abre http:|API de Holgura en/);
  }

  const accounts = [];
  for (let i = 0; i < USERS; i++) accounts.push(await signUp(baseUrl, i));
  console.error(`[${dialect}] ${USERS} cuentas; ${UPLOADS} subidas simultáneas…`);
  const uploads = await uploadsPhase(baseUrl, accounts);

  const caseData = (index) => `/api/cases/${uploads.caseIds[index]}/data`;
  const routes = [
    ['GET /api/cases', () => '/api/cases', 'token'],
    ['GET /api/cases', () => '/api/cases', 'cookie'],
    ['GET /api/cases/:id/data', caseData, 'token'],
    ['GET /api/cases/:id/data', caseData, 'cookie'],
    // Public: no credential is checked.
    ['GET /api/stats', () => '/api/stats', 'token'],
  ];
  const reads = [];
  for (const [route, pathFor, credential] of routes) {
    const label = route === 'GET /api/stats' ? route : `${route} (${credential})`;
    console.error(`[${dialect}] ${label}: ${USERS} usuarios durante ${SECONDS} s…`);
    const result = await measure(baseUrl, accounts, pathFor, credential);
    reads.push({
      label,
      p50: result.latency.p50,
      p99: result.latency.p99,
      rps: result.requests.average,
      total: result.requests.total,
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
      statuses: Object.entries(result.statusCodeStats ?? {})
        .filter(([code]) => !code.startsWith('2'))
        .map(([code, { count }]) => `${count} × ${code}`)
        .join(', '),
      bytes: result.throughput.average,
      bodyBytes: result.meanBodyBytes,
    });
  }
  await stopProcesses();
  return { dialect, uploads, reads };
}

function report(runs) {
  const cpu = os.cpus()[0]?.model ?? 'CPU';
  const lines = [
    `Holgura — carga con ${USERS} usuarios (${os.cpus().length} × ${cpu}, Node ${process.version}, ${new Date().toISOString()})`,
    '',
    '| Base | Ruta (credencial) | Usuarios | p50 (ms) | p99 (ms) | Peticiones/s | Peticiones | Errores | No 2xx | Cuerpo en la red (KB) | KB/s |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const run of runs) {
    for (const read of run.reads) {
      lines.push(
        `| ${run.dialect} | ${read.label} | ${USERS} | ${read.p50} | ${read.p99} | ${read.rps.toFixed(0)} | ${read.total} | ${read.errors} | ${read.non2xx} | ${(read.bodyBytes / 1024).toFixed(1)} | ${(read.bytes / 1024).toFixed(0)} |`,
      );
    }
  }
  lines.push(
    '',
    '| Base | Subidas simultáneas (case_ACTIVSg2000) | Subida → resultado p50 (s) | p99 (s) | Máx (s) | Todas en (s) | Fallidas |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const { dialect, uploads } of runs) {
    const s = (ms) => (ms / 1000).toFixed(1);
    lines.push(
      `| ${dialect} | ${UPLOADS} | ${s(uploads.p50)} | ${s(uploads.p99)} | ${s(uploads.max)} | ${s(uploads.wallMs)} | ${uploads.failed} |`,
    );
  }
  const misses = runs.flatMap((run) => [
    ...run.reads
      .filter((read) => read.p99 >= READ_P99_TARGET_MS || read.errors > 0 || read.non2xx > 0)
      .map(
        (read) =>
          `${run.dialect} ${read.label}: p99 ${read.p99} ms, ${read.errors} errores, ${read.non2xx} no 2xx${read.statuses ? ` (${read.statuses})` : ''}`,
      ),
    ...(run.uploads.failed > 0
      ? [`${run.dialect}: ${run.uploads.failed} subidas sin resultado`]
      : []),
  ]);
  lines.push(
    '',
    misses.length === 0
      ? `Objetivos cumplidos: p99 < ${READ_P99_TARGET_MS} ms en lecturas, sin errores, todas las subidas con resultado.`
      : `Objetivos NO cumplidos:\n${misses.map((miss) => `- ${miss}`).join('\n')}`,
  );
  return { text: lines.join('\n'), ok: misses.length === 0 };
}

/**
 * --mode national (issue #16): the demo data on, two analyses at a time (two threads on SQLite,
 * two one-thread worker processes on PostgreSQL), a 10,000-bus case stored and read in parts.
 */
async function runNationalOn(dialect) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'holgura-load-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    AUTH_SECRET: randomUUID() + randomUUID(),
    SIGN_IN_ATTEMPTS_PER_MINUTE: '100000',
    // Each reader account writes its 12 cases in a second: setting up, not what is measured.
    USER_UPLOADS_PER_MINUTE: '1000',
    DEMO_DATA: 'on',
  };
  let api;
  if (dialect === 'postgres') {
    env.DATABASE_URL = await freshDatabase();
    api = await launch('main.js', { ...env, WORKERS: '0' }, /abre http:|API de Holgura en/);
    for (let i = 0; i < 2; i++) {
      await launch('worker-main.js', { ...env, WORKERS: '1' }, /Trabajador de análisis/);
    }
  } else {
    api = await launch('main.js', { ...env, WORKERS: '2' }, /abre http:|API de Holgura en/);
  }
  try {
    return await runNational({
      dialect,
      baseUrl,
      apiPid: api.pid,
      seconds: SECONDS,
      rate: Number(args.rate),
    });
  } finally {
    await stopProcesses();
  }
}

async function main() {
  if (!fs.existsSync(path.join(distDir, 'main.js'))) {
    throw new Error('No hay servidor compilado: ejecuta `npm run build` primero.');
  }
  if (args.mode === 'national' && !nationalCaseAvailable()) {
    throw new Error(`No está el caso nacional ${NATIONAL_CASE} (NATIONAL_CASE=… lo cambia).`);
  }
  const dialects = args.db === 'both' ? ['sqlite', 'postgres'] : [args.db];
  const runs = [];
  for (const dialect of dialects) {
    if (dialect === 'postgres' && !(await postgresAnswers())) {
      console.error(`PostgreSQL no responde en ${adminUrl}: se omite.`);
      continue;
    }
    runs.push(await (args.mode === 'national' ? runNationalOn(dialect) : runOn(dialect)));
  }
  const { text, ok } =
    args.mode === 'national' ? nationalReport(runs, SECONDS, Number(args.rate)) : report(runs);
  console.log(text);
  if (!ok) process.exitCode = 1;
}

async function cleanUp() {
  await stopProcesses();
  for (const cleanup of cleanups.splice(0)) {
    try {
      await cleanup();
    } catch (error) {
      console.error('cleanup:', error);
    }
  }
}

process.on('SIGINT', () => void cleanUp().then(() => process.exit(130)));
main()
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(cleanUp);
