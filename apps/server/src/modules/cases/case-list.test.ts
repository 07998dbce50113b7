import { describe, expect, it } from 'vitest';
import { apiErrorSchema, caseListResponseSchema } from '@holgura/contracts';
import { buildTestApp, dialects } from '../../app.test-support';
import { DEMO_OWNER } from './cases.repository';
import { analysed, case9, signedIn } from '../uploads/uploads.test-support';

const lines = case9.toString('utf8').split('\n');
// case9's bus 5 has a 90 MW load: written 1e309, it no longer fits a double.
const busLine = lines.findIndex((line) => /^\s*5\s+1\s+90\s/.test(line));
const overflowing = Buffer.from(
  lines
    .map((line, i) => (i === busLine ? line.replace(/^(\s*5\s+1\s+)90/, '$11e309') : line))
    .join('\n'),
);
const noBuses = Buffer.from(`mpc.version = '2';
mpc.baseMVA = 100;
mpc.bus = [];
mpc.gen = [];
mpc.branch = [];
`);

describe.each(dialects)('the case list on %s', (dialect) => {
  it('shows each upload’s analysis, a failed one as failed with its Spanish reason and line', async () => {
    const { server } = await buildTestApp({ workers: 2 }, { dialect });
    const ana = await signedIn(server, 'failed-list');
    expect(busLine).toBeGreaterThan(0);
    const good = await analysed(ana, case9, 'bueno.m');
    const overflow = await analysed(ana, overflowing, 'desborde.m');
    const empty = await analysed(ana, noBuses, 'vacio.m');
    expect(overflow.status.error).toEqual({
      code: 'PARSE_MATPOWER_NUMBER_OVERFLOW',
      message: `Un número del caso MATPOWER es demasiado grande: no cabe en un número de doble precisión (línea ${busLine + 1}, campo bus.PD)`,
    });
    expect(empty.status.error).toEqual({
      code: 'MODEL_NETWORK_EMPTY',
      message: 'El caso no tiene barras: no hay ninguna red que analizar',
    });

    const { cases } = caseListResponseSchema.parse((await ana.get('/api/cases')).json());
    const byName = new Map(cases.map((c) => [c.caseName, c.analysis]));
    expect(byName.get('bueno')).toEqual({ jobId: good.jobId, state: 'done', error: null });
    expect(byName.get('desborde')).toEqual({
      jobId: overflow.jobId,
      state: 'failed',
      error: overflow.status.error,
    });
    expect(byName.get('vacio')).toMatchObject({
      state: 'failed',
      error: { code: 'MODEL_NETWORK_EMPTY' },
    });
  });
});

