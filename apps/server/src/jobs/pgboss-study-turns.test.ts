import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createStudyResponseSchema } from '@holgura/contracts';
import { buildTestApp, testDatabaseUrl } from '../app.test-support';
import { signedIn, waitForJob } from '../modules/uploads/uploads.test-support';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const demoStudy = JSON.parse(fs.readFileSync(path.join(repo, 'demo/estudio-demo.json'), 'utf8'));
const demoCase = fs.readFileSync(path.join(repo, 'demo', demoStudy.baseCase));

/** The request a browser's FormData makes for POST /api/studies. */
async function studyForm(study: unknown) {
  const data = new FormData();
  data.append('case', new Blob([demoCase]), 'case_ACTIVSg2000.m.xz');
  data.append('study', JSON.stringify(study));
  const request = new Request('http://x/', { method: 'POST', body: data });
  return {
    body: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

describe.skipIf(testDatabaseUrl === null)('a study on the pg-boss queue (PostgreSQL)', () => {
  // The periodic sweep re-sends every unfinished job; a study's delivery key once changed with
  // each case it stored, so the sweep handed a running study to a second thread as if its
  // process had died, and after three such hand-overs it failed as JOB_WORKER_CRASHED.
  it('runs to the end on one delivery while the sweep passes, however many cases it stores', async () => {
    const { server } = await buildTestApp(
      { workers: 2 },
      { dialect: 'postgres', pollIntervalMs: 100 },
    );
    const ana = await signedIn(server, 'study-turns');
    const study = { ...demoStudy, scenarios: demoStudy.scenarios.slice(0, 1) };
    delete study.baseCase;
    const { body, headers } = await studyForm(study);
    const response = await ana.request({ method: 'POST', url: '/api/studies', body, headers });
    expect(response.statusCode, response.body).toBe(202);
    const { jobId } = createStudyResponseSchema.parse(response.json());
    const status = await waitForJob(ana, jobId, 120_000);
    expect(status.error).toBeNull();
    expect(status.state).toBe('done');
    expect(status.attempts).toBe(1);
  }, 150_000);
});
