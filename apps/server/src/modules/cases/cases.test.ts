import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { apiErrorSchema, caseDataSchema, caseListResponseSchema } from '@holgura/contracts';
import { buildTestApp, dialects } from '../../app.test-support';
import { casesRepository } from './cases.repository';
import { newAccount, TestClient } from '../auth/auth.test-support';

async function signedIn(server: ConstructorParameters<typeof TestClient>[0], who: string) {
  const client = new TestClient(server);
  const response = await client.post('/api/auth/sign-up/email', newAccount(who));
  expect(response.statusCode, response.body).toBe(200);
  return client;
}

describe.each(dialects)('cases on %s', (dialect) => {
  it('lists only the caller’s cases, newest first', async () => {
    const { server } = await buildTestApp({}, { dialect });
    const ana = await signedIn(server, 'list-a');
    const bruno = await signedIn(server, 'list-b');
    await ana.put('/api/cases/c-1', { caseName: 'Caso uno' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await ana.put('/api/cases/c-2', { caseName: 'Caso dos', process: 'Capacidad' });
    await bruno.put('/api/cases/c-3', { caseName: 'De Bruno' });

    const list = caseListResponseSchema.parse((await ana.get('/api/cases')).json());
    expect(list.cases.map((c) => c.caseId)).toEqual(['c-2', 'c-1']);
    expect(list.cases[0]).toMatchObject({ caseName: 'Caso dos', process: 'Capacidad' });
  });

  it('hides another user’s case, data and writes behind a 404', async () => {
    const { server } = await buildTestApp({}, { dialect });
    const ana = await signedIn(server, 'iso-a');
    const bruno = await signedIn(server, 'iso-b');
    await ana.put('/api/cases/privado', { caseName: 'Privado' });
    await ana.put('/api/cases/privado/data', { fullDataJson: { caseResult: [] } });

    const read = await bruno.get('/api/cases/privado/data');
    expect(read.statusCode).toBe(404);
    const overwrite = await bruno.put('/api/cases/privado', { caseName: 'Robado' });
    expect(overwrite.statusCode).toBe(404);
    expect(apiErrorSchema.parse(overwrite.json()).error.code).toBe('CASE_NOT_FOUND');
    const writeData = await bruno.put('/api/cases/privado/data', { fullDataJson: {} });
    expect(writeData.statusCode).toBe(404);

    const mine = caseListResponseSchema.parse((await ana.get('/api/cases')).json());
    expect(mine.cases[0]?.caseName).toBe('Privado');
    const data = caseDataSchema.parse((await ana.get('/api/cases/privado/data')).json());
    expect(data.fullDataJson).toEqual({ caseResult: [] });
  });

  it('upserts case data and returns the latest', async () => {
    const { server } = await buildTestApp({}, { dialect });
    const ana = await signedIn(server, 'data');
    await ana.put('/api/cases/k', { caseName: 'K' });
    expect((await ana.get('/api/cases/k/data')).statusCode).toBe(404);
    await ana.put('/api/cases/k/data', { fullDataJson: { v: 1 }, extras: { a: 1 } });
    await ana.put('/api/cases/k/data', { fullDataJson: { v: 2 } });
    const data = caseDataSchema.parse((await ana.get('/api/cases/k/data')).json());
    expect(data).toMatchObject({ caseId: 'k', fullDataJson: { v: 2 }, extras: null });
  });

  it('answers the data route with the same document the repository parses', async () => {
    const { server, db } = await buildTestApp({}, { dialect });
    const ana = await signedIn(server, 'raw');
    await ana.put('/api/cases/r', { caseName: 'R' });
    await ana.put('/api/cases/r/data', {
      fullDataJson: { caseResult: [{ caseName: 'r', layers: [] }], nota: 'ñ "citada"' },
      extras: { a: [1, 2.5, null] },
    });
    const response = await ana.get('/api/cases/r/data');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const me = caseListResponseSchema.parse((await ana.get('/api/cases')).json());
    expect(me.cases).toHaveLength(1);
    const owner = await db
      .selectFrom('cases')
      .select('user_id')
      .where('case_id', '=', 'r')
      .executeTakeFirstOrThrow();
    const parsed = await casesRepository(db, owner.user_id).findData('r');
    expect(response.json()).toEqual(parsed);
    expect(caseDataSchema.parse(response.json()).extras).toEqual({ a: [1, 2.5, null] });
  });

  it('sends case data compressed with an entity tag, and the new version after a write', async () => {
    const { server } = await buildTestApp({}, { dialect });
    const ana = await signedIn(server, 'gzip-a');
    const bruno = await signedIn(server, 'gzip-b');
    await ana.put('/api/cases/z', { caseName: 'Z' });
    await ana.put('/api/cases/z/data', { fullDataJson: { v: 1, texto: 'ñ'.repeat(2000) } });
    const gzip = { 'accept-encoding': 'gzip, deflate, br' };

    const plain = await ana.get('/api/cases/z/data');
    const zipped = await ana.get('/api/cases/z/data', gzip);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 10);
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
    const etag = zipped.headers.etag as string;
    expect(plain.headers.etag).toBe(etag);

    const unchanged = await ana.get('/api/cases/z/data', { ...gzip, 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.rawPayload.length).toBe(0);
    // Another user never learns the case exists, not even through its tag.
    const foreign = await bruno.get('/api/cases/z/data', { ...gzip, 'if-none-match': etag });
    expect(foreign.statusCode).toBe(404);

    // A second write updates the row: the stored answer must follow, not the first version.
    await ana.put('/api/cases/z/data', { fullDataJson: { v: 2 }, extras: { nota: 'b' } });
    const after = await ana.get('/api/cases/z/data', { ...gzip, 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    const data = caseDataSchema.parse(JSON.parse(gunzipSync(after.rawPayload).toString('utf8')));
    expect(data).toMatchObject({ fullDataJson: { v: 2 }, extras: { nota: 'b' } });
    expect(JSON.parse((await ana.get('/api/cases/z/data')).body)).toEqual(data);
  });

  it('gives a row stored without its ready answer one at the first read', async () => {
    const { server, db } = await buildTestApp({}, { dialect });
    const ana = await signedIn(server, 'gzip-old');
    await ana.put('/api/cases/viejo', { caseName: 'Viejo' });
    await ana.put('/api/cases/viejo/data', { fullDataJson: { v: 'antes' } });
    await db
      .updateTable('case_api_data')
      .set({ data_gzip: null, data_etag: null })
      .where('case_id', '=', 'viejo')
      .execute();

    const first = await ana.get('/api/cases/viejo/data', { 'accept-encoding': 'gzip' });
    expect(first.statusCode).toBe(200);
    const data = caseDataSchema.parse(JSON.parse(gunzipSync(first.rawPayload).toString('utf8')));
    expect(data.fullDataJson).toEqual({ v: 'antes' });
    const row = await db
      .selectFrom('case_api_data')
      .select(['data_etag', 'data_gzip'])
      .where('case_id', '=', 'viejo')
      .executeTakeFirstOrThrow();
    expect(`W/"${row.data_etag}"`).toBe(first.headers.etag);
    expect(Buffer.from(row.data_gzip!).equals(first.rawPayload)).toBe(true);
  });

  it('changes only the fields a PUT gives, and leaves the family to studies', async () => {
    const { server } = await buildTestApp({}, { dialect });
    const ana = await signedIn(server, 'merge');
    const created = await ana.put('/api/cases/m-1', {
      caseName: 'Caso',
      caseDescription: 'Red 2030',
      process: 'Análisis N-1',
    });
    expect(created.statusCode, created.body).toBe(200);
    // Before issue #16 the fields left out became null.
    expect((await ana.put('/api/cases/m-1', { caseName: 'Caso renombrado' })).statusCode).toBe(200);
    expect((await ana.put('/api/cases/m-1', { process: null })).statusCode).toBe(200);
    const list = caseListResponseSchema.parse((await ana.get('/api/cases')).json());
    expect(list.cases[0]).toMatchObject({
      caseId: 'm-1',
      caseName: 'Caso renombrado',
      caseDescription: 'Red 2030',
      process: null,
      familyId: null,
    });
    // A family would take the case out of /analisis without making it a study case.
    const family = await ana.put('/api/cases/m-1', { familyId: 'F1', familyName: 'Barra' });
    expect(family.statusCode).toBe(400);
    expect(apiErrorSchema.parse(family.json()).error.message).toBe(
      'La familia (familyId, familyName) de un caso la asigna su estudio: crea el estudio en /estudios o con POST /api/studies',
    );
    const unnamed = await ana.put('/api/cases/m-2', { caseDescription: 'sin nombre' });
    expect(unnamed.statusCode).toBe(400);
    expect(apiErrorSchema.parse(unnamed.json()).error.message).toBe(
      'El nombre del caso es obligatorio',
    );
  });

  it('reserves the demo study’s case ids: nobody can take one before the demo is stored', async () => {
    const { server } = await buildTestApp({}, { dialect });
    const ana = await signedIn(server, 'squatter');
    const taken = await ana.put('/api/cases/demo-B5-alta_2030', { caseName: 'Mío' });
    expect(taken.statusCode).toBe(409);
    expect(apiErrorSchema.parse(taken.json()).error.code).toBe('CASE_ID_RESERVED');
    const list = caseListResponseSchema.parse((await ana.get('/api/cases')).json());
    expect(list.cases).toEqual([]);
  });

  it('refuses bad case ids and bodies with Spanish messages', async () => {
    const { server } = await buildTestApp({}, { dialect });
    const ana = await signedIn(server, 'bad');
    expect((await ana.put('/api/cases/..%2F..%2Fetc', { caseName: 'x' })).statusCode).toBe(404);
    const blank = await ana.put('/api/cases/ok', { caseName: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(apiErrorSchema.parse(blank.json()).error.message).toBe(
      'El nombre del caso es obligatorio',
    );
    expect((await ana.put('/api/cases/ok', { caseName: 'x', owner: 'y' })).statusCode).toBe(400);
  });

  it('requires sign-in for cases but serves the demo case publicly', async () => {
    const { server, db } = await buildTestApp({}, { dialect });
    const visitor = new TestClient(server);
    expect((await visitor.get('/api/cases')).statusCode).toBe(401);

    const missing = await visitor.get('/api/demo-case');
    expect(missing.statusCode).toBe(404);
    expect(apiErrorSchema.parse(missing.json()).error.message).toBe(
      'No se encontraron casos en la base de datos',
    );
    await db
      .insertInto('demo_cases')
      .values({ full_data_json: '{"caseResult":[1]}', created_at: '2026-01-01T00:00:00.000Z' })
      .execute();
    await db
      .insertInto('demo_cases')
      .values({ full_data_json: '{"caseResult":[2]}', created_at: '2026-02-01T00:00:00.000Z' })
      .execute();
    const demo = (await visitor.get('/api/demo-case')).json() as { fullDataJson: unknown };
    expect(demo.fullDataJson).toEqual({ caseResult: [2] });
  });
});
