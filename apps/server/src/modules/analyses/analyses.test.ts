import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readReference } from '@holgura/test-fixtures';
import {
  analysisPaths,
  apiErrorSchema,
  caseAnalysesResponseSchema,
  caseDataSchema,
  caseGeneratorsResponseSchema,
  createGroupAnalysisResponseSchema,
  exportPaths,
  groupAnalysisResponseSchema,
  jobStatusSchema,
  uploadResponseSchema,
  DEFAULT_ANALYSIS_OPTIONS,
  type JobStatus,
} from '@holgura/contracts';
import { analyseFlexibility, loadCase } from '@holgura/engine';
import { buildTestApp, dialects, sqliteOnly } from '../../app.test-support';
import { newAccount, TestClient } from '../auth/auth.test-support';

const activsg200 = readReference('cases/case_ACTIVSg200.m');
const case2383wp = readReference('cases/case2383wp.m');

async function signedIn(server: ConstructorParameters<typeof TestClient>[0], who: string) {
  const client = new TestClient(server);
  expect((await client.post('/api/auth/sign-up/email', newAccount(who))).statusCode).toBe(200);
  return client;
}

function upload(client: TestClient, bytes: Buffer, name: string, query = '') {
  return client.request({
    method: 'POST',
    url: `/api/casesCalculate/calculate${query}`,
    body: bytes,
    headers: { 'content-type': 'text/plain', 'x-file-name': name },
  });
}

async function waitForJob(client: TestClient, jobId: string): Promise<JobStatus> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const status = jobStatusSchema.parse((await client.get(`/api/jobs/${jobId}`)).json());
    if (status.state === 'done' || status.state === 'failed') return status;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${status.state}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function uploaded(client: TestClient, bytes: Buffer, name: string, query = '') {
  const response = await upload(client, bytes, name, query);
  expect(response.statusCode, response.body).toBe(202);
  const { caseId, jobId } = uploadResponseSchema.parse(response.json());
  expect((await waitForJob(client, jobId)).state).toBe('done');
  return caseId;
}

const list = async (client: TestClient, caseId: string) =>
  caseAnalysesResponseSchema.parse((await client.get(analysisPaths.analyses(caseId))).json())
    .analyses;

const options = { workers: 2 };
const build = (dialect: 'sqlite' | 'postgres') =>
  buildTestApp(options, { dialect, pollIntervalMs: 100 });

