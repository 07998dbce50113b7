import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readReference } from '@holgura/test-fixtures';
import {
  analysisPaths,
  apiErrorSchema,
  caseDataSchema,
  caseResultFacts,
  constraintGenerators,
  constraintGeneratorsResponseSchema,
  constraintPageResponseSchema,
  constraintSummary,
  createGroupAnalysisResponseSchema,
  flexibilityFigure,
  flexibilitySummary,
  groupAnalysisResponseSchema,
  legacyResultsResponseSchema,
  resultPaths,
  resultSummaryResponseSchema,
  uploadResponseSchema,
  violationsOf,
  violationsResponseSchema,
  type Flexibility,
} from '@holgura/contracts';
import { buildTestApp, dialects, sqliteOnly } from '../../app.test-support';
import type { TestClient } from '../auth/auth.test-support';
import { signedIn, upload, waitForJob } from '../uploads/uploads.test-support';

const activsg200 = readReference('cases/case_ACTIVSg200.m');
const gzip = { 'accept-encoding': 'gzip, deflate, br' };

async function analysed(client: TestClient, bytes: Buffer, name: string) {
  const response = await upload(client, bytes, name);
  expect(response.statusCode, response.body).toBe(202);
  const { caseId, jobId } = uploadResponseSchema.parse(response.json());
  expect((await waitForJob(client, jobId, 60_000)).state).toBe('done');
  return caseId;
}

/**
 * What a browser gets (stored parts in their stored gzip; pages of the database compressed on
 * the way out, http/compression.ts), decompressed, and what a plain client gets: the same.
 */
async function both(client: TestClient, url: string, stored = true) {
  const zipped = await client.get(url, gzip);
  expect(zipped.statusCode, zipped.body).toBe(200);
  const coding = zipped.headers['content-encoding'];
  if (stored) {
    expect(coding, url).toBe('gzip');
    expect(Number(zipped.headers['content-length'])).toBe(zipped.rawPayload.length);
  }
  const plain = await client.get(url);
  expect(plain.statusCode).toBe(200);
  if (stored) expect(Number(plain.headers['content-length'])).toBe(plain.rawPayload.length);
  const decoded =
    coding === 'gzip'
      ? gunzipSync(zipped.rawPayload)
      : coding === 'br'
        ? brotliDecompressSync(zipped.rawPayload)
        : zipped.rawPayload;
  expect(decoded.toString('utf8')).toBe(plain.body);
  expect(plain.headers.etag).toBe(zipped.headers.etag);
  const revalidated = await client.get(url, {
    ...gzip,
    'if-none-match': String(plain.headers.etag),
  });
  expect(revalidated.statusCode, `${url} revalidated`).toBe(304);
  return JSON.parse(plain.body) as unknown;
}

const build = (dialect: 'sqlite' | 'postgres') =>
  buildTestApp({ workers: 2 }, { dialect, pollIntervalMs: 100 });

