import { describe, expect, it } from 'vitest';
import {
  apiErrorSchema,
  legacyCasesResponseSchema,
  legacyResultsResponseSchema,
} from '@holgura/contracts';
import { buildTestApp } from '../../app.test-support';
import { newAccount, TestClient } from '../auth/auth.test-support';

describe('SAX-compatible routes', () => {
  it('lists the caller’s cases as API cases and returns their results by id', async () => {
    const { server, db } = await buildTestApp();
    const ana = new TestClient(server);
    await ana.post('/api/auth/sign-up/email', newAccount('legacy'));
    await ana.put('/api/cases/L1', { caseName: 'alta_2027' });
    // A study's case: its family is the study's to set (PUT refuses one, issue #16).
    await db
      .updateTable('cases')
      .set({ family_id: 'B1', family_name: 'Barra 1' })
      .where('case_id', '=', 'L1')
      .execute();
    await ana.put('/api/cases/L1/data', {
      fullDataJson: { caseResult: [{ caseName: 'alta_2027' }] },
    });

    const list = legacyCasesResponseSchema.parse((await ana.get('/cases')).json());
    expect(list.response).toEqual([
      {
        _id: 'L1',
        caseResult: [expect.objectContaining({ caseName: 'alta_2027', familyId: 'B1' })],
      },
    ]);

    for (const url of ['/download-excel/api-results', '/api/download-excel/api-results']) {
      const results = legacyResultsResponseSchema.parse(
        (await ana.post(url, { cases: ['L1'] })).json(),
      );
      expect(results.response.case[0]?.fullDataJSON).toEqual({
        caseResult: [{ caseName: 'alta_2027' }],
      });
      expect(results.response.listCases[0]?.rows[0]?.caseName).toBe('alta_2027');
    }
  });

  it('answers a case that is not the caller’s with the spec’s message', async () => {
    const { server } = await buildTestApp();
    const bruno = new TestClient(server);
    await bruno.post('/api/auth/sign-up/email', newAccount('legacy-b'));
    const response = await bruno.post('/download-excel/api-results', { cases: ['ajeno'] });
    expect(response.statusCode).toBe(404);
    expect(apiErrorSchema.parse(response.json()).error.message).toBe(
      'Respuesta inválida de la API para caso ajeno',
    );
    expect((await new TestClient(server).get('/cases')).statusCode).toBe(401);
  });
});
