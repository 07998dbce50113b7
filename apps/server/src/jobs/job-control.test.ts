import { describe, expect, it } from 'vitest';
import { readReference } from '@holgura/test-fixtures';
import {
  apiErrorSchema,
  cancelJobResponseSchema,
  jobStatusSchema,
  uploadResponseSchema,
  type JobStatus,
} from '@holgura/contracts';
import { buildTestApp, dialects, testConfig } from '../app.test-support';
import type { TestClient } from '../modules/auth/auth.test-support';
import {
  case9,
  chainCase,
  signedIn,
  upload,
  waitForJob,
} from '../modules/uploads/uploads.test-support';

const activsg200 = readReference('cases/case_ACTIVSg200.m');
/** About 7 s on one thread (its network view's layout), quick to read: a job to stop. */
const chain = chainCase(20_000);
/** About 2 s: a job that holds a thread while others queue. */
const shortChain = chainCase(6_000);

const quick = { pollIntervalMs: 100 };
const limits = testConfig().jobLimits;

async function uploaded(client: TestClient, bytes: Buffer, name: string) {
  const response = await upload(client, bytes, name);
  expect(response.statusCode, response.body).toBe(202);
  return uploadResponseSchema.parse(response.json());
}

async function statusOf(client: TestClient, jobId: string): Promise<JobStatus> {
  return jobStatusSchema.parse((await client.get(`/api/jobs/${jobId}`)).json());
}

