import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readReference } from '@holgura/test-fixtures';
import pg from 'pg';

/**
 * What the fault specs share: the built server and worker as real processes (so kill -9 is a
 * real kill), a fresh PostgreSQL database per test, and signed-up API clients.
 */

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const distDir = path.join(repoRoot, 'apps/server/dist');
/** About 2 s of analysis: a job that should simply complete. */
export const activsg2000Xz = fs.readFileSync(
  path.join(repoRoot, 'demo/networks/case_ACTIVSg2000.m.xz'),
);

/** About 20 s of analysis on one thread: long enough to kill a process in the middle of it. */
export const activsg10k = readReference('cases/case_ACTIVSg10k.m');

/** The PostgreSQL the server suite uses; the fault specs make and drop their own databases on it. */
export const adminDatabaseUrl =
  process.env.TEST_DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/test';

/** Whether PostgreSQL answers; the scale-out specs are skipped (with a note) when it does not. */
export async function postgresAvailable(): Promise<boolean> {
  const client = new pg.Client({
    connectionString: adminDatabaseUrl,
    connectionTimeoutMillis: 3000,
  });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    console.warn(
      `PostgreSQL no responde en ${adminDatabaseUrl}: se omiten las pruebas con PostgreSQL`,
    );
    return false;
  }
}

export interface FreshDatabase {
  url: string;
  query<Row extends pg.QueryResultRow>(sql: string, values?: unknown[]): Promise<Row[]>;
  drop(): Promise<void>;
}

/** A database of its own, so the API's 'public' and pg-boss's 'pgboss' schemas collide with nobody. */
export async function freshDatabase(): Promise<FreshDatabase> {
  const name = `holgura_fault_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: adminDatabaseUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminDatabaseUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  // An idle client the server drops (a restart, a forced drop) must not crash the spec file.
  pool.on('error', (error) => console.warn(`[harness] ${name}: ${error.message}`));
  return {
    url: url.toString(),
    async query<Row extends pg.QueryResultRow>(sql: string, values: unknown[] = []) {
      return (await pool.query<Row>(sql, values)).rows;
    },
    async drop() {
      await pool.end();
      const dropper = new pg.Client({ connectionString: adminDatabaseUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface Proc {
  readonly child: ChildProcess;
  output(): string;
  /** Resolves with the exit code (null after a signal). */
  readonly exited: Promise<number | null>;
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

const started: Proc[] = [];

function launch(entry: string, env: Record<string, string>, readyLine: RegExp): Promise<Proc> {
  const child = spawn(process.execPath, [path.join(distDir, entry)], {
    cwd: repoRoot,
    env: { ...process.env, DEMO_DATA: 'off', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // A spawn or signal failure is the test's to see in the output, never an unhandled 'error'.
  child.on('error', (error) => {
    output += `\n[harness] ${entry}: ${error.message}\n`;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const proc: Proc = {
    child,
    output: () => output,
    exited,
    async kill9() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
  started.push(proc);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${entry} did not start within 60 s:\n${output}`));
    }, 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (readyLine.test(output)) {
        clearTimeout(timer);
        resolve(proc);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${entry} exited with ${code} before it was ready:\n${output}`));
    });
  });
}

export interface ServerOptions {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  workers?: number;
  env?: Record<string, string>;
}

/** The built API (`npm start` minus the build) on a known port, so a restart keeps its address. */
export function startServer(options: ServerOptions): Promise<Proc> {
  return launch(
    'main.js',
    {
      PORT: String(options.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${options.port}`,
      DATA_DIR: options.dataDir,
      AUTH_SECRET: 'fault-tests-secret-that-is-long-enough-0123',
      ...(options.databaseUrl === undefined ? {} : { DATABASE_URL: options.databaseUrl }),
      ...(options.workers === undefined ? {} : { WORKERS: String(options.workers) }),
      ...options.env,
    },
    /abre http:\/\/localhost:\d+|API de Holgura en/,
  );
}

