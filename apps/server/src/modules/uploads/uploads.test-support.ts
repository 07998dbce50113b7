import { expect } from 'vitest';
import { jobStatusSchema, uploadResponseSchema, type JobStatus } from '@holgura/contracts';
import { readReference } from '@holgura/test-fixtures';
import { newAccount, TestClient } from '../auth/auth.test-support';

export const case9 = readReference('cases/case9.m');
export const case30 = readReference('cases/case30.m');

/**
 * A radial chain of `buses` buses fed from bus 1 (MATPOWER text): every branch a bridge, quick to
 * screen and slow to lay out (a 20,000-bus chain's analysis takes about 7 s on one thread).
 */
export function chainCase(buses: number): Buffer {
  const lines = ["mpc.version = '2';", 'mpc.baseMVA = 100;', 'mpc.bus = ['];
  for (let i = 1; i <= buses; i++) {
    lines.push(`${i} ${i === 1 ? 3 : 1} ${i === 1 ? 0 : 0.5} 0 0 0 1 1 0 230 1 1.1 0.9;`);
  }
  lines.push('];', 'mpc.gen = [', `1 ${0.5 * (buses - 1)} 0 9999 -9999 1 100 1 ${buses} 0;`, '];');
  lines.push('mpc.branch = [');
  for (let i = 1; i < buses; i++) lines.push(`${i} ${i + 1} 0.001 0.01 0 ${buses} 0 0 0 0 1;`);
  lines.push('];');
  return Buffer.from(lines.join('\n'));
}

export async function signedIn(server: ConstructorParameters<typeof TestClient>[0], who: string) {
  const client = new TestClient(server);
  const response = await client.post('/api/auth/sign-up/email', newAccount(who));
  expect(response.statusCode, response.body).toBe(200);
  return client;
}

export function upload(
  client: TestClient,
  bytes: Buffer,
  name = 'case9.m',
  contentType = 'text/plain',
) {
  return client.request({
    method: 'POST',
    url: '/api/casesCalculate/calculate',
    body: bytes,
    headers: { 'content-type': contentType, 'x-file-name': encodeURIComponent(name) },
  });
}

/** Uploads and waits for the analysis to end; the new case's and job's ids. */
export async function analysed(client: TestClient, bytes: Buffer, name = 'case9.m') {
  const response = await upload(client, bytes, name);
  expect(response.statusCode, response.body).toBe(202);
  const ids = uploadResponseSchema.parse(response.json());
  const status = await waitForJob(client, ids.jobId);
  return { ...ids, status };
}

export async function waitForJob(
  client: TestClient,
  jobId: string,
  timeoutMs = 30_000,
): Promise<JobStatus> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await client.get(`/api/jobs/${jobId}`);
    expect(response.statusCode, response.body).toBe(200);
    const status = jobStatusSchema.parse(response.json());
    if (['done', 'failed', 'cancelled'].includes(status.state)) return status;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${status.state}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
