import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { jobStatusSchema } from '@holgura/contracts';
import { newAccount, TestClient } from '../modules/auth/auth-test-client';
import { databaseUploadStorage } from '../modules/uploads/upload-storage';
import { acceptUpload } from '../modules/uploads/uploads.service';
import { buildTestApp, testDatabaseUrl } from '../test-support';

const here = path.dirname(fileURLToPath(import.meta.url));
const case9 = fs.readFileSync(path.resolve(here, '../../../../../shared/reference/cases/case9.m'));

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
});
