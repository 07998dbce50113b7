import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { readReference } from '@holgura/test-fixtures';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { jobStatusSchema } from '@holgura/contracts';
import { newAccount, TestClient } from '../modules/auth/auth.test-support';
import { databaseUploadStorage, type UploadStorage } from '../modules/uploads/upload-storage';
import { acceptUpload } from '../modules/uploads/uploads.service';
import { buildTestApp, testDatabaseUrl } from '../app.test-support';
import { JobEvents } from './job-events';
import { jobQueueStore, MAX_JOB_ATTEMPTS } from './jobs.repository';
import { jobRunners } from '../job-kinds';
import { startPgBossQueue } from './pgboss-queue';
import { createWorkerPool } from './worker-pool';

const case9 = readReference('cases/case9.m');

describe.skipIf(testDatabaseUrl === null)('pg-boss queue (PostgreSQL)', () => {
  it('runs a committed job whose send to the queue was lost, through the periodic sweep', async () => {
    const app = await buildTestApp({ workers: 1 }, { dialect: 'postgres', pollIntervalMs: 100 });
    const client = new TestClient(app.server);
    const account = newAccount('sweep');
    expect((await client.post('/api/auth/sign-up/email', account)).statusCode).toBe(200);
    const { rows } = await sql<{
      id: string;
    }>`select id from "user" where email = ${account.email}`.execute(app.db);
    const owner = rows[0]!.id;

    // Upload, case and job committed as the upload route does, but never sent to pg-boss: the
    // process died between its commit and its send.
    const { jobId } = await acceptUpload(
      { db: app.db, storage: databaseUploadStorage(app.db) },
      { owner, fileName: 'case9.m', contentType: 'text/plain', bytes: new Uint8Array(case9) },
    );

    const deadline = Date.now() + 20_000;
    let state = 'queued';
    while (Date.now() < deadline) {
      const response = await client.get(`/api/jobs/${jobId}`);
      state = jobStatusSchema.parse(response.json()).state;
      if (state === 'done' || state === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(state).toBe('done');
  });

  it('delivers a job again when the upload could not be read because the database did not answer', async () => {
    const app = await buildTestApp({ workers: 0 }, { dialect: 'postgres', pollIntervalMs: 100 });
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
      app.db,
    );
    const storage = databaseUploadStorage(app.db);
    let refusedReads = 0;
    const flaky: UploadStorage = {
      save: (bytes) => storage.save(bytes),
      read(sha256) {
        if (refusedReads === 0) {
          refusedReads += 1;
          return Promise.reject(
            Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
              code: 'ECONNREFUSED',
            }),
          );
        }
        return storage.read(sha256);
      },
    };
    const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
    const events = new JobEvents();
    const store = jobQueueStore(app.db, MAX_JOB_ATTEMPTS);
    const queue = await startPgBossQueue({
      databaseUrl: testDatabaseUrl!,
      schema: `${rows[0]!.schema}_boss`,
      store,
      storage: flaky,
      events,
      log,
      pool: createWorkerPool({ store, kinds: jobRunners(app.db), events, log, workers: 1 }),
      maxAttempts: MAX_JOB_ATTEMPTS,
      sweepIntervalMs: 500,
    });
    try {
      const { jobId } = await acceptUpload(
        { db: app.db, storage },
        {
          owner: 'ana',
          fileName: 'case9.m',
          contentType: 'text/plain',
          bytes: new Uint8Array(case9),
        },
      );
      await queue.enqueue(jobId);
      const deadline = Date.now() + 20_000;
      let status = await store.status(jobId);
      while (status?.state !== 'done' && status?.state !== 'failed' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        status = await store.status(jobId);
      }
      expect(refusedReads).toBe(1);
      expect(status).toMatchObject({ state: 'done', error: null });
    } finally {
      await queue.close();
    }
  });
});