describe.each(dialects)('the paged case list on %s (issue #16)', (dialect) => {
  it('pages, sorts and filters on the server, counts the total, and answers 304 to its tag', async () => {
    const { server, db } = await buildTestApp({}, { dialect });
    const ana = await signedIn(server, 'paged-list');
    const bruno = await signedIn(server, 'paged-other');
    const names = ['Delta', 'alfa', 'Charlie', 'bravo', 'Eco', 'foxtrot', 'Golf'];
    for (const [i, name] of names.entries()) {
      expect((await ana.put(`/api/cases/p-${i}`, { caseName: name })).statusCode).toBe(200);
      await db
        .updateTable('cases')
        .set({ created_at: `2026-11-0${i + 1}T10:00:00.000Z` })
        .where('case_id', '=', `p-${i}`)
        .execute();
    }
    await bruno.put('/api/cases/ajeno', { caseName: 'Ajeno' });
    // Two cases of the demo study: public, with a family.
    for (const i of [1, 2]) {
      await db
        .insertInto('cases')
        .values({
          case_id: `demo-caso-${i}`,
          user_id: DEMO_OWNER,
          case_name: `Demo ${i}`,
          case_description: null,
          process: null,
          family_id: `100${i}`,
          family_name: `Barra ${i}`,
          scenario: null,
          year: null,
          busbar_capacity_mw: null,
          contingency_count: null,
          created_at: `2026-10-0${i}T10:00:00.000Z`,
        })
        .execute();
    }
    const page = async (query: string) => {
      const response = await ana.get(`/api/cases?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return caseListResponseSchema.parse(response.json());
    };
    const ids = (list: { cases: { caseId: string }[] }) => list.cases.map((c) => c.caseId);

    const first = await page('pageSize=5');
    expect(first).toMatchObject({ total: 9, page: 1, pageSize: 5 });
    expect(ids(first)).toEqual(['p-6', 'p-5', 'p-4', 'p-3', 'p-2']);
    const second = await page('pageSize=5&page=2');
    expect(ids(second)).toEqual(['p-1', 'p-0', 'demo-caso-2', 'demo-caso-1']);
    expect(await page('pageSize=5&page=3')).toMatchObject({ cases: [], total: 9 });

    // /analisis: the caller's own cases without a family; /resultados' demo: the demo's.
    const own = await page('owner=own&family=none&pageSize=10');
    expect(own.total).toBe(7);
    expect(ids(own)).toEqual(['p-6', 'p-5', 'p-4', 'p-3', 'p-2', 'p-1', 'p-0']);
    const demo = await page('owner=demo');
    expect(ids(demo)).toEqual(['demo-caso-2', 'demo-caso-1']);
    expect(demo.cases.every((c) => c.isDemo)).toBe(true);
    expect(ids(await page('family=some'))).toEqual(['demo-caso-2', 'demo-caso-1']);
    expect(ids(await page('family=none&sort=createdAt&order=asc&pageSize=5'))).toEqual([
      'p-0',
      'p-1',
      'p-2',
      'p-3',
      'p-4',
    ]);

    // By name, whatever the case of the first letter.
    const byName = await page('owner=own&sort=name&pageSize=10');
    expect(byName.cases.map((c) => c.caseName)).toEqual([
      'alfa',
      'bravo',
      'Charlie',
      'Delta',
      'Eco',
      'foxtrot',
      'Golf',
    ]);
    expect((await page('owner=own&sort=name&order=desc&pageSize=5')).cases[0]?.caseName).toBe(
      'Golf',
    );

    // A weak tag: the same page again costs a 304; a new case changes it.
    const tagged = await ana.get('/api/cases?owner=own&pageSize=5');
    const etag = String(tagged.headers.etag);
    expect(etag).toMatch(/^W\//);
    expect(tagged.headers['cache-control']).toBe('private, no-cache');
    const again = await ana.get('/api/cases?owner=own&pageSize=5', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    await ana.put('/api/cases/p-nuevo', { caseName: 'Nuevo' });
    const changed = await ana.get('/api/cases?owner=own&pageSize=5', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(caseListResponseSchema.parse(changed.json()).total).toBe(8);

    // Without parameters: the caller's own cases, newest first, no longer the demo's.
    const everything = caseListResponseSchema.parse((await ana.get('/api/cases')).json());
    expect(everything.total).toBeUndefined();
    expect(ids(everything)).toEqual(['p-nuevo', 'p-6', 'p-5', 'p-4', 'p-3', 'p-2', 'p-1', 'p-0']);
    expect(ids(await page('owner=all&pageSize=25'))).toHaveLength(10);
    const listTag = String((await ana.get('/api/cases')).headers.etag);
    expect((await ana.get('/api/cases', { 'if-none-match': listTag })).statusCode).toBe(304);

    const refused = await ana.get('/api/cases?pageSize=7');
    expect(refused.statusCode).toBe(400);
    expect(apiErrorSchema.parse(refused.json()).error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'El tamaño de página debe ser 5, 10, 25, 50 o 100',
    });
    expect(
      apiErrorSchema.parse((await ana.get('/api/cases?owner=todos')).json()).error.message,
    ).toBe('El dueño debe ser all, own o demo');
  });
});
