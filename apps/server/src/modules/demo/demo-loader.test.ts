import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  caseDataSchema,
  caseListResponseSchema,
  demoCaseResponseSchema,
  readFullDataJson,
  statsResponseSchema,
  type StudyFileInput,
} from '@holgura/contracts';
import { buildTestApp, makeTempDir } from '../../test-support';
import { newAccount, TestClient } from '../auth/auth-test-client';

const referenceDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../../shared/reference/cases',
);

/** A small demo folder with the bundled layout: case9 for /demo, a two-bus study on case30. */
function smallDemoDir(): string {
  const dir = makeTempDir('holgura-demo-');
  fs.mkdirSync(path.join(dir, 'networks'));
  for (const name of ['case9', 'case30']) {
    const packed = execFileSync('xz', ['-c', '-T1'], {
      input: fs.readFileSync(path.join(referenceDir, `${name}.m`)),
    });
    fs.writeFileSync(path.join(dir, 'networks', `${name}.m.xz`), packed);
  }
  const study: StudyFileInput = {
    name: 'Estudio pequeño',
    networkLabel: 'Red IEEE de 30 barras (prueba)',
    baseCase: 'networks/case30.m.xz',
    years: [2026, 2027],
    areas: [{ id: 1, name: 'Área 1' }],
    growth: { 'Área 1': 0.02 },
    scenarios: [
      { name: 'alta', condition: 'Demanda alta', demandMultipliers: { 'Área 1': 1.05 } },
      { name: 'baja', condition: 'Demanda baja', demandMultipliers: { 'Área 1': 0.95 } },
    ],
    busbars: [5, 30],
    options: { tmaxMw: 500, preExistingViolations: 'ignore' },
  };
  fs.writeFileSync(path.join(dir, 'estudio.json'), JSON.stringify(study));
  fs.writeFileSync(
    path.join(dir, 'demo.json'),
    JSON.stringify({
      demoNetwork: 'networks/case9.m.xz',
      study: 'estudio.json',
    }),
  );
  return dir;
}

describe('demo data on first start', () => {
  it('computes and stores the /demo case and the study, once, visible to every user', async () => {
    const dataDir = makeTempDir('holgura-data-');
    const demoDir = smallDemoDir();
    const first = await buildTestApp({ dataDir, demoDir });
    expect(await first.demoReady).toBe('loaded');

    const visitor = new TestClient(first.server);
    const demo = demoCaseResponseSchema.parse((await visitor.get('/api/demo-case')).json());
    const legacy = readFullDataJson(demo.fullDataJson);
    expect(legacy.ok).toBe(true);

    const stats = statsResponseSchema.parse((await visitor.get('/api/stats')).json());
    expect(stats).toMatchObject({ busbarsEvaluated: 2, projectionYears: 2, scenariosAnalysed: 8 });
    expect(stats.totalCapacityMw).toBeGreaterThan(0);

    const ana = new TestClient(first.server);
    await ana.post('/api/auth/sign-up/email', newAccount('demo'));
    const cases = caseListResponseSchema.parse((await ana.get('/api/cases')).json()).cases;
    expect(cases).toHaveLength(8);
    expect(cases.every((c) => c.isDemo && c.familyId !== null)).toBe(true);
    expect(new Set(cases.map((c) => c.caseName))).toEqual(
      new Set(['alta_2026', 'alta_2027', 'baja_2026', 'baja_2027']),
    );
    const data = caseDataSchema.parse(
      (await ana.get(`/api/cases/${cases[0]!.caseId}/data`)).json(),
    );
    expect(data.analysis?.busbarCapacity).toMatchObject({
      tmaxMw: 500,
      networkLabel: 'Red IEEE de 30 barras (prueba)',
    });
    const limiting = data.analysis?.busbarCapacity?.limiting;
    if (limiting) expect(limiting.acCheck?.converged).toBe(true);
    // Read-only: nobody can overwrite a demo case.
    expect((await ana.put(`/api/cases/${cases[0]!.caseId}`, { caseName: 'mío' })).statusCode).toBe(
      404,
    );
    await first.server.close();

    const second = await buildTestApp({ dataDir, demoDir });
    expect(await second.demoReady).toBe('present');
  });

  it('starts without demo data when the folder is missing, and says so in the log', async () => {
    const app = await buildTestApp({ demoDir: makeTempDir('holgura-no-demo-') });
    expect(await app.demoReady).toBe('failed');
    expect((await app.server.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