describe.each(dialects)('study groups through the API on %s (issue #21)', (dialect) => {
  it('keeps the upload’s default group, runs another group as a job, and lists both', async () => {
    const { server } = await build(dialect);
    const ana = await signedIn(server, 'groups');
    const caseId = await uploaded(ana, activsg200, 'case_ACTIVSg200.m');

    // ACTIVSg200's wind units already run at their maximum: the default is every unit.
    const data = caseDataSchema.parse((await ana.get(`/api/cases/${caseId}/data`)).json());
    const uploadFlexibility = data.analysis!.flexibility!;
    expect(uploadFlexibility.studyGroup).toMatchObject({
      key: 'all',
      chosenBy: 'default',
      reason: { code: 'DEFAULT_RENEWABLES_NO_HEADROOM' },
    });
    expect(uploadFlexibility.studyGroup!.reason.message).toMatch(
      /^Las unidades eólicas y solares tienen 0 MW de margen: se estudian todas las unidades/,
    );
    expect(uploadFlexibility.figures!.attributable.levels).toEqual(uploadFlexibility.levels);
    const [first] = await list(ana, caseId);
    expect(first).toMatchObject({
      groupKey: 'all',
      isUploadGroup: true,
      chosenBy: 'default',
      state: 'done',
      tmaxMw: uploadFlexibility.tmaxMw,
      fcitcMw: {
        attributable: uploadFlexibility.figures!.attributable.fcitcMw,
        strict: uploadFlexibility.figures!.strict.fcitcMw,
      },
    });

    // The catalogue offers the case's areas, each sized; pick the one with most headroom.
    const catalogue = caseGeneratorsResponseSchema.parse(
      (await ana.get(analysisPaths.generators(caseId))).json(),
    );
    expect(catalogue.generators.row).toHaveLength(49);
    expect(catalogue.defaultGroup.key).toBe('all');
    expect(catalogue.fuels.map((f) => f.fuel)).toEqual(['coal', 'ng', 'nuclear', 'wind']);
    const area = [...catalogue.areas].sort((a, b) => b.headroomMw - a.headroomMw)[0]!;

    const created = await ana.post(analysisPaths.analyses(caseId), { group: `AREA: ${area.area}` });
    expect(created.statusCode, created.body).toBe(202);
    const run = createGroupAnalysisResponseSchema.parse(created.json());
    expect(run).toMatchObject({ groupKey: `area:${area.area}`, existing: false });
    const job = await waitForJob(ana, run.jobId);
    expect(job).toMatchObject({ kind: 'group', caseId, state: 'done' });

    const plain = await ana.get(analysisPaths.analysis(caseId, run.analysisId));
    const zipped = await ana.get(analysisPaths.analysis(caseId, run.analysisId), {
      'accept-encoding': 'gzip',
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
    const { flexibility } = groupAnalysisResponseSchema.parse(plain.json());
    expect(flexibility.studyGroup).toMatchObject({
      key: `area:${area.area}`,
      chosenBy: 'request',
      label: `Unidades del área ${area.area}`,
    });
    expect(flexibility.tmaxMw, `Tmax of area ${area.area}`).toBeCloseTo(area.headroomMw, 6);
    // The stored figures are the engine's, run directly on the same file.
    const { network } = await loadCase(activsg200);
    const direct = analyseFlexibility(network, {
      group: { kind: 'area', area: area.area },
      maxConstraints: 300,
    });
    expect(flexibility.figures!.attributable.fcitcMw, 'attributable FCITC').toBeCloseTo(
      direct.figures.attributable.fcitcMw,
      9,
    );
    expect(flexibility.figures!.strict.fcitcMw, 'strict FCITC').toBeCloseTo(
      direct.figures.strict.fcitcMw,
      9,
    );

    const groups = await list(ana, caseId);
    expect(groups.map((g) => [g.groupKey, g.isUploadGroup, g.state])).toEqual([
      ['all', true, 'done'],
      [`area:${area.area}`, false, 'done'],
    ]);

    // The same group again is the same analysis: nothing is queued.
    const again = createGroupAnalysisResponseSchema.parse(
      (await ana.post(analysisPaths.analyses(caseId), { group: `area:${area.area}` })).json(),
    );
    expect(again).toMatchObject({ analysisId: run.analysisId, jobId: run.jobId, existing: true });

    // Exports follow the group and the figure.
    const exported = await ana.get(
      `${exportPaths.constraints(caseId, 'csv')}?level=5&analysis=${run.analysisId}&figure=strict`,
    );
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.body).toContain(`Unidades del área ${area.area} (area:${area.area})`);
    expect(exported.body).toContain('Estricta');
    const unknown = await ana.get(
      `${exportPaths.constraints(caseId, 'csv')}?level=1&analysis=nope`,
    );
    expect(apiErrorSchema.parse(unknown.json()).error.code).toBe('GROUP_ANALYSIS_NOT_FOUND');
  }, 120_000);

  it('runs a group again with other options (issue #25): its own analysis, listed with them', async () => {
    const { server } = await build(dialect);
    const ana = await signedIn(server, 'group-options');
    const caseId = await uploaded(ana, activsg200, 'case_ACTIVSg200.m');
    const options = {
      postContingencyRating: 'A',
      distributionFactorCutoff: 0.05,
      sink: 'loads',
      slack: 'single',
    };
    const run = createGroupAnalysisResponseSchema.parse(
      (await ana.post(analysisPaths.analyses(caseId), { group: 'all', options })).json(),
    );
    // The upload's group is 'all' with the defaults: other options are another analysis.
    expect(run.existing).toBe(false);
    expect((await waitForJob(ana, run.jobId)).state).toBe('done');
    const listed = await list(ana, caseId);
    const mine = listed.find((a) => a.analysisId === run.analysisId)!;
    expect(mine).toMatchObject({ groupKey: 'all', state: 'done', isUploadGroup: false });
    expect(mine.options).toEqual({ ...DEFAULT_ANALYSIS_OPTIONS, ...options });
    expect(listed.find((a) => a.isUploadGroup)!.options).toEqual(DEFAULT_ANALYSIS_OPTIONS);
    const stored = groupAnalysisResponseSchema.parse(
      (await ana.get(analysisPaths.analysis(caseId, run.analysisId))).json(),
    ).flexibility;
    expect(stored.options).toMatchObject({
      postContingencyRating: 'A',
      distributionFactorCutoff: 0.05,
      sink: 'loads',
      slack: 'single',
    });
    expect(stored.baseCase!.slack).toBe('single');
    // The same figures as the engine with those options on the file.
    const { network } = await loadCase(new Uint8Array(activsg200));
    const engine = analyseFlexibility(network, {
      group: { kind: 'all' },
      postRating: 'A',
      distributionFactorCutoff: 0.05,
      sink: 'loads',
      slack: 'single',
      maxConstraints: 300,
    });
    expect(stored.figures!.attributable.fcitcMw).toBeCloseTo(
      engine.figures.attributable.fcitcMw,
      9,
    );
    expect(stored.tmaxMw).toBeCloseTo(engine.tmaxMw, 9);
    // Asked again with the same options (the cap aside): the same analysis, nothing queued.
    const again = createGroupAnalysisResponseSchema.parse(
      (
        await ana.post(analysisPaths.analyses(caseId), {
          group: 'all',
          options: { ...options, capMw: 700 },
        })
      ).json(),
    );
    expect(again).toMatchObject({ analysisId: run.analysisId, existing: true });
    // Bad options get a Spanish message and nothing is queued.
    const bad = await ana.post(analysisPaths.analyses(caseId), {
      group: 'all',
      options: { distributionFactorCutoff: 2 },
    });
    expect(bad.statusCode).toBe(400);
    expect(apiErrorSchema.parse(bad.json()).error.message).toContain(
      'El umbral del factor de distribución debe estar entre 0 y 0,5',
    );
    expect((await list(ana, caseId)).length).toBe(listed.length);
  }, 120_000);

  it('fails a group with no unit in service, says why, and runs it again when asked', async () => {
    const { server } = await build(dialect);
    const ana = await signedIn(server, 'empty-group');
    const caseId = await uploaded(ana, activsg200, 'case_ACTIVSg200.m');
    const run = createGroupAnalysisResponseSchema.parse(
      (await ana.post(analysisPaths.analyses(caseId), { group: 'fuel:hydro' })).json(),
    );
    const job = await waitForJob(ana, run.jobId);
    expect(job.state).toBe('failed');
    expect(job.error).toEqual({
      code: 'TRANSFER_GROUP_NO_UNITS',
      message: 'Ningún generador en servicio del caso pertenece al grupo de estudio elegido',
    });
    const failed = (await list(ana, caseId)).find((g) => g.groupKey === 'fuel:hydro')!;
    expect(failed).toMatchObject({ state: 'failed', label: 'Unidades hidráulicas' });
    expect(failed.error?.code).toBe('TRANSFER_GROUP_NO_UNITS');
    const missing = await ana.get(analysisPaths.analysis(caseId, run.analysisId));
    expect(missing.statusCode).toBe(404);
    const retried = createGroupAnalysisResponseSchema.parse(
      (await ana.post(analysisPaths.analyses(caseId), { group: 'fuel:hydro' })).json(),
    );
    expect(retried).toMatchObject({ analysisId: run.analysisId, existing: false });
    expect(retried.jobId).not.toBe(run.jobId);
    await waitForJob(ana, retried.jobId);
  }, 120_000);

  it('refuses bad groups in Spanish, and other users’ cases', async ({ skip }) => {
    sqliteOnly(dialect, skip, 'groups run and listed in ‘keeps the upload’s default group’');
    const { server } = await build(dialect);
    const ana = await signedIn(server, 'owner');
    const caseId = await uploaded(ana, activsg200, 'case_ACTIVSg200.m');
    const bad = await ana.post(analysisPaths.analyses(caseId), { group: 'area:x' });
    expect(bad.statusCode).toBe(400);
    expect(apiErrorSchema.parse(bad.json()).error.message).toMatch(
      /^El grupo de estudio no es válido: use renewables, all, fuel:/,
    );
    const badUpload = await upload(ana, activsg200, 'x.m', '?group=kv:0');
    expect(badUpload.statusCode).toBe(400);
    expect(apiErrorSchema.parse(badUpload.json()).error.message).toMatch(/^El grupo de estudio/);
    const other = await signedIn(server, 'intruder');
    for (const response of [
      await other.post(analysisPaths.analyses(caseId), { group: 'all' }),
      await other.get(analysisPaths.analyses(caseId)),
      await other.get(analysisPaths.generators(caseId)),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(apiErrorSchema.parse(response.json()).error.code).toBe('CASE_NOT_FOUND');
    }
  }, 120_000);

  it('runs the upload with the group of ?group=, and keeps a failed one with its reason', async ({
    skip,
  }) => {
    sqliteOnly(
      dialect,
      skip,
      'the upload’s group in ‘keeps the upload’s default group’, a failed one in ‘fails a group with no unit in service’',
    );
    const { server } = await build(dialect);
    const ana = await signedIn(server, 'upload-group');
    const caseId = await uploaded(ana, activsg200, 'case_ACTIVSg200.m', '?group=fuel:coal');
    const data = caseDataSchema.parse((await ana.get(`/api/cases/${caseId}/data`)).json());
    expect(data.analysis!.flexibility!.studyGroup).toMatchObject({
      key: 'fuel:coal',
      chosenBy: 'request',
      reason: {
        code: 'GROUP_REQUESTED',
        message: 'Grupo elegido por el usuario: unidades de carbón.',
      },
    });
    expect(await list(ana, caseId)).toEqual([
      expect.objectContaining({ groupKey: 'fuel:coal', isUploadGroup: true, state: 'done' }),
    ]);

    // A group the case lacks: the N-1 results stand, the group is listed as failed.
    const lacking = await uploaded(ana, activsg200, 'case_ACTIVSg200.m', '?group=fuel:hydro');
    const lackingData = caseDataSchema.parse((await ana.get(`/api/cases/${lacking}/data`)).json());
    expect(lackingData.analysis!.flexibility).toBeUndefined();
    expect(await list(ana, lacking)).toEqual([
      expect.objectContaining({
        groupKey: 'fuel:hydro',
        state: 'failed',
        error: expect.objectContaining({ code: 'TRANSFER_GROUP_NO_UNITS' }),
      }),
    ]);
  }, 120_000);

  it('gives case2383wp both figures and lists the violations it already has', async ({ skip }) => {
    sqliteOnly(dialect, skip, 'a result stored and served in ‘keeps the upload’s default group’');
    const { server } = await build(dialect);
    const ana = await signedIn(server, 'pre-existing');
    const caseId = await uploaded(ana, case2383wp, 'case2383wp.m');
    const data = caseDataSchema.parse((await ana.get(`/api/cases/${caseId}/data`)).json());
    const flexibility = data.analysis!.flexibility!;
    expect(flexibility.figures!.strict.fcitcMw, 'case2383wp strict FCITC').toBe(0);
    // From the base dispatch (the file's mismatch shared by the units): 111.26 MW; MATPOWER's
    // single slack gives 92.34 MW (engine transfer-figures.accuracy.test.ts).
    expect(flexibility.figures!.attributable.fcitcMw, 'case2383wp attributable FCITC').toBeCloseTo(
      111.26,
      1,
    );
    expect(flexibility.fcitcMw).toBe(flexibility.figures!.attributable.fcitcMw);
    const { counts, violations } = flexibility.preExisting!;
    expect(counts.worsens, 'case2383wp worsened violations').toBeGreaterThan(0);
    expect(violations.length).toBeGreaterThan(0);
    const worst = violations[0]!;
    expect(worst.loadingPercent).toBeCloseTo(
      (100 * Math.abs(worst.flowAtZeroMw)) / worst.limitMw,
      9,
    );
    // The strict figure's limiting constraint is a worsened violation, listed as such.
    const limiting = flexibility.constraints.find(
      (c) => c.id === flexibility.figures!.strict.limitingConstraintId,
    )!;
    expect(limiting.preExistingViolation).toBe(true);
    expect(violations.some((v) => v.constraintId === limiting.id && v.effect === 'worsens')).toBe(
      true,
    );
  }, 120_000);
});
