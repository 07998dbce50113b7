import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiErrorSchema, caseListResponseSchema } from '@holgura/contracts';
import type { Db } from '../../db/database';
import { nowIso } from '../../db/dialect';
import { buildTestApp, dialects, lastDataDir } from '../../app.test-support';
import type { TestClient } from '../auth/auth.test-support';
import { analysed, case9, signedIn } from '../uploads/uploads.test-support';
import { DEMO_OWNER } from './cases.repository';

const sha9 = createHash('sha256').update(case9).digest('hex');

const remove = (client: TestClient, caseId: string) =>
  client.request({ method: 'DELETE', url: `/api/cases/${caseId}` });

async function contentStored(db: Db, dialect: string, dataDir: string): Promise<boolean> {
  if (dialect === 'postgres') {
    const row = await db
      .selectFrom('upload_blobs')
      .select('sha256')
      .where('sha256', '=', sha9)
      .executeTakeFirst();
    return row !== undefined;
  }
  return fs.existsSync(path.join(dataDir, 'uploads', sha9.slice(0, 2), sha9));
}

describe.each(dialects)('DELETE /api/cases/:caseId on %s', (dialect) => {
  it('deletes the case with its results, job and file; the same file of another user stays', async () => {
    const { server, db } = await buildTestApp({}, { dialect });
    const dataDir = lastDataDir();
    const ana = await signedIn(server, 'del-ana');
    const bea = await signedIn(server, 'del-bea');
    const mine = await analysed(ana, case9);
    const theirs = await analysed(bea, case9);
    expect(mine.status.state).toBe('done');

    // Someone else cannot delete it, nor tell it exists.
    expect((await remove(bea, mine.caseId)).statusCode).toBe(404);

    expect((await remove(ana, mine.caseId)).statusCode).toBe(204);
    const list = caseListResponseSchema.parse((await ana.get('/api/cases')).json());
    expect(list.cases.map((c) => c.caseId)).not.toContain(mine.caseId);
    expect((await ana.get(`/api/cases/${mine.caseId}/data`)).statusCode).toBe(404);
    expect((await ana.get(`/api/jobs/${mine.jobId}`)).statusCode).toBe(404);
    expect((await remove(ana, mine.caseId)).statusCode).toBe(404);
    for (const table of ['case_api_data', 'case_networks', 'cases'] as const) {
      const rows = await db
        .selectFrom(table)
        .select('case_id')
        .where('case_id', '=', mine.caseId)
        .execute();
      expect(rows, table).toEqual([]);
    }
    // Bea uploaded the same bytes: the shared content stays while her case needs it.
    expect(await contentStored(db, dialect, dataDir)).toBe(true);
    expect((await bea.get(`/api/cases/${theirs.caseId}/data`)).statusCode).toBe(200);

    expect((await remove(bea, theirs.caseId)).statusCode).toBe(204);
    expect(await contentStored(db, dialect, dataDir)).toBe(false);
    expect(await db.selectFrom('uploads').select('id').execute()).toEqual([]);
  });

  it('refuses demo cases (403) and the cases of a study, naming it (409); a study keeps the file of its base case', async () => {
    const { server, db } = await buildTestApp({}, { dialect });
    const dataDir = lastDataDir();
    const ana = await signedIn(server, 'del-study');
    const owner = ((await ana.get('/api/auth/get-session')).json() as { user: { id: string } }).user
      .id;
    const base = await analysed(ana, case9);
    const now = nowIso();
    await db
      .insertInto('cases')
      .values({
        case_id: 'demo-x',
        case_name: 'demo',
        case_description: null,
        process: null,
        family_id: 'F',
        family_name: 'F',
        user_id: DEMO_OWNER,
        scenario: null,
        year: null,
        busbar_capacity_mw: null,
        contingency_count: null,
      })
      .execute();
    const denied = await remove(ana, 'demo-x');
    expect(denied.statusCode).toBe(403);
    expect(apiErrorSchema.parse(denied.json()).error.code).toBe('CASE_READ_ONLY');

    // A study made from the analysed case (as POST /api/studies with caseId records it).
    const upload = await db
      .selectFrom('analysis_jobs')
      .select('upload_id')
      .where('id', '=', base.jobId)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('studies')
      .values({
        study_id: 'st-1',
        user_id: owner,
        name: 'Refuerzos 2030',
        description: '',
        network_label: 'IEEE 9',
        latest_version: 1,
        results_version: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db
      .insertInto('study_versions')
      .values({
        study_id: 'st-1',
        version: 1,
        study_json: '{}',
        upload_id: upload.upload_id,
        base_case_id: base.caseId,
        base_file_name: 'case9.m',
        job_id: 'study-job',
        case_count: 1,
        created_at: now,
      })
      .execute();
    await db
      .insertInto('cases')
      .values({
        case_id: 'st-1-case',
        case_name: 'alta_2030',
        case_description: null,
        process: null,
        family_id: 'B5',
        family_name: 'B5',
        user_id: owner,
        scenario: 'alta',
        year: 2030,
        busbar_capacity_mw: 10,
        contingency_count: 9,
        study_id: 'st-1',
        study_version: 1,
      })
      .execute();

    const inStudy = await remove(ana, 'st-1-case');
    expect(inStudy.statusCode).toBe(409);
    expect(apiErrorSchema.parse(inStudy.json()).error).toEqual({
      code: 'CASE_IN_STUDY',
      message:
        'Este caso es parte de un estudio: se elimina con el estudio, en /estudios (estudio «Refuerzos 2030»)',
    });

    expect((await remove(ana, base.caseId)).statusCode).toBe(204);
    const version = await db
      .selectFrom('study_versions')
      .select(['upload_id', 'base_case_id'])
      .executeTakeFirstOrThrow();
    expect(version).toEqual({ upload_id: upload.upload_id, base_case_id: null });
    const kept = await db.selectFrom('uploads').select('id').execute();
    expect(kept).toEqual([{ id: upload.upload_id }]);
    expect(await contentStored(db, dialect, dataDir)).toBe(true);
  });
});
