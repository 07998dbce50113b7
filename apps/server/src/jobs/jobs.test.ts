import { execFileSync } from 'node:child_process';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readReference, readReferenceText } from '@holgura/test-fixtures';
import {
  apiErrorSchema,
  caseDataSchema,
  caseListResponseSchema,
  jobStatusSchema,
  readFullDataJson,
  uploadResponseSchema,
  type JobStatus,
} from '@holgura/contracts';
import { loadCase, screenN1 } from '@holgura/engine';
import { buildTestApp, dialects, makeTempDir, sqliteOnly } from '../app.test-support';
import { newAccount, TestClient } from '../modules/auth/auth.test-support';

const case9 = readReference('cases/case9.m');
const case30 = readReference('cases/case30.m');
const case30Reference = JSON.parse(readReferenceText('results/case30.json')) as {
  n1: { n_base_case_overloads: number };
};

type Client = TestClient;

async function signedIn(server: ConstructorParameters<typeof TestClient>[0], who: string) {
  const client = new TestClient(server);
  expect((await client.post('/api/auth/sign-up/email', newAccount(who))).statusCode).toBe(200);
  return client;
}

function upload(client: Client, bytes: Buffer, contentType = 'text/plain', name = 'case9.m') {
  return client.request({
    method: 'POST',
    url: '/api/casesCalculate/calculate',
    body: bytes,
    headers: { 'content-type': contentType, 'x-file-name': encodeURIComponent(name) },
  });
}

async function waitForJob(client: Client, jobId: string, timeoutMs = 30_000): Promise<JobStatus> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await client.get(`/api/jobs/${jobId}`);
    expect(response.statusCode, response.body).toBe(200);
    const status = jobStatusSchema.parse(response.json());
    if (status.state === 'done' || status.state === 'failed') return status;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${status.state}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const fast = { workers: 2 };
const quickPoll = { pollIntervalMs: 100 };