describe.each(dialects)('a result in parts on %s (issue #16)', (dialect) => {
  it('stores the upload’s result in parts and serves each as the whole result has it', async () => {
    const { server, db } = await build(dialect);
    const ana = await signedIn(server, 'parts');
    const caseId = await analysed(ana, activsg200, 'case_ACTIVSg200.m');
    const data = caseDataSchema.parse(await both(ana, `/api/cases/${caseId}/data`));
    const flexibility: Flexibility = data.analysis!.flexibility!;

    // Nothing of the result is stored as text: the parts are the result.
    const row = await db
      .selectFrom('case_api_data')
      .select(['analysis_json', 'full_data_json', 'data_gzip', 'result_id'])
      .where('case_id', '=', caseId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ analysis_json: null, full_data_json: null, data_gzip: null });
    expect(row.result_id).not.toBeNull();

    const summary = resultSummaryResponseSchema.parse(await both(ana, resultPaths.summary(caseId)));
    const [uploadGroup] = (
      (await ana.get(analysisPaths.analyses(caseId))).json() as {
        analyses: { analysisId: string }[];
      }
    ).analyses;
    expect(summary).toEqual({
      caseId,
      analysisId: uploadGroup!.analysisId,
      apiResponseDate: data.apiResponseDate,
      analysis: caseResultFacts(data.analysis!),
      flexibility: flexibilitySummary(flexibility),
    });
    expect(summary.flexibility!.figures.attributable.levels.map((l) => l.constraintCount)).toEqual(
      flexibility.levels.map((l) => l.constraintIds.length),
    );

    // Every level of both figures, paged by the server in the level's order.
    const byId = new Map(flexibility.constraints.map((c) => [c.id, c]));
    for (const figure of ['attributable', 'strict'] as const) {
      for (const level of flexibilityFigure(flexibility, figure).levels) {
        const seen: number[] = [];
        for (let page = 1; ; page++) {
          const url = `${resultPaths.constraints(caseId)}?level=${level.level}&figure=${figure}&page=${page}&pageSize=5`;
          const answer = constraintPageResponseSchema.parse(await both(ana, url, false));
          expect(answer).toMatchObject({
            caseId,
            figure,
            level: level.level,
            transferMw: level.transferMw,
            flexibilityPercent: level.flexibilityPercent,
            total: level.constraintIds.length,
            page,
            pageSize: 5,
          });
          for (const constraint of answer.constraints) {
            expect(constraint).toEqual(constraintSummary(byId.get(constraint.id)!));
          }
          seen.push(...answer.constraints.map((c) => c.id));
          if (answer.constraints.length < 5) break;
        }
        expect(seen, `${figure} level ${level.level}`).toEqual(level.constraintIds);
      }
    }
    const busiest = [...flexibility.levels].sort(
      (a, b) => b.constraintIds.length - a.constraintIds.length,
    )[0]!;
    expect(busiest.constraintIds.length).toBeGreaterThan(5);

    // The generators of each constraint: sensitivities with their plants' dispatches.
    const plants = new Map(flexibility.plants.map((plant) => [plant.id, plant]));
    for (const constraint of flexibility.constraints.slice(0, 5)) {
      const answer = constraintGeneratorsResponseSchema.parse(
        await both(ana, resultPaths.generators(caseId, constraint.id)),
      );
      expect(answer).toEqual(constraintGenerators(flexibility, constraint, plants));
      expect(answer.generators).toHaveLength(constraint.sensitivities.length);
    }
    expect(violationsResponseSchema.parse(await both(ana, resultPaths.violations(caseId)))).toEqual(
      violationsOf(flexibility),
    );
    expect(await both(ana, resultPaths.fullDataJson(caseId))).toEqual(data.fullDataJson);

    // The SAX results route sends the same document, from the same stored part.
    const legacy = await ana.post('/download-excel/api-results', { cases: [caseId, caseId] });
    expect(legacy.statusCode, legacy.body).toBe(200);
    const legacyAnswer = legacyResultsResponseSchema.parse(legacy.json());
    expect(legacyAnswer.response.case.map((c) => c.fullDataJSON)).toEqual([
      data.fullDataJson,
      data.fullDataJson,
    ]);
    expect(legacyAnswer.response.listCases[0]!.rows[0]).toMatchObject({
      caseId,
      caseName: 'case_ACTIVSg200',
    });
  });

  it('answers what is missing in Spanish: level, constraint, parameters, other users', async ({
    skip,
  }) => {
    sqliteOnly(dialect, skip, 'the parts read in ‘stores the upload’s result in parts’');
    const { server } = await build(dialect);
    const ana = await signedIn(server, 'parts-errors');
    const bruno = await signedIn(server, 'parts-other');
    const caseId = await analysed(ana, activsg200, 'case_ACTIVSg200.m');
    const code = async (client: TestClient, url: string, status: number) => {
      const response = await client.get(url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(status);
      return apiErrorSchema.parse(response.json()).error;
    };
    expect(await code(ana, `${resultPaths.constraints(caseId)}?level=99`, 404)).toMatchObject({
      code: 'LEVEL_NOT_FOUND',
    });
    expect(await code(ana, resultPaths.generators(caseId, 9999), 404)).toMatchObject({
      code: 'RESULT_CONSTRAINT_NOT_FOUND',
    });
    expect(await code(ana, `${resultPaths.constraints(caseId)}?level=1&pageSize=7`, 400)).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'El tamaño de página debe ser 5, 10, 25, 50 o 100',
    });
    expect(await code(ana, `${resultPaths.constraints(caseId)}?level=1&page=0`, 400)).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'La página debe ser un número entero positivo',
    });
    expect(await code(ana, `${resultPaths.summary(caseId)}?analysis=nope`, 404)).toMatchObject({
      code: 'GROUP_ANALYSIS_NOT_FOUND',
    });
    // Another user's case is a missing one, tags included.
    const mine = await ana.get(resultPaths.summary(caseId));
    for (const url of [
      resultPaths.summary(caseId),
      `${resultPaths.constraints(caseId)}?level=1`,
      resultPaths.generators(caseId, 1),
      resultPaths.violations(caseId),
      resultPaths.fullDataJson(caseId),
    ]) {
      expect(await code(bruno, url, 404)).toMatchObject({ code: 'CASE_DATA_NOT_FOUND' });
    }
    const foreign = await bruno.get(resultPaths.summary(caseId), {
      'if-none-match': String(mine.headers.etag),
    });
    expect(foreign.statusCode).toBe(404);
    // A result stored before the parts existed says so, and where the whole one is.
    await ana.put('/api/cases/viejo', { caseName: 'Viejo' });
    await ana.put('/api/cases/viejo/data', { fullDataJson: { caseResult: [] } });
    expect(await code(ana, resultPaths.summary('viejo'), 404)).toMatchObject({
      code: 'RESULT_PARTS_NOT_FOUND',
    });
  });

  it('keeps the N-1 parts of a case whose study group could not run, and says why the rest is missing', async ({
    skip,
  }) => {
    sqliteOnly(
      dialect,
      skip,
      'the parts read in ‘stores the upload’s result in parts’, a failed group in analyses.test.ts',
    );
    const { server } = await build(dialect);
    const ana = await signedIn(server, 'parts-nogroup');
    const response = await ana.request({
      method: 'POST',
      url: '/api/casesCalculate/calculate?group=area:999',
      body: activsg200,
      headers: { 'content-type': 'text/plain', 'x-file-name': 'case_ACTIVSg200.m' },
    });
    expect(response.statusCode, response.body).toBe(202);
    const { caseId, jobId } = uploadResponseSchema.parse(response.json());
    expect((await waitForJob(ana, jobId, 60_000)).state).toBe('done');
    const data = caseDataSchema.parse(await both(ana, `/api/cases/${caseId}/data`));
    expect(data.fullDataJson).toBeNull();
    const summary = resultSummaryResponseSchema.parse(await both(ana, resultPaths.summary(caseId)));
    expect(summary).toMatchObject({ flexibility: null, analysis: caseResultFacts(data.analysis!) });
    for (const url of [
      `${resultPaths.constraints(caseId)}?level=1`,
      resultPaths.generators(caseId, 1),
      resultPaths.violations(caseId),
      resultPaths.fullDataJson(caseId),
    ]) {
      const missing = await ana.get(url);
      expect(missing.statusCode, url).toBe(409);
      expect(apiErrorSchema.parse(missing.json()).error.code).toBe('RESULT_FLEXIBILITY_MISSING');
    }
  });

  it('serves a study group’s flexibility in parts with ?analysis=', async ({ skip }) => {
    sqliteOnly(dialect, skip, 'the parts stored and read in ‘stores the upload’s result in parts’');
    const { server } = await build(dialect);
    const ana = await signedIn(server, 'parts-group');
    const caseId = await analysed(ana, activsg200, 'case_ACTIVSg200.m');
    const created = await ana.post(analysisPaths.analyses(caseId), { group: 'fuel:coal' });
    expect(created.statusCode, created.body).toBe(202);
    const run = createGroupAnalysisResponseSchema.parse(created.json());
    expect((await waitForJob(ana, run.jobId, 60_000)).state).toBe('done');
    const { flexibility } = groupAnalysisResponseSchema.parse(
      (await ana.get(analysisPaths.analysis(caseId, run.analysisId))).json(),
    );
    expect(flexibility.studyGroup?.key).toBe('fuel:coal');

    const query = `?analysis=${run.analysisId}`;
    const summary = resultSummaryResponseSchema.parse(
      await both(ana, `${resultPaths.summary(caseId)}${query}`),
    );
    expect(summary.analysisId).toBe(run.analysisId);
    expect(summary.flexibility).toEqual(flexibilitySummary(flexibility));
    const level = flexibility.levels.at(-1)!;
    const page = constraintPageResponseSchema.parse(
      await both(
        ana,
        `${resultPaths.constraints(caseId)}${query}&level=${level.level}&pageSize=100`,
        false,
      ),
    );
    expect(page.total).toBe(level.constraintIds.length);
    expect(page.constraints.map((c) => c.id)).toEqual(level.constraintIds.slice(0, 100));
    const first = flexibility.constraints[0]!;
    expect(await both(ana, `${resultPaths.generators(caseId, first.id)}${query}`)).toEqual(
      constraintGenerators(flexibility, first, new Map(flexibility.plants.map((p) => [p.id, p]))),
    );
    expect(await both(ana, `${resultPaths.violations(caseId)}${query}`)).toEqual(
      violationsOf(flexibility),
    );
  });

  it('lets a document written with PUT …/data replace the stored one, analysis kept', async () => {
    const { server } = await build(dialect);
    const ana = await signedIn(server, 'parts-put');
    const caseId = await analysed(ana, activsg200, 'case_ACTIVSg200.m');
    const before = caseDataSchema.parse(await both(ana, `/api/cases/${caseId}/data`));
    const written = { caseResult: [{ caseName: 'propio', layers: [] }], nota: 'ñ' };
    const put = await ana.put(`/api/cases/${caseId}/data`, {
      fullDataJson: written,
      extras: { a: 1 },
    });
    expect(put.statusCode, put.body).toBe(200);
    const after = caseDataSchema.parse(await both(ana, `/api/cases/${caseId}/data`));
    expect(after).toMatchObject({ fullDataJson: written, extras: { a: 1 } });
    expect(after.analysis).toEqual(before.analysis);
    expect(await both(ana, resultPaths.fullDataJson(caseId), false)).toEqual(written);
  });
});
