import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import {
  activsg10k,
  finished,
  freePort,
  midway,
  signUp,
  startServer,
  stopAll,
  storedResult,
  tempDir,
  uploadCase,
  waitForJob,
} from './harness';

afterEach(stopAll);

describe('the server killed mid-job (SQLite, embedded worker threads)', () => {
  it('re-queues the job on restart and finishes it, once, with an undisturbed result', async () => {
    const port = await freePort();
    const dataDir = tempDir();
    const baseUrl = `http://localhost:${port}`;
    const before = await startServer({ port, dataDir, workers: 1 });
    const call = await signUp(baseUrl);

    const victim = await uploadCase(call, activsg10k, 'case_ACTIVSg10k.m');
    await waitForJob(call, victim.jobId, midway, 60_000);
    await before.kill9();
    expect(before.child.signalCode).toBe('SIGKILL');

    // Same DATA_DIR and port: the session cookie, the upload and the 'running' row survive.
    await startServer({ port, dataDir, workers: 1 });
    const recovered = await waitForJob(call, victim.jobId, finished, 120_000);
    expect(recovered).toMatchObject({ state: 'done', attempts: 2, error: null });

    const db = new SQLite(path.join(dataDir, 'holgura.sqlite'), { readonly: true });
    try {
      const jobs = db
        .prepare(
          "select state, finished_at from analysis_jobs where case_id = ? and kind = 'analysis'",
        )
        .all(victim.caseId) as { state: string; finished_at: string }[];
      expect(jobs).toEqual([{ state: 'done', finished_at: expect.any(String) }]);
      const results = db
        .prepare('select api_response_date from case_api_data where case_id = ?')
        .all(victim.caseId) as { api_response_date: string }[];
      // Written once, by the completion that closed the job (same transaction, same instant).
      expect(results).toEqual([{ api_response_date: jobs[0]!.finished_at }]);
    } finally {
      db.close();
    }

    const result = await storedResult(call, victim.caseId);
    expect(result.analysis.network.counts.buses).toBe(10_000);
    const reference = await uploadCase(call, activsg10k, 'case_ACTIVSg10k.m');
    expect(await waitForJob(call, reference.jobId, finished, 120_000)).toMatchObject({
      state: 'done',
      attempts: 1,
    });
    expect(result).toEqual(await storedResult(call, reference.caseId));
  }, 300_000);
});