describe.each(dialects)('uploads and analysis jobs on %s', (dialect) => {
  it('analyses an uploaded MATPOWER case and stores the engine’s N-1 results', async () => {
    const { server, db } = await buildTestApp(fast, { dialect, ...quickPoll });
    const ana = await signedIn(server, 'up-ok');
    const response = await upload(ana, case30, 'text/plain', 'case30.m');
    expect(response.statusCode, response.body).toBe(202);
    const { caseId, jobId } = uploadResponseSchema.parse(response.json());

    const status = await waitForJob(ana, jobId);
    expect(status).toMatchObject({ state: 'done', progressPercent: 100, error: null, attempts: 1 });
    // Stored in parts, compressed by the worker thread (issue #16): no text columns.
    const stored = await db
      .selectFrom('case_api_data')
      .select(['result_id', 'analysis_json', 'full_data_json'])
      .where('case_id', '=', caseId)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ analysis_json: null, full_data_json: null });
    expect(stored.result_id, 'result stored in parts').not.toBeNull();

    const cases = caseListResponseSchema.parse((await ana.get('/api/cases')).json()).cases;
    expect(cases).toEqual([
      expect.objectContaining({ caseId, caseName: 'case30', familyId: null }),
    ]);
    const plain = await ana.get(`/api/cases/${caseId}/data`);
    const data = caseDataSchema.parse(plain.json());
    // The stored parts, spliced as they are: a browser gets them compressed.
    const zipped = await ana.get(`/api/cases/${caseId}/data`, { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
    const flexibility = data.analysis!.flexibility!;
    expect(flexibility.levels).toHaveLength(5);
    expect(flexibility.fcitcMw).toBeLessThanOrEqual(flexibility.tmaxMw);
    // Issue 4 item 6: the first constraint of each level carries an AC check at its limit.
    for (const level of flexibility.levels) {
      const first = flexibility.constraints.find((c) => c.id === level.constraintIds[0]);
      expect(first, `level ${level.level}'s first constraint`).toBeDefined();
      expect(first!.acCheck?.converged, `level ${level.level} AC check`).toBe(true);
    }
    // The legacy export says the same: levels, flexibility and constraints per level.
    const legacy = readFullDataJson(data.fullDataJson);
    if (!legacy.ok) throw new Error(legacy.error);
    expect(legacy.view.caseName).toBe('case30');
    expect(legacy.view.levels.map((l) => [l.level, l.constraints.length])).toEqual(
      flexibility.levels.map((l) => [l.level, l.constraintIds.length]),
    );
    const n1 = data.analysis!.n1;
    // The product's post-contingency limit is RATE_B when set (docs/analysis.md §3), so the stored
    // result equals the engine run with its defaults; MATPOWER agreement is the engine's test.
    const expected = screenN1((await loadCase(case30)).network, { top: 50 });
    expect(n1.overloadedPairs, 'case30 overloaded pairs').toBe(expected.overloadedPairs);
    expect(n1.contingencies, 'case30 contingencies').toBe(expected.nContingencies);
    expect(n1.top[0]?.loadingPercent, 'case30 worst loading %').toBeCloseTo(
      expected.top[0]!.loading * 100,
      9,
    );
    expect(n1.baseCaseOverloads, 'case30 base-case overloads').toBe(
      case30Reference.n1.n_base_case_overloads,
    );
    expect(data.analysis!.network.counts.buses).toBe(30);
  });

  it('analyses an xz-compressed upload (.bin) like the plain file', async ({ skip }) => {
    sqliteOnly(
      dialect,
      skip,
      'an upload and its result stored in ‘analyses an uploaded MATPOWER case’',
    );
    const { server } = await buildTestApp(fast, { dialect, ...quickPoll });
    const ana = await signedIn(server, 'up-xz');
    const packed = execFileSync('xz', ['-c', '-T1'], { input: case9 });
    const response = await upload(ana, packed, 'application/x-xz', 'case9.bin');
    const { caseId, jobId } = uploadResponseSchema.parse(response.json());
    expect(await waitForJob(ana, jobId)).toMatchObject({ state: 'done' });
    const data = caseDataSchema.parse((await ana.get(`/api/cases/${caseId}/data`)).json());
    expect(data.analysis?.network).toMatchObject({ compressed: true, counts: { buses: 9 } });

    const corrupt = await upload(ana, packed.subarray(0, 60), 'application/x-xz', 'roto.bin');
    const failed = await waitForJob(ana, uploadResponseSchema.parse(corrupt.json()).jobId);
    expect(failed.error).toEqual({
      code: 'INPUT_XZ_CORRUPT',
      message: 'El archivo comprimido está dañado o incompleto',
    });
  });

  it('analyses a PSS/E RAW upload', async ({ skip }) => {
    sqliteOnly(
      dialect,
      skip,
      'an upload and its result stored in ‘analyses an uploaded MATPOWER case’',
    );
    const { server } = await buildTestApp(fast, { dialect, ...quickPoll });
    const ana = await signedIn(server, 'up-raw');
    const raw = readReference('raw/IEEE_30_bus.raw');
    const { caseId, jobId } = uploadResponseSchema.parse(
      (await upload(ana, raw, 'text/plain', 'IEEE_30_bus.raw')).json(),
    );
    expect(await waitForJob(ana, jobId)).toMatchObject({ state: 'done' });
    const data = caseDataSchema.parse((await ana.get(`/api/cases/${caseId}/data`)).json());
    expect(data.analysis?.network).toMatchObject({
      format: 'psse',
      revision: 32,
      counts: { buses: 30 },
    });
    const cases = caseListResponseSchema.parse((await ana.get('/api/cases')).json()).cases;
    expect(cases[0]?.caseName).toBe('IEEE_30_bus');
  });

  it('streams job progress as Server-Sent Events until the job is done', async () => {
    const { server } = await buildTestApp(fast, { dialect, ...quickPoll });
    const ana = await signedIn(server, 'up-sse');
    const { jobId } = uploadResponseSchema.parse((await upload(ana, case9)).json());
    const stream = await ana.get(`/api/jobs/${jobId}/events`);
    expect(stream.headers['content-type']).toContain('text/event-stream');
    const events = stream.body
      .split('\n\n')
      .filter((chunk) => chunk.startsWith('event: status'))
      .map((chunk) => jobStatusSchema.parse(JSON.parse(chunk.split('data: ')[1]!)));
    expect(events.length).toBeGreaterThan(0);
    expect(events.at(-1)!.state).toBe('done');
  });

  it('fails a malformed case with the parser’s coded Spanish message, line included', async ({
    skip,
  }) => {
    sqliteOnly(
      dialect,
      skip,
      'a failed job and its message stored in ‘survives worker threads that cannot load’',
    );
    const { server } = await buildTestApp(fast, { dialect, ...quickPoll });
    const ana = await signedIn(server, 'up-bad');
    const truncated = case9.subarray(0, Math.floor(case9.length * 0.6));
    const { jobId } = uploadResponseSchema.parse((await upload(ana, truncated)).json());
    const status = await waitForJob(ana, jobId);
    expect(status.state).toBe('failed');
    expect(status.error?.code).toMatch(/^PARSE_MATPOWER_/);
    expect(status.error?.message).toMatch(/MATPOWER/);

    const noise = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256));
    const noiseJob = uploadResponseSchema.parse(
      (await upload(ana, noise, 'application/octet-stream', 'ruido.bin')).json(),
    );
    const noiseStatus = await waitForJob(ana, noiseJob.jobId);
    expect(noiseStatus.state).toBe('failed');
    expect(noiseStatus.error?.message.length).toBeGreaterThan(0);
  });

  it('refuses bad uploads with clear Spanish errors and stores nothing', async () => {
    const { server, db } = await buildTestApp(fast, { dialect, ...quickPoll });
    const ana = await signedIn(server, 'up-refuse');

    const wrongType = await upload(ana, case9, 'image/png', 'foto.png');
    expect(wrongType.statusCode).toBe(415);
    expect(apiErrorSchema.parse(wrongType.json()).error.message).toBe(
      'Solo se permiten casos .raw, .m, .txt, .xz o .bin',
    );
    const empty = await upload(ana, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(apiErrorSchema.parse(empty.json()).error.message).toBe('El archivo está vacío');
    const tooBig = await upload(ana, Buffer.alloc(10 * 1024 * 1024 + 1, 0x20));
    expect(tooBig.statusCode).toBe(413);
    expect(apiErrorSchema.parse(tooBig.json()).error).toEqual({
      code: 'INPUT_TOO_LARGE',
      message: 'El archivo supera el tamaño máximo permitido (10MB)',
    });
    const anonymous = await upload(new TestClient(server), case9);
    expect(anonymous.statusCode).toBe(401);
    expect(apiErrorSchema.parse(anonymous.json()).error.message).toBe('Usuario no autenticado');

    const jobs = await db.selectFrom('analysis_jobs').select('id').execute();
    expect(jobs).toHaveLength(0);
  });

  it('never shows one user’s job to another', async () => {
    const { server } = await buildTestApp(fast, { dialect, ...quickPoll });
    const ana = await signedIn(server, 'up-iso-a');
    const bruno = await signedIn(server, 'up-iso-b');
    const { jobId, caseId } = uploadResponseSchema.parse((await upload(ana, case9)).json());
    await waitForJob(ana, jobId);
    expect((await bruno.get(`/api/jobs/${jobId}`)).statusCode).toBe(404);
    expect((await bruno.get(`/api/jobs/${jobId}/events`)).statusCode).toBe(404);
    expect((await bruno.get(`/api/cases/${caseId}/data`)).statusCode).toBe(404);
  });

  it('finishes ten concurrent uploads', async () => {
    const { server } = await buildTestApp(fast, { dialect, ...quickPoll });
    const ana = await signedIn(server, 'up-many');
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        upload(ana, i % 2 ? case9 : case30, 'text/plain', `c${i}.m`),
      ),
    );
    for (const r of responses) expect(r.statusCode, r.body).toBe(202);
    const jobs = responses.map((r) => uploadResponseSchema.parse(r.json()).jobId);
    const finished = await Promise.all(jobs.map((jobId) => waitForJob(ana, jobId, 60_000)));
    expect(finished.map((s) => s.state)).toEqual(Array(10).fill('done'));
  });

  it('re-queues at start a job left running by a process that died, and finishes it', async () => {
    const dataDir = makeTempDir('holgura-restart-');
    const first = await buildTestApp({ ...fast, dataDir }, { dialect, ...quickPoll });
    const ana = await signedIn(first.server, 'up-restart');
    const { jobId } = uploadResponseSchema.parse((await upload(ana, case9)).json());
    await waitForJob(ana, jobId);
    // As if the process had died mid-analysis: the job is still marked running.
    await first.db
      .updateTable('analysis_jobs')
      .set({ state: 'running', progress_percent: 30, attempts: 1 })
      .where('id', '=', jobId)
      .execute();
    await first.db.deleteFrom('case_api_data').execute();
    await first.server.close();

    const restarted = await buildTestApp(
      { ...fast, dataDir },
      { dialect, ...quickPoll, ...(dialect === 'postgres' ? { reuseSchemaOf: first } : {}) },
    );
    const again = new TestClient(restarted.server);
    await again.post('/api/auth/sign-in/email', {
      email: newAccount('up-restart').email,
      password: newAccount('up-restart').password,
    });
    expect(await waitForJob(again, jobId)).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('survives worker threads that cannot load: the API answers and the job fails with a clear message', async () => {
    const { server } = await buildTestApp(
      { workers: 1 },
      {
        dialect,
        ...quickPoll,
        workerUrl: new URL('./test-fixtures/broken-worker.ts', import.meta.url),
      },
    );
    const ana = await signedIn(server, 'up-broken');
    const { jobId } = uploadResponseSchema.parse((await upload(ana, case9)).json());
    const status = await waitForJob(ana, jobId);
    expect(status).toMatchObject({ state: 'failed', attempts: 3 });
    expect(status.error?.code).toBe('JOB_WORKER_CRASHED');
    expect((await server.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('retries a job whose worker thread dies and writes its result once', async () => {
    const { server, db } = await buildTestApp(
      { workers: 1 },
      {
        dialect,
        ...quickPoll,
        workerUrl: new URL('./test-fixtures/crash-once-worker.ts', import.meta.url),
      },
    );
    const ana = await signedIn(server, 'up-crash');
    const { jobId, caseId } = uploadResponseSchema.parse((await upload(ana, case9)).json());
    const status = await waitForJob(ana, jobId);
    expect(status).toMatchObject({ state: 'done', attempts: 2, error: null });
    const rows = await db
      .selectFrom('case_api_data')
      .select('case_id')
      .where('case_id', '=', caseId)
      .execute();
    expect(rows).toHaveLength(1);
  });
});
