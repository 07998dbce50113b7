import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@holgura/contracts';
import type { Db } from '../../db/database';
import { nowIso } from '../../db/dialect';
import { buildTestApp, dialects } from '../../app.test-support';
import type { TestClient } from '../auth/auth.test-support';
import { analysed, case9, signedIn, upload } from './uploads.test-support';
import { userLimits } from './user-limits';

const limits = { uploadsPerMinute: 1000, activeJobs: 1000, storageBytes: 10 * 1024 ** 3 };

async function userIdOf(client: TestClient): Promise<string> {
  return ((await client.get('/api/auth/get-session')).json() as { user: { id: string } }).user.id;
}

const errorOf = (response: { json(): unknown }) => apiErrorSchema.parse(response.json()).error;

/**
 * Waits until none of the user's jobs is queued or running: an analysis queues its busbar
 * capacities, whose rows count toward the quota too, so bytes measured earlier depend on timing.
 */
async function settled(db: Db, userId: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const active = await db
      .selectFrom('analysis_jobs')
      .select('id')
      .where('user_id', '=', userId)
      .where('state', 'in', ['queued', 'running'])
      .execute();
    if (active.length === 0) return;
    if (Date.now() > deadline) throw new Error(`jobs still active: ${active.length}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(dialects)('per-user upload limits on %s', (dialect) => {
  it('accepts only USER_UPLOADS_PER_MINUTE uploads a minute, even sent all at once', async () => {
    const { server, db } = await buildTestApp(
      { limits: { ...limits, uploadsPerMinute: 3 } },
      { dialect },
    );
    const ana = await signedIn(server, 'rate-ana');
    // Sent together: the early check sees none of them stored; the one in the transaction does.
    const answers = await Promise.all(Array.from({ length: 6 }, () => upload(ana, case9)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([202, 202, 202, 429, 429, 429]);
    const refused = answers.find((answer) => answer.statusCode === 429)!;
    expect(errorOf(refused)).toEqual({
      code: 'UPLOAD_RATE_LIMITED',
      message:
        'Subiste demasiados archivos en el último minuto. Espera un momento y vuelve a intentarlo.',
    });
    expect(refused.headers['retry-after']).toBe('60');
    const jobs = await db.selectFrom('analysis_jobs').select('id').execute();
    expect(jobs).toHaveLength(3);
    // A study counts the same: refused before its form is read.
    const study = await ana.request({
      method: 'POST',
      url: '/api/studies',
      body: 'no se lee',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(study.statusCode).toBe(429);
    expect(errorOf(study).code).toBe('UPLOAD_RATE_LIMITED');
    // Someone else is not held back.
    const bea = await signedIn(server, 'rate-bea');
    expect((await upload(bea, case9)).statusCode).toBe(202);
  });

  it('refuses a new analysis while USER_ACTIVE_JOBS of the user are queued or running', async () => {
    const { server, db } = await buildTestApp(
      { limits: { ...limits, activeJobs: 2 } },
      { dialect },
    );
    const ana = await signedIn(server, 'active-ana');
    const owner = await userIdOf(ana);
    const now = nowIso();
    // Two long analyses of Ana's in progress (rows as the queue keeps them).
    for (const [id, state] of [
      ['job-a', 'running'],
      ['job-b', 'queued'],
    ] as const) {
      await db
        .insertInto('uploads')
        .values({
          id: `up-${id}`,
          user_id: owner,
          file_name: 'x.m',
          content_type: 'text/plain',
          size_bytes: 1,
          sha256: '0'.repeat(64),
          created_at: '2020-01-01T00:00:00.000Z',
        })
        .execute();
      await db
        .insertInto('analysis_jobs')
        .values({
          id,
          user_id: owner,
          upload_id: `up-${id}`,
          case_id: null,
          state,
          created_at: '2020-01-01T00:00:00.000Z',
          updated_at: now,
        })
        .execute();
    }
    const refused = await upload(ana, case9);
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused)).toEqual({
      code: 'JOBS_LIMIT_REACHED',
      message:
        'Ya tienes el máximo de análisis y estudios en curso. Espera a que alguno termine (o cancélalo) y vuelve a intentarlo.',
    });
    await db
      .updateTable('analysis_jobs')
      .set({ state: 'done' })
      .where('id', '=', 'job-a')
      .execute();
    expect((await upload(ana, case9)).statusCode).toBe(202);
  });

  it('keeps each user within USER_STORAGE_MB, files and results alike, refusing by Content-Length before the body', async () => {
    // What one analysed case9 takes: its file and everything its analysis stored (issue #26).
    const probe = await buildTestApp({}, { dialect });
    const meter = await signedIn(probe.server, 'quota-meter');
    await analysed(meter, case9);
    const meterId = await userIdOf(meter);
    await settled(probe.db, meterId);
    const guard = userLimits({ db: probe.db, dialect, limits });
    const oneCase = await guard.storedBytes(meterId);
    expect(oneCase).toBeGreaterThan(case9.byteLength * 5);

    // Room for a second case, not for a third: a quarter of a case short of three, because what
    // an analysis stores varies by a few bytes between runs (compressed results, ids, timings).
    const quota = Math.floor(oneCase * 1.75) + case9.byteLength;
    const { server, db } = await buildTestApp(
      { limits: { ...limits, storageBytes: quota } },
      { dialect },
    );
    const ana = await signedIn(server, 'quota-ana');
    const first = await analysed(ana, case9);
    await analysed(ana, case9, 'otra.m');
    await settled(db, await userIdOf(ana));
    // The files alone would leave room for many more: the results do not.
    const full = await upload(ana, case9);
    expect(full.statusCode).toBe(413);
    expect(errorOf(full)).toEqual({
      code: 'STORAGE_QUOTA_EXCEEDED',
      message:
        'Alcanzaste el espacio máximo para tus archivos. Elimina casos o estudios que ya no necesites y vuelve a intentarlo.',
    });
    // Deleting a case frees its bytes, results included.
    expect(
      (await ana.request({ method: 'DELETE', url: `/api/cases/${first.caseId}` })).statusCode,
    ).toBe(204);
    expect((await upload(ana, case9)).statusCode).toBe(202);
    // Another user has their own room.
    const bea = await signedIn(server, 'quota-bea');
    expect((await upload(bea, case9)).statusCode).toBe(202);
  });

  it('counts cases and results written through the API: writes per minute and the quota (issue #26)', async () => {
    const { server } = await buildTestApp(
      { limits: { ...limits, uploadsPerMinute: 6, storageBytes: 2_500_000 } },
      { dialect },
    );
    const ana = await signedIn(server, 'writes-ana');
    const document = { fullDataJson: { relleno: 'x'.repeat(900_000) }, extras: null };
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await ana.put(`/api/cases/escrito-${i}`, { caseName: `Caso ${i}` })).statusCode,
      );
      statuses.push((await ana.put(`/api/cases/escrito-${i}/data`, document)).statusCode);
    }
    // Case 0 and its data, case 1 and its data: 1.8 MB. Case 2 is created (small), its 0.9 MB
    // would pass 2.5 MB: 413 (a refused write does not count). Case 3 is the sixth write of the
    // minute; its data the seventh: 429.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 413, 200, 429]);
    const refused = await ana.put('/api/cases/escrito-9', { caseName: 'Otro' });
    expect(errorOf(refused).code).toBe('UPLOAD_RATE_LIMITED');
    expect(refused.headers['retry-after']).toBe('60');
    // Another user is not held back.
    const bea = await signedIn(server, 'writes-bea');
    expect((await bea.put('/api/cases/de-bea', { caseName: 'Caso' })).statusCode).toBe(200);
  });

  it('refuses a file name with another extension, and keeps raw UTF-8 names readable', async () => {
    const { server } = await buildTestApp({}, { dialect });
    const ana = await signedIn(server, 'ext-ana');
    for (const name of ['informe.pdf', 'caso9', 'red.m.exe']) {
      const refused = await upload(ana, case9, name);
      expect(refused.statusCode, name).toBe(415);
      expect(errorOf(refused).code, name).toBe('UPLOAD_EXTENSION');
    }
    for (const name of ['case9.m', 'red.RAW', 'caso.txt']) {
      expect((await upload(ana, case9, name)).statusCode, name).toBe(202);
    }
    // A client that sends the name as raw UTF-8 bytes (no percent-encoding).
    const raw = await server.inject({
      method: 'POST',
      url: '/api/casesCalculate/calculate',
      payload: case9,
      headers: {
        cookie: ana.cookieHeader(),
        origin: 'http://localhost:8080',
        'content-type': 'text/plain',
        'x-file-name': Buffer.from('Año 2030 – señal.m', 'utf8').toString('latin1'),
      },
    });
    expect(raw.statusCode, raw.body).toBe(202);
    const list = (await ana.get('/api/cases')).json() as { cases: { caseName: string }[] };
    expect(list.cases.map((c) => c.caseName)).toContain('Año 2030 – señal');
  });
});
