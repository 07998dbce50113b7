import { describe, expect, it } from 'vitest';
import {
  contingencySetResponseSchema,
  createStudyResponseSchema,
  studyDetailSchema,
  studyFileSchema,
  uploadResponseSchema,
  type StudyFileInput,
} from '@holgura/contracts';
import {
  loadCase,
  readContingencyDefinitions,
  runStudy,
  SET_CONTINGENCY,
  type Network,
} from '@holgura/engine';
import { buildTestApp, dialects } from '../../app.test-support';
import { activsg200, planSet, putSet } from '../contingency-sets/contingency-sets.test-support';
import { signedIn, upload, waitForJob } from '../uploads/uploads.test-support';
import { setContingencyName } from '../contingency-sets/contingency-set-n1';
import { postStudyOnCase } from './studies.test-support';
import { studyRunOptions, toStudySpec } from './study-results';

/**
 * Issue #30: a study built on an analysed case computes every scenario × year case on the case's
 * contingency set — read again against each case's network — equal to the engine on the same
 * set, and keeps the set it was sent with when the case's set changes afterwards.
 */
const quick = { pollIntervalMs: 100 };

/** Two years, two scenarios, a line entering in the second year; busbars chosen below. */
const study = (busbars: number[]): StudyFileInput => ({
  name: 'Conexiones con contingencias del plan',
  networkLabel: 'Red sintética pública ACTIVSg200',
  years: [2026, 2027],
  scenarios: [
    { name: 'alta', condition: 'Demanda alta', demandMultipliers: {} },
    { name: 'baja', condition: 'Demanda baja', demandMultipliers: {} },
  ],
  projects: [
    {
      name: 'Segundo circuito',
      inServiceYear: 2027,
      branches: [{ fromBus: 1, toBus: 2, circuit: '9', xPu: 0.05, rateAMva: 200, rateBMva: 200 }],
    },
  ],
  busbars,
});

describe.each(dialects)('a study on a case’s contingency set on %s (issue #30)', (dialect) => {
  it('computes every case on the set, as the engine does, and keeps it when the case’s set changes', async () => {
    const { net, text } = await planSet();
    const setOf = (n: Network) => ({
      contingencies: readContingencyDefinitions(text, n, 'plan.m').contingencies,
      nameOf: setContingencyName,
    });
    // Busbars: among the case's buses, those an N-2 or a unit outage of the file limits first.
    const probe = studyFileSchema.parse(study(Array.from(net.buses.number)));
    const engineAll = runStudy(net, toStudySpec(probe), {
      ...studyRunOptions(probe),
      contingencySet: setOf,
    });
    const bySet = engineAll[0]!.capacities.filter(
      (c) => c.limiting?.contingency === SET_CONTINGENCY,
    );
    expect(bySet.length).toBeGreaterThan(0);
    const busbars = [
      ...bySet.slice(0, 2).map((c) => c.busNumber),
      engineAll[0]!.capacities.find((c) => c.limiting !== null && c.limiting.contingency >= 0)!
        .busNumber,
    ];

    const app = await buildTestApp({ workers: 1 }, { dialect, ...quick });
    const planner = await signedIn(app.server, 'study-set');
    const uploaded = await upload(planner, activsg200, 'case_ACTIVSg200.m');
    const { caseId, jobId } = uploadResponseSchema.parse(uploaded.json());
    expect((await waitForJob(planner, jobId, 60_000)).state).toBe('done');
    const put = await putSet(planner, caseId, text);
    expect(put.statusCode, put.body).toBe(200);
    const counts = contingencySetResponseSchema.parse(put.json()).set!.counts;

    const created = await postStudyOnCase(planner, study(busbars), caseId);
    expect(created.statusCode, created.body).toBe(202);
    const { studyId, jobId: studyJob } = createStudyResponseSchema.parse(created.json());
    expect((await waitForJob(planner, studyJob, 120_000)).state).toBe('done');
    const detail = studyDetailSchema.parse((await planner.get(`/api/studies/${studyId}`)).json());
    expect(detail.contingencySet).toEqual({
      fileName: 'plan.m',
      format: 'contab',
      counts,
      subsystemsFileName: null,
      monitoredFileName: null,
    });

    const parsed = studyFileSchema.parse(study(busbars));
    const { network } = await loadCase(new Uint8Array(activsg200));
    const expected = runStudy(network, toStudySpec(parsed), {
      ...studyRunOptions(parsed),
      contingencySet: setOf,
    });
    expect(detail.cases).toHaveLength(4);
    let namedBySet = 0;
    for (const item of detail.cases) {
      const engine = expected.find((r) => r.name === item.name)!;
      expect(item.contingencies).toBe(counts.total);
      for (const busbar of item.busbars) {
        const figure = engine.capacities.find((c) => c.busNumber === busbar.bus)!;
        expect(busbar.capacityMw, `${item.name} bus ${busbar.bus}`).toBeCloseTo(
          figure.capacityMw,
          6,
        );
        expect(busbar.contingency).toBe(figure.limiting?.contingencyName ?? null);
        if (figure.limiting?.contingency === SET_CONTINGENCY) {
          namedBySet += 1;
          // Several elements: no one branch row, the file's label in the name.
          expect(busbar.contingencyBranch).toBeNull();
          expect(busbar.contingency).toMatch(/^Contingencia /);
        }
      }
    }
    expect(namedBySet).toBeGreaterThan(0);

    // The case's set changes afterwards: the study's figures and the set it names stay.
    const onlyBranches = text
      .split('\n')
      .filter((line) => !line.includes('CT_TGEN'))
      .join('\n');
    expect((await putSet(planner, caseId, onlyBranches, 'otro.m')).statusCode).toBe(200);
    const after = studyDetailSchema.parse((await planner.get(`/api/studies/${studyId}`)).json());
    expect(after.contingencySet?.fileName).toBe('plan.m');
    expect(after.cases).toEqual(detail.cases);
  });
});
