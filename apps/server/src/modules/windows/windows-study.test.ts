import { describe, expect, it } from 'vitest';
import { readReference } from '@holgura/test-fixtures';
import {
  createStudyResponseSchema,
  windowDetailResponseSchema,
  windowInvalidResponseSchema,
  windowListResponseSchema,
  windowPaths,
  type StudyFileInput,
} from '@holgura/contracts';
import { buildTestApp, dialects } from '../../app.test-support';
import type { TestClient } from '../auth/auth.test-support';
import { analysed, case30, signedIn, waitForJob } from '../uploads/uploads.test-support';

/** 2 scenarios × 2 years on case30, a line entering in the second year. */
const STUDY: StudyFileInput = {
  name: 'Estudio de la ventana',
  networkLabel: 'IEEE 30 barras',
  years: [2026, 2028],
  areas: [
    { id: 1, name: 'Norte' },
    { id: 2, name: 'Centro' },
    { id: 3, name: 'Sur' },
  ],
  growth: { Norte: 0.03 },
  scenarios: [
    { name: 'alta', condition: 'Demanda alta', demandMultipliers: { Norte: 1.1 } },
    { name: 'baja', condition: 'Demanda baja', demandMultipliers: { Norte: 0.9 } },
  ],
  projects: [
    {
      name: 'Segundo circuito 2-6',
      inServiceYear: 2028,
      branches: [{ fromBus: 2, toBus: 6, circuit: '2', xPu: 0.18, rateAMva: 65, rateBMva: 65 }],
    },
  ],
  busbars: [5, 12],
};

const requests = [
  { id: 'R1', bus: 2, mw: 60, priority: 2 },
  { id: 'R2', bus: 5, mw: 80, priority: 1 },
  // Enters in 2028: it counts only in the 2028 cases.
  { id: 'R3', bus: 13, mw: 40, priority: 3, year: 2028 },
];

async function createStudy(client: TestClient): Promise<string> {
  const data = new FormData();
  data.append('case', new Blob([readReference('cases/case30.m')]), 'case30.m');
  data.append('study', JSON.stringify(STUDY));
  const request = new Request('http://x/', { method: 'POST', body: data });
  const created = await client.request({
    method: 'POST',
    url: '/api/studies',
    body: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  });
  expect(created.statusCode, created.body).toBe(202);
  return createStudyResponseSchema.parse(created.json()).studyId;
}

describe.each(dialects)('connection windows over a study on %s (issue #28)', (dialect) => {
  it('holds one award in every scenario × year, counts a request from its year, names the case of each binding row and is deleted with the study', async () => {
    const { server } = await buildTestApp({}, { dialect });
    const ana = await signedIn(server, 'window-study-ana');
    const studyId = await createStudy(ana);

    const created = await ana.post(windowPaths.list(), {
      studyId,
      name: 'Ventana firme',
      requests,
    });
    expect(created.statusCode, created.body).toBe(202);
    const { windowId, jobId } = created.json() as { windowId: string; jobId: string };
    const status = await waitForJob(ana, jobId, 60_000);
    expect(status.state, JSON.stringify(status)).toBe('done');

    const window = windowDetailResponseSchema.parse(
      (await ana.get(windowPaths.one(windowId))).json(),
    );
    expect(window.caseId).toBeNull();
    expect(window.caseName).toBe('Estudio de la ventana');
    expect(window.study).toMatchObject({ studyId, version: 1, cases: 4 });
    const result = window.result!;
    expect(result.situations?.map((s) => `${s.scenario} ${s.year}`)).toEqual([
      'alta 2026',
      'alta 2028',
      'baja 2026',
      'baja 2028',
    ]);
    expect(result.requests.map((r) => r.year)).toEqual([null, null, 2028]);
    for (const rule of ['order', 'max', 'fair'] as const) {
      const r = result.rules[rule];
      if (!r.ok) throw new Error(`${rule} failed`);
      expect(r.stats.violatedAtEnd, rule).toBe(0);
      // A group is one element and contingency in one case.
      for (const group of r.groups) expect(['alta', 'baja']).toContain(group.scenario);
      for (const award of r.awards) {
        if (award.status === 'complete') continue;
        expect(award.binding.length, `${rule} ${award.id}`).toBeGreaterThan(0);
        for (const b of award.binding) {
          expect(['alta', 'baja']).toContain(b.scenario);
          expect([2026, 2028]).toContain(b.year);
        }
      }
    }

    // The audit file carries the study file and its hash: a third party can rebuild every case.
    const audit = (await ana.get(windowPaths.audit(windowId))).json() as {
      window: { caseId: string | null };
      audit: { studySha256?: string };
      study: { studyId: string; version: number; file: { name: string; years: number[] } };
    };
    expect(audit.window.caseId).toBeNull();
    expect(audit.audit.studySha256).toMatch(/^[0-9a-f]{64}$/);
    expect(audit.study).toMatchObject({
      studyId,
      version: 1,
      file: { name: STUDY.name, years: [2026, 2028] },
    });
    const csv = await ana.get(windowPaths.export(windowId, 'csv'));
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toMatch(/\| (alta|baja) 20(26|28)/);

    // A window on a case beside it: deleting the study leaves that one.
    const { caseId } = await analysed(ana, case30, 'case30.m');
    const onCase = await ana.post(windowPaths.list(), {
      caseId,
      name: 'Solo el caso base',
      requests: requests.map(({ year: _year, ...r }) => r),
    });
    expect(onCase.statusCode, onCase.body).toBe(202);

    // Another user's study is not found; a year after the study is refused at its row.
    const ben = await signedIn(server, 'window-study-ben');
    const foreign = await ben.post(windowPaths.list(), { studyId, name: 'x', requests });
    expect(foreign.statusCode).toBe(404);
    const late = await ana.post(windowPaths.list(), {
      studyId,
      name: 'Tarde',
      requests: [{ id: 'X', bus: 2, mw: 10, year: 2031 }],
    });
    expect(late.statusCode).toBe(422);
    const problems = windowInvalidResponseSchema.parse(late.json()).problems;
    expect(problems[0]).toMatchObject({ field: 'requests.0.year' });
    expect(problems[0]!.message).toContain('2031');
    // Both a case and a study, or neither: one source.
    const both = await ana.post(windowPaths.list(), { studyId, caseId, name: 'x', requests });
    expect(both.statusCode).toBe(422);

    // Withdrawing from a study window makes another over the same study.
    const withdrawn = await ana.post(windowPaths.withdraw(windowId), { requestIds: ['R2'] });
    expect(withdrawn.statusCode, withdrawn.body).toBe(202);
    const again = withdrawn.json() as { windowId: string; jobId: string };
    expect((await waitForJob(ana, again.jobId, 60_000)).state).toBe('done');
    const second = windowDetailResponseSchema.parse(
      (await ana.get(windowPaths.one(again.windowId))).json(),
    );
    expect(second.study?.studyId).toBe(studyId);
    expect(second.requests.map((r) => r.id)).toEqual(['R1', 'R3']);

    // Deleting the study deletes its windows, not the case's.
    expect(
      (await ana.request({ method: 'DELETE', url: `/api/studies/${studyId}` })).statusCode,
    ).toBe(204);
    const left = windowListResponseSchema.parse((await ana.get(windowPaths.list())).json()).windows;
    expect(left.map((w) => w.name)).toEqual(['Solo el caso base']);
  }, 120_000);
});
