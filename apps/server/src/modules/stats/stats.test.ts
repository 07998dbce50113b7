import { describe, expect, it } from 'vitest';
import { statsResponseSchema } from '@holgura/contracts';
import type { Db } from '../../db/database';
import { buildTestApp, dialects } from '../../app.test-support';
import { DEMO_OWNER } from '../cases/cases.repository';

async function insertStudyCase(
  db: Db,
  row: {
    id: string;
    family: string | null;
    year: number | null;
    mw: number | null;
    n1: number;
    key?: string;
    owner?: string;
  },
) {
  await db
    .insertInto('cases')
    .values({
      case_id: `${row.id}${row.key ?? ''}`,
      case_name: row.id,
      case_description: null,
      process: null,
      family_id: row.family,
      family_name: row.family,
      user_id: row.owner ?? DEMO_OWNER,
      scenario: row.family === null ? null : row.id.split('_')[0]!,
      year: row.year,
      busbar_capacity_mw: row.mw,
      contingency_count: row.n1,
    })
    .execute();
}

describe.each(dialects)('GET /api/stats on %s', (dialect) => {
  it('is all zeros on an empty database', async () => {
    const { server } = await buildTestApp({}, { dialect });
    const response = await server.inject({ method: 'GET', url: '/api/stats' });
    expect(response.statusCode).toBe(200);
    expect(statsResponseSchema.parse(response.json())).toEqual({
      totalCapacityMw: 0,
      projectionYears: 0,
      busbarsEvaluated: 0,
      contingenciesAnalysed: 0,
      scenariosAnalysed: 0,
      // No demo data on this server (demoDir null): the zeros are the figures.
      demoData: 'none',
    });
  });

  it('counts public data only: a user’s private upload or study does not move the figures', async () => {
    const { server, db } = await buildTestApp({}, { dialect });
    await insertStudyCase(db, { id: 'alta_2027', family: 'A', year: 2027, mw: 100, n1: 10 });
    const before = (await server.inject({ method: 'GET', url: '/api/stats' })).json();
    // Before issue #16 an upload of case118 added its 186 contingencies for anyone to see.
    await insertStudyCase(db, {
      id: 'priv',
      family: null,
      year: null,
      mw: null,
      n1: 186,
      owner: 'user-a',
    });
    await insertStudyCase(db, {
      id: 'alta_2030',
      family: 'Z',
      year: 2030,
      mw: 50,
      n1: 7,
      owner: 'user-b',
    });
    const after = (await server.inject({ method: 'GET', url: '/api/stats' })).json();
    expect(after).toEqual(before);
  });

  it('computes the figures from the stored cases', async () => {
    const { server, db } = await buildTestApp({}, { dialect });
    // Busbar A: best 120 MW over two years; busbar B: best 80.5 MW; one uploaded case, no family.
    await insertStudyCase(db, { id: 'alta_2027', family: 'A', year: 2027, mw: 100, n1: 10 });
    await insertStudyCase(db, { id: 'alta_2028', family: 'A', year: 2028, mw: 120, n1: 10 });
    await insertStudyCase(db, { id: 'baja_2028', family: 'B', year: 2028, mw: 80.5, n1: 12 });
    // Busbar B in the same alta_2027 case: the same network, its contingencies count once.
    await insertStudyCase(db, {
      id: 'alta_2027',
      family: 'B',
      year: 2027,
      mw: 60,
      n1: 10,
      key: 'b',
    });
    await insertStudyCase(db, { id: 'upload', family: null, year: null, mw: null, n1: 300 });

    const response = await server.inject({ method: 'GET', url: '/api/stats' });
    expect(statsResponseSchema.parse(response.json())).toEqual({
      totalCapacityMw: 200.5,
      projectionYears: 2,
      busbarsEvaluated: 2,
      contingenciesAnalysed: 332,
      scenariosAnalysed: 4,
      demoData: 'none',
    });
  });
});