async function waitUntil(client: TestClient, jobId: string, state: JobStatus['state']) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const status = await statusOf(client, jobId);
    if (status.state === state) return status;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${status.state}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.each(dialects)('every job can be stopped and is bounded, on %s (issue #26)', (dialect) => {
  it('cancels a running analysis: it stops, its thread takes the next job at once, its stream ends', async () => {
    const { server } = await buildTestApp({ workers: 1 }, { dialect, ...quick });
    const ana = await signedIn(server, 'cancel-owner');
    const big = await uploaded(ana, chain, 'chain.m');
    await waitUntil(ana, big.jobId, 'running');
    // A stream open while it runs ends with the cancellation.
    const stream = ana.get(`/api/jobs/${big.jobId}/events`);
    const cancelled = await ana.post(`/api/jobs/${big.jobId}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelJobResponseSchema.parse(cancelled.json())).toEqual({
      jobId: big.jobId,
      state: 'cancelled',
    });
    const events = await stream;
    expect(events.body).toContain('"state":"cancelled"');
    // Opened after it: one event and the end.
    const after = await ana.get(`/api/jobs/${big.jobId}/events`);
    expect(after.body.match(/event: status/g)).toHaveLength(1);
    expect(after.body).toContain('"state":"cancelled"');
    // The only thread is free again: a small case is done long before the chain would be.
    const started = Date.now();
    const small = await uploaded(ana, case9, 'case9.m');
    expect((await waitForJob(ana, small.jobId)).state).toBe('done');
    expect(Date.now() - started).toBeLessThan(5_000);
    const final = await statusOf(ana, big.jobId);
    expect(final).toMatchObject({ state: 'cancelled', error: { code: 'JOB_CANCELLED' } });
    // Cancelling again, or a finished job: nothing to stop.
    const again = await ana.post(`/api/jobs/${big.jobId}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(apiErrorSchema.parse(again.json()).error.code).toBe('JOB_NOT_RUNNING');
    const other = await signedIn(server, 'cancel-other');
    expect((await other.post(`/api/jobs/${small.jobId}/cancel`)).statusCode).toBe(404);
  }, 60_000);

  it('deleting a case mid-analysis stops its work: the owner’s next small case starts at once', async () => {
    const { server } = await buildTestApp({ workers: 1 }, { dialect, ...quick });
    const ana = await signedIn(server, 'delete-owner');
    const big = await uploaded(ana, chain, 'chain.m');
    await waitUntil(ana, big.jobId, 'running');
    const deleted = await ana.request({ method: 'DELETE', url: `/api/cases/${big.caseId}` });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const started = Date.now();
    const small = await uploaded(ana, case9, 'case9.m');
    expect((await waitForJob(ana, small.jobId)).state).toBe('done');
    expect(Date.now() - started).toBeLessThan(5_000);
  }, 60_000);

  it('keeps a thread for small cases: another user’s small case is done while a large one runs', async () => {
    const { server } = await buildTestApp(
      { workers: 2, jobLimits: { ...limits, smallCaseBuses: 1_000 } },
      { dialect, ...quick },
    );
    const ana = await signedIn(server, 'lane-large');
    const bruno = await signedIn(server, 'lane-small');
    // Two large jobs of one user: both threads could go to them without the small lane.
    const first = await uploaded(ana, shortChain, 'chain-1.m');
    const second = await uploaded(ana, shortChain, 'chain-2.m');
    await waitUntil(ana, first.jobId, 'running');
    const small = await uploaded(bruno, activsg200, 'small.m');
    expect((await waitForJob(bruno, small.jobId)).state).toBe('done');
    // The second chain learnt it is large on the small lane and waited for the other one.
    expect((await statusOf(ana, second.jobId)).state).not.toBe('done');
    expect((await waitForJob(ana, first.jobId, 60_000)).state).toBe('done');
    expect((await waitForJob(ana, second.jobId, 60_000)).state).toBe('done');
  }, 120_000);

  it('takes users in turn and shows a queued job its place in the queue', async () => {
    const { server } = await buildTestApp({ workers: 1 }, { dialect, ...quick });
    const ana = await signedIn(server, 'turns-ana');
    const bruno = await signedIn(server, 'turns-bruno');
    const running = await uploaded(ana, shortChain, 'chain.m');
    await waitUntil(ana, running.jobId, 'running');
    const anaMore = [await uploaded(ana, case9, 'a1.m'), await uploaded(ana, case9, 'a2.m')];
    const brunoJob = await uploaded(bruno, case9, 'b.m');
    expect((await statusOf(ana, anaMore[0]!.jobId)).queuePosition).toBe(1);
    expect((await statusOf(bruno, brunoJob.jobId)).queuePosition).toBe(3);
    // Ana has a job running: Bruno's goes first, then Ana's in order.
    for (const { jobId } of [running, ...anaMore]) await waitForJob(ana, jobId, 60_000);
    await waitForJob(bruno, brunoJob.jobId);
    const startedAt = async (client: TestClient, jobId: string) =>
      Date.parse((await statusOf(client, jobId)).startedAt!);
    const brunoStart = await startedAt(bruno, brunoJob.jobId);
    expect(brunoStart).toBeLessThanOrEqual(await startedAt(ana, anaMore[0]!.jobId));
    expect(await startedAt(ana, anaMore[0]!.jobId)).toBeLessThanOrEqual(
      await startedAt(ana, anaMore[1]!.jobId),
    );
  }, 120_000);

  it('refuses a case past MAX_CASE_BUSES before analysing it, naming the limit', async () => {
    const { server } = await buildTestApp(
      { workers: 1, jobLimits: { ...limits, maxCaseBuses: 100 } },
      { dialect, ...quick },
    );
    const ana = await signedIn(server, 'too-large');
    const job = await uploaded(ana, activsg200, 'a.m');
    const status = await waitForJob(ana, job.jobId);
    expect(status).toMatchObject({
      state: 'failed',
      error: {
        code: 'MODEL_CASE_TOO_LARGE',
        message:
          'El caso es más grande de lo que este servidor analiza: tiene 200 barras y el máximo es 100 (MAX_CASE_BUSES)',
      },
    });
  });

  it('stops a job past JOB_TIME_LIMIT_MINUTES with its limit', async () => {
    const { server } = await buildTestApp(
      { workers: 1, jobLimits: { ...limits, jobTimeLimitMinutes: 0.03 } },
      { dialect, ...quick },
    );
    const ana = await signedIn(server, 'time-limit');
    const job = await uploaded(ana, chain, 'chain.m');
    const status = await waitForJob(ana, job.jobId);
    expect(status.state).toBe('failed');
    expect(status.error?.code).toBe('JOB_TIME_LIMIT');
    expect(status.error?.message).toMatch(
      /^El cálculo superó el tiempo máximo de este servidor y se detuvo: llevaba \d+ minutos y el máximo es 0 \(JOB_TIME_LIMIT_MINUTES\)$/,
    );
    // The thread was replaced: the next job runs.
    expect((await waitForJob(ana, (await uploaded(ana, case9, 'c.m')).jobId)).state).toBe('done');
  }, 60_000);
});

describe('the audit’s own case (issue #26)', () => {
  it('a 100,000-bus chain and a 200-bus case from two users: the small one is done within 30 s of its upload; deleting the chain frees its thread at once', async () => {
    // The default thread count of a two-core machine, and a server that allows the chain
    // (MAX_CASE_BUSES's default, 50,000, would refuse it before it ran).
    const { server } = await buildTestApp(
      { workers: 2, jobLimits: { ...limits, maxCaseBuses: 200_000 } },
      { ...quick },
    );
    const ana = await signedIn(server, 'audit-chain');
    const bruno = await signedIn(server, 'audit-small');
    const big = await uploaded(ana, chainCase(100_000), 'chain.m');
    await waitUntil(ana, big.jobId, 'running');
    const uploadedAt = Date.now();
    const small = await uploaded(bruno, activsg200, 'small.m');
    expect((await waitForJob(bruno, small.jobId, 30_000)).state).toBe('done');
    expect(Date.now() - uploadedAt).toBeLessThan(30_000);
    expect((await statusOf(ana, big.jobId)).state).toBe('running');

    const deleted = await ana.request({ method: 'DELETE', url: `/api/cases/${big.caseId}` });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const next = await uploaded(ana, activsg200, 'next.m');
    const nextAt = Date.now();
    expect((await waitForJob(ana, next.jobId, 30_000)).state).toBe('done');
    expect(Date.now() - nextAt).toBeLessThan(15_000);
  }, 120_000);
});
