import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { readReference } from '@holgura/test-fixtures';
import { saveScreenshot, useBrowser } from './support/browser';

const session = useBrowser();

/** A signed-up API client with its session cookie, against the real built server. */
async function signUp(baseUrl: string, who: string) {
  const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({
      email: `${who}@ejemplo.co`,
      password: 'contraseña-segura-1',
      name: 'Api Prueba',
      firstName: 'Api',
      lastName: 'Prueba',
      company: 'Holgura',
    }),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return (url: string, init: RequestInit = {}) =>
    fetch(`${baseUrl}${url}`, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), cookie, origin: baseUrl },
    });
}

async function waitForJob(call: Awaited<ReturnType<typeof signUp>>, jobId: string) {
  for (let i = 0; i < 300; i++) {
    const status = (await (await call(`/api/jobs/${jobId}`)).json()) as { state: string };
    if (status.state === 'done' || status.state === 'failed') return status;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`job ${jobId} did not finish`);
}

describe('API on the built server', () => {
  it('analyses an uploaded plain and xz-compressed case in the bundled worker threads', async () => {
    const call = await signUp(session.baseUrl, 'api-upload');
    const plain = readReference('cases/case30.m');
    const packed = execFileSync('xz', ['-c', '-T1'], { input: plain });
    for (const [body, type, name] of [
      [plain, 'text/plain', 'case30.m'],
      [packed, 'application/x-xz', 'case30.bin'],
    ] as const) {
      const upload = await call('/api/casesCalculate/calculate', {
        method: 'POST',
        headers: { 'content-type': type, 'x-file-name': name },
        body,
      });
      expect(upload.status).toBe(202);
      const { jobId, caseId } = (await upload.json()) as { jobId: string; caseId: string };
      expect(await waitForJob(call, jobId)).toMatchObject({ state: 'done' });
      const data = (await (await call(`/api/cases/${caseId}/data`)).json()) as {
        analysis: { network: { counts: { buses: number } }; n1: { contingencies: number } };
      };
      expect(data.analysis.network.counts.buses).toBe(30);
      expect(data.analysis.n1.contingencies).toBe(41);
    }
    const stats = (await (await fetch(`${session.baseUrl}/api/stats`)).json()) as {
      contingenciesAnalysed: number;
    };
    // The public figures count public data only (the demo, off here): private uploads do not
    // show in them (issue #16).
    expect(stats.contingenciesAnalysed).toBe(0);
  });

  it('shows the API documentation in the browser without CSP violations', async () => {
    const page = await session.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await page.goto('/api/docs/');
    await page.getByText('API de Holgura').first().waitFor();
    await page.getByText('/api/casesCalculate/calculate').first().waitFor();
    // swagger-ui's own labels stay English; what its options reach is Spanish.
    expect(await page.title()).toBe('API de Holgura · Documentación');
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    await page.getByText('Subida de un caso y progreso de su análisis').first().waitFor();
    await saveScreenshot(page, 'api-docs');
    expect(problems).toEqual([]);
  });
});