/** `npm run worker` minus the build: one analysis thread, so one job at a time. */
export function startWorker(databaseUrl: string, dataDir: string): Promise<Proc> {
  return launch(
    'worker-main.js',
    { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, WORKERS: '1' },
    /Trabajador de análisis de Holgura en marcha/,
  );
}

const tempDirs: string[] = [];

/** Kills whatever a test left running and removes its data folders. */
export async function stopAll(): Promise<void> {
  await Promise.all(started.splice(0).map((proc) => proc.kill9()));
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

export function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'holgura-fault-'));
  tempDirs.push(dir);
  return dir;
}

export type ApiCall = (url: string, init?: RequestInit) => Promise<Response>;

/** Signs up a fresh account and returns a fetch bound to its session cookie. */
export async function signUp(baseUrl: string, who = `fallo-${randomUUID().slice(0, 8)}`) {
  const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({
      email: `${who}@ejemplo.co`,
      password: 'contraseña-segura-1',
      name: 'Prueba Fallos',
      firstName: 'Prueba',
      lastName: 'Fallos',
      company: 'Holgura',
    }),
  });
  if (response.status !== 200) {
    throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  }
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const call: ApiCall = (url, init = {}) =>
    fetch(`${baseUrl}${url}`, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), cookie, origin: baseUrl },
    });
  return Object.assign(call, { cookie });
}

export interface Accepted {
  jobId: string;
  caseId: string;
}

export async function uploadCase(call: ApiCall, bytes: Buffer, name: string): Promise<Accepted> {
  const contentType = name.endsWith('.xz') ? 'application/x-xz' : 'text/plain';
  const response = await call('/api/casesCalculate/calculate', {
    method: 'POST',
    headers: { 'content-type': contentType, 'x-file-name': name },
    body: new Uint8Array(bytes),
  });
  if (response.status !== 202) {
    throw new Error(`upload answered ${response.status}: ${await response.text()}`);
  }
  return (await response.json()) as Accepted;
}

export interface JobStatusBody {
  state: 'queued' | 'running' | 'done' | 'failed';
  progressPercent: number;
  attempts: number;
  error: { code: string; message: string } | null;
}

export async function jobStatus(call: ApiCall, jobId: string): Promise<JobStatusBody> {
  const response = await call(`/api/jobs/${jobId}`);
  if (response.status !== 200) throw new Error(`job status answered ${response.status}`);
  return (await response.json()) as JobStatusBody;
}

/** Polls until `done(status)` holds; every poll is a real request a browser would make. */
export async function waitForJob(
  call: ApiCall,
  jobId: string,
  done: (status: JobStatusBody) => boolean,
  timeoutMs: number,
): Promise<JobStatusBody> {
  const deadline = Date.now() + timeoutMs;
  let last: JobStatusBody | undefined;
  while (Date.now() < deadline) {
    try {
      last = await jobStatus(call, jobId);
      if (done(last)) return last;
    } catch {
      // The API may be restarting; keep asking until the deadline.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`job ${jobId} did not reach the expected state; last: ${JSON.stringify(last)}`);
}

export const finished = (status: JobStatusBody) =>
  status.state === 'done' || status.state === 'failed';

/** Partway through: the engine has reported progress, so a kill lands mid-analysis. */
export const midway = (status: JobStatusBody) =>
  status.state === 'running' && status.progressPercent >= 20 && status.progressPercent < 95;

interface CaseDataBody {
  analysis: { network: { counts: { buses: number } }; n1: { contingencies: number } } & Record<
    string,
    unknown
  >;
  fullDataJson: unknown;
}

/** The stored result without what legitimately differs between two runs (timings). */
export async function storedResult(call: ApiCall, caseId: string) {
  const response = await call(`/api/cases/${caseId}/data`);
  if (response.status !== 200) throw new Error(`case data answered ${response.status}`);
  const body = (await response.json()) as CaseDataBody;
  const { timingsMs: _timings, ...analysis } = body.analysis;
  return { analysis, fullDataJson: body.fullDataJson };
}
