import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { readReference } from '@holgura/test-fixtures';
import {
  finished,
  freePort,
  freshDatabase,
  postgresAvailable,
  signUp,
  startServer,
  startWorker,
  stopAll,
  tempDir,
  uploadCase,
  waitForJob,
  type FreshDatabase,
  type Proc,
} from './harness';

/**
 * ACTIVSg2000 padded with MATPOWER comment lines to 8 MB (under the 10 MB limit): a body that
 * takes a while to arrive, so the API can be killed with part of it received.
 */
const largeCase = (() => {
  const network = readReference('cases/case_ACTIVSg2000.m');
  const line = `% relleno para una carga lenta ${'-'.repeat(60)}\n`;
  const padding = line.repeat(Math.ceil((8 * 1024 * 1024 - network.byteLength) / line.length));
  return Buffer.concat([network, Buffer.from(padding)]);
})();

/** Sends the headers and the first `sentBytes` of the body, then kills the API under it. */
function uploadKilledMidway(
  baseUrl: string,
  cookie: string,
  sentBytes: number,
  api: Proc,
): Promise<Error> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${baseUrl}/api/casesCalculate/calculate`, {
      method: 'POST',
      headers: {
        'content-type': 'text/plain',
        'content-length': String(largeCase.byteLength),
        'x-file-name': 'case_ACTIVSg2000.m',
        cookie,
        origin: baseUrl,
      },
    });
    request.on('response', (response) =>
      reject(new Error(`the API answered ${response.statusCode} to a body it never received`)),
    );
    request.on('error', (error) => {
      resolve(error);
      // Nothing more is to come from this request: no late event outlives the test.
      request.destroy();
    });
    request.write(largeCase.subarray(0, sentBytes), () => {
      // Give the server a moment to read what reached its socket, then kill it mid-body.
      setTimeout(() => void api.kill9(), 300);
    });
  });
}

interface Leftovers {
  uploads: number;
  cases: number;
  /** Analysis jobs: a finished analysis queues its busbar-capacity job too (issue #17). */
  jobs: number;
  blobs: number;
}

const nothingLeft: Leftovers = { uploads: 0, cases: 0, jobs: 0, blobs: 0 };

const hasPostgres = await postgresAvailable();
let database: FreshDatabase | undefined;

afterEach(async () => {
  await stopAll();
  await database?.drop();
  database = undefined;
});

describe('the API killed while an upload is arriving', () => {
  it.skipIf(!hasPostgres)(
    'PostgreSQL, two workers: the client sees the connection drop, nothing is stored, a retry completes',
    async () => {
      database = await freshDatabase();
      const db = database;
      const port = await freePort();
      const baseUrl = `http://localhost:${port}`;
      const server = { port, dataDir: tempDir(), databaseUrl: db.url, workers: 0 };
      const api = await startServer(server);
      await startWorker(db.url, tempDir());
      await startWorker(db.url, tempDir());
      const call = await signUp(baseUrl);

      const error = await uploadKilledMidway(baseUrl, call.cookie, 3 * 1024 * 1024, api);
      expect((error as NodeJS.ErrnoException).code ?? error.message).toMatch(
        /ECONNRESET|EPIPE|socket hang up/,
      );

      const count = async (table: string) =>
        Number((await db.query<{ n: string }>(`select count(*) as n from ${table}`))[0]!.n);
      const leftovers = async (): Promise<Leftovers> => ({
        uploads: await count('uploads'),
        cases: await count('cases'),
        jobs: await count("analysis_jobs where kind = 'analysis'"),
        blobs: await count('upload_blobs'),
      });
      expect(await leftovers()).toEqual(nothingLeft);
      expect(await count('pgboss.job')).toBe(0);

      await startServer(server);
      const accepted = await uploadCase(call, largeCase, 'case_ACTIVSg2000.m');
      expect(await waitForJob(call, accepted.jobId, finished, 90_000)).toMatchObject({
        state: 'done',
        error: null,
      });
      expect(await leftovers()).toEqual({ uploads: 1, cases: 1, jobs: 1, blobs: 1 });
    },
    180_000,
  );

  it('SQLite: the client sees the connection drop, nothing is stored, a retry completes', async () => {
    const port = await freePort();
    const baseUrl = `http://localhost:${port}`;
    const dataDir = tempDir();
    const api = await startServer({ port, dataDir, workers: 1 });
    const call = await signUp(baseUrl);

    const error = await uploadKilledMidway(baseUrl, call.cookie, 3 * 1024 * 1024, api);
    expect((error as NodeJS.ErrnoException).code ?? error.message).toMatch(
      /ECONNRESET|EPIPE|socket hang up/,
    );

    const storedFiles = () =>
      fs.existsSync(path.join(dataDir, 'uploads'))
        ? fs
            .readdirSync(path.join(dataDir, 'uploads'), { recursive: true, withFileTypes: true })
            .filter((entry) => entry.isFile()).length
        : 0;
    const leftovers = (): Leftovers => {
      const db = new SQLite(path.join(dataDir, 'holgura.sqlite'), { readonly: true });
      try {
        const count = (table: string) =>
          (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
        return {
          uploads: count('uploads'),
          cases: count('cases'),
          jobs: count("analysis_jobs where kind = 'analysis'"),
          blobs: storedFiles(),
        };
      } finally {
        db.close();
      }
    };
    expect(leftovers()).toEqual(nothingLeft);

    await startServer({ port, dataDir, workers: 1 });
    const accepted = await uploadCase(call, largeCase, 'case_ACTIVSg2000.m');
    expect(await waitForJob(call, accepted.jobId, finished, 90_000)).toMatchObject({
      state: 'done',
      error: null,
    });
    expect(leftovers()).toEqual({ uploads: 1, cases: 1, jobs: 1, blobs: 1 });
  }, 180_000);
});
