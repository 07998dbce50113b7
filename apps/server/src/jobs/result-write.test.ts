import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  constraintGeneratorsResponseSchema,
  constraintPageResponseSchema,
  resultPaths,
  resultSummaryResponseSchema,
  uploadResponseSchema,
} from '@holgura/contracts';
import { buildTestApp, dialects, makeTempDir } from '../app.test-support';
import { case9, signedIn, upload, waitForJob } from '../modules/uploads/uploads.test-support';

/**
 * The API's event loop may not stop for longer than this while a result is written. Before
 * issue #16 this result stopped it for 2.4 s. What remains is SQLite's commits (better-sqlite3
 * writes on the event loop): 1–3 ms per 512 KiB transaction, 10–45 ms when one checkpoints the
 * WAL or waits for the disk, which other processes on a shared machine can stretch.
 */
const MAX_STALL_MS = 250;

const env = ['LARGE_RESULT_MARK', 'LARGE_RESULT_CONSTRAINTS', 'LARGE_RESULT_PLANTS'] as const;
afterEach(() => {
  for (const name of env) Reflect.deleteProperty(process.env, name);
});

describe.each(dialects)('writing a national-size result on %s (issue #16)', (dialect) => {
  it('never stops the event loop: the worker thread encodes, the API only stores bytes', async () => {
    // 150 constraints × 800 plants: a fullDataJSON of ~45 MB and an analysis of ~6 MB, which
    // the API used to stringify, hash and splice on its event loop (1.4–3.6 s for ACTIVSg10k).
    const mark = path.join(makeTempDir('holgura-mark-'), 'handed-over');
    process.env.LARGE_RESULT_MARK = mark;
    process.env.LARGE_RESULT_CONSTRAINTS = '150';
    process.env.LARGE_RESULT_PLANTS = '800';
    const { server } = await buildTestApp(
      { workers: 1 },
      {
        dialect,
        pollIntervalMs: 100,
        workerUrl: new URL('./test-fixtures/large-result-worker.ts', import.meta.url),
      },
    );
    const ana = await signedIn(server, 'large-write');

    const gaps: { end: number; ms: number }[] = [];
    let last = performance.timeOrigin + performance.now();
    const timer = setInterval(() => {
      const now = performance.timeOrigin + performance.now();
      gaps.push({ end: now, ms: now - last });
      last = now;
    }, 1);
    let caseId: string;
    try {
      const response = await upload(ana, case9);
      expect(response.statusCode, response.body).toBe(202);
      const ids = uploadResponseSchema.parse(response.json());
      caseId = ids.caseId;
      expect((await waitForJob(ana, ids.jobId, 120_000)).state).toBe('done');
    } finally {
      clearInterval(timer);
    }
    const handedOver = Number(fs.readFileSync(mark, 'utf8'));
    const during = gaps.filter((gap) => gap.end >= handedOver);
    expect(during.length).toBeGreaterThan(0);
    const longest = Math.max(...during.map((gap) => gap.ms));
    expect(longest, `longest event-loop stall while the result was written`).toBeLessThan(
      MAX_STALL_MS,
    );

    // And it was stored whole: the parts answer with every constraint and plant.
    const summary = resultSummaryResponseSchema.parse(
      (await ana.get(resultPaths.summary(caseId))).json(),
    );
    expect(summary.flexibility).toMatchObject({ constraintCount: 150, plantCount: 800 });
    const page = constraintPageResponseSchema.parse(
      (await ana.get(`${resultPaths.constraints(caseId)}?level=5&page=2&pageSize=100`)).json(),
    );
    expect(page).toMatchObject({ total: 150 });
    expect(page.constraints.map((c) => c.id)).toEqual(
      Array.from({ length: 50 }, (_, i) => 101 + i),
    );
    const generators = constraintGeneratorsResponseSchema.parse(
      (await ana.get(resultPaths.generators(caseId, 150))).json(),
    );
    expect(generators.generators).toHaveLength(800);
    const document = await ana.get(resultPaths.fullDataJson(caseId), { 'accept-encoding': 'gzip' });
    expect(document.headers['content-encoding']).toBe('gzip');
    expect(Number(document.headers['content-length'])).toBe(document.rawPayload.length);
    expect(document.rawPayload.length).toBeGreaterThan(256 * 1024);
  }, 180_000);
});
