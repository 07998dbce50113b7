// exceljs is CommonJS: under Node's ESM loader only its default export exists.
// eslint-disable-next-line import-x/default
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  readWindowRequestsResponseSchema,
  windowDetailResponseSchema,
  windowInvalidResponseSchema,
  windowListResponseSchema,
  windowPaths,
  windowWorkbookWords,
  type WindowDetailResponse,
} from '@holgura/contracts';
import { buildTestApp, dialects } from '../../app.test-support';
import type { TestClient } from '../auth/auth.test-support';
import { analysed, case30, case9, signedIn, waitForJob } from '../uploads/uploads.test-support';

/** Four requests on case30 that compete for the lines around buses 2 and 5. */
const requests = [
  { id: 'R1', bus: 2, mw: 60, priority: 2, name: 'Solar Uno', technology: 'Solar' },
  { id: 'R2', bus: 5, mw: 80, priority: 1, company: 'Eólica SAS' },
  { id: 'R3', bus: 13, mw: 40, minMw: 40, priority: 3 },
  { id: 'R4', bus: 22, mw: 30 },
];

async function createWindow(client: TestClient, caseId: string, body: object = {}) {
  return client.post(windowPaths.list(), { caseId, name: 'Ventana 2027', requests, ...body });
}

async function doneWindow(client: TestClient, caseId: string): Promise<WindowDetailResponse> {
  const created = await createWindow(client, caseId);
  expect(created.statusCode, created.body).toBe(202);
  const { windowId, jobId } = created.json() as { windowId: string; jobId: string };
  const status = await waitForJob(client, jobId, 60_000);
  expect(status.state, JSON.stringify(status)).toBe('done');
  const detail = await client.get(windowPaths.one(windowId));
  expect(detail.statusCode).toBe(200);
  return windowDetailResponseSchema.parse(detail.json());
}

describe.each(dialects)('connection windows on %s (issue #28)', (dialect) => {
  it('allocates the requests under the three rules, explains each, exports them and keeps them per user', async () => {
    const { server } = await buildTestApp({}, { dialect });
    const ana = await signedIn(server, 'window-ana');
    const { caseId } = await analysed(ana, case30, 'case30.m');
    const window = await doneWindow(ana, caseId);

    expect(window.state).toBe('done');
    expect(window.requestCount).toBe(4);
    expect(window.requestedMw).toBe(210);
    const result = window.result!;
    expect(result.requests.map((r) => r.id)).toEqual(['R1', 'R2', 'R3', 'R4']);
    // Rank: priority ascending, then the order sent (R4 has none: its position, 3, ties R3's 3).
    expect(result.requests.map((r) => r.rank)).toEqual([2, 1, 3, 4]);
    for (const rule of ['order', 'max', 'fair'] as const) {
      const r = result.rules[rule];
      expect(r.ok, rule).toBe(true);
      if (!r.ok) continue;
      expect(r.stats.violatedAtEnd, rule).toBe(0);
      const total = r.awards.reduce((s, a) => s + a.awardedMw, 0);
      expect(r.totalAwardedMw).toBeCloseTo(total, 6);
      for (const [i, award] of r.awards.entries()) {
        const asked = requests[i]!;
        expect(award.awardedMw).toBeGreaterThanOrEqual(-1e-6);
        expect(award.awardedMw).toBeLessThanOrEqual(asked.mw + 1e-6);
        // All or nothing: R3 gets 0 or 40.
        if (asked.minMw !== undefined && award.awardedMw > 1e-6) {
          expect(award.awardedMw).toBeGreaterThanOrEqual(asked.minMw - 1e-6);
        }
        // A request that did not get all it asked names what held it back.
        if (award.status !== 'complete')
          expect(award.binding.length, `${rule} ${award.id}`).toBeGreaterThan(0);
      }
      expect(window.totals![rule]).toBeCloseTo(r.totalAwardedMw, 6);
    }
    const max = result.rules.max;
    const order = result.rules.order;
    if (!max.ok || !order.ok) throw new Error('rules failed');
    expect(max.totalAwardedMw).toBeGreaterThanOrEqual(order.totalAwardedMw - 1e-6);
    expect(result.audit.inputsSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(result.audit.caseSha256).toMatch(/^[0-9a-f]{64}$/);

    // Listed, exported (xlsx and CSV), audited.
    const list = windowListResponseSchema.parse((await ana.get(windowPaths.list())).json());
    expect(list.windows.map((w) => w.windowId)).toEqual([window.windowId]);
    const csv = await ana.get(windowPaths.export(window.windowId, 'csv'));
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('MW regla máximo');
    expect(csv.body).toContain('R3');
    const xlsx = await ana.request({
      method: 'GET',
      url: windowPaths.export(window.windowId, 'xlsx'),
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const audit = await ana.get(windowPaths.audit(window.windowId));
    expect(audit.statusCode).toBe(200);
    expect((audit.json() as { audit: { inputsSha256: string } }).audit.inputsSha256).toBe(
      result.audit.inputsSha256,
    );

    // Another user sees none of it.
    const bea = await signedIn(server, 'window-bea');
    expect((await bea.get(windowPaths.one(window.windowId))).statusCode).toBe(404);
    expect((await bea.get(windowPaths.export(window.windowId, 'csv'))).statusCode).toBe(404);
    expect(
      (await bea.request({ method: 'DELETE', url: windowPaths.one(window.windowId) })).statusCode,
    ).toBe(404);
    expect(
      windowListResponseSchema.parse((await bea.get(windowPaths.list())).json()).windows,
    ).toEqual([]);
    expect((await createWindow(bea, caseId)).statusCode).toBe(404);

    // Deleting the case deletes its windows.
    expect((await ana.request({ method: 'DELETE', url: `/api/cases/${caseId}` })).statusCode).toBe(
      204,
    );
    expect((await ana.get(windowPaths.one(window.windowId))).statusCode).toBe(404);
  }, 120_000);

  it('withdraws a request into a new window on the same case and options, and names the original', async () => {
    const { server, db } = await buildTestApp({}, { dialect });
    const ana = await signedIn(server, 'window-withdraw');
    const { caseId } = await analysed(ana, case30, 'case30.m');
    const created = await createWindow(ana, caseId, {
      options: { postContingencyRating: 'A', preExisting: 'ignore' },
    });
    expect(created.statusCode, created.body).toBe(202);
    const { windowId, jobId } = created.json() as { windowId: string; jobId: string };
    expect((await waitForJob(ana, jobId, 60_000)).state).toBe('done');
    const original = windowDetailResponseSchema.parse(
      (await ana.get(windowPaths.one(windowId))).json(),
    );
    expect(original.withdrawal).toBeNull();
    const max = original.result!.rules.max;
    if (!max.ok) throw new Error('max failed');
    // A partial request under max and one it competes with: the competitor withdraws.
    const partial = max.awards.find((a) => a.status === 'partial' && a.competitors.length > 0)!;
    expect(partial, 'a partial request with competitors under max').toBeDefined();
    const competitor = partial.competitors[0]!;

    const withdrawn = await ana.post(windowPaths.withdraw(windowId), { requestIds: [competitor] });
    expect(withdrawn.statusCode, withdrawn.body).toBe(202);
    const next = withdrawn.json() as { windowId: string; jobId: string };
    expect(next.windowId).not.toBe(windowId);
    expect((await waitForJob(ana, next.jobId, 60_000)).state).toBe('done');
    const after = windowDetailResponseSchema.parse(
      (await ana.get(windowPaths.one(next.windowId))).json(),
    );
    expect(after.withdrawal).toEqual({ originalWindowId: windowId, withdrawnIds: [competitor] });
    expect(after.name).toBe(`Ventana 2027 — sin ${competitor}`);
    expect(after.caseId).toBe(caseId);
    expect(after.options).toEqual(original.options);
    expect(after.requests).toEqual(original.requests.filter((r) => r.id !== competitor));
    const afterMax = after.result!.rules.max;
    if (!afterMax.ok) throw new Error('max failed after the withdrawal');
    const moved = afterMax.awards.find((a) => a.id === partial.id)!;
    // With its competitor gone the partial request gets more under max.
    expect(moved.awardedMw, `${partial.id} under max`).toBeGreaterThan(partial.awardedMw + 1e-3);
    const list = windowListResponseSchema.parse((await ana.get(windowPaths.list())).json());
    expect(list.windows.map((w) => [w.windowId, w.withdrawal?.originalWindowId ?? null])).toEqual([
      [next.windowId, windowId],
      [windowId, null],
    ]);

    // An id that is not in the window, or every request: 422 naming what is wrong, nothing stored.
    const unknown = await ana.post(windowPaths.withdraw(windowId), { requestIds: ['R9', 'R1'] });
    expect(unknown.statusCode).toBe(422);
    expect(
      windowInvalidResponseSchema.parse(unknown.json()).problems.map((p) => p.message),
    ).toEqual(['la solicitud «R9» no está en la ventana']);
    const all = await ana.post(windowPaths.withdraw(windowId), {
      requestIds: requests.map((r) => r.id),
    });
    expect(all.statusCode).toBe(422);
    expect(all.json()).toMatchObject({ error: { code: 'WINDOW_INVALID' } });
    const empty = await ana.post(windowPaths.withdraw(windowId), { requestIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(
      windowListResponseSchema.parse((await ana.get(windowPaths.list())).json()).windows,
    ).toHaveLength(2);

    // Another user's window is not found; a window without an award cannot be withdrawn from.
    const bea = await signedIn(server, 'window-withdraw-bea');
    const foreign = await bea.post(windowPaths.withdraw(windowId), { requestIds: [competitor] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: { code: 'WINDOW_NOT_FOUND' } });
    await db
      .updateTable('analysis_jobs')
      .set({ state: 'failed' })
      .where('id', '=', jobId)
      .execute();
    const notReady = await ana.post(windowPaths.withdraw(windowId), { requestIds: [competitor] });
    expect(notReady.statusCode).toBe(409);
    expect(notReady.json()).toMatchObject({ error: { code: 'WINDOW_WITHDRAW_NOT_READY' } });

    // The original deleted: the new window keeps its reference (the view says it is gone).
    expect(
      (await ana.request({ method: 'DELETE', url: windowPaths.one(windowId) })).statusCode,
    ).toBe(204);
    const orphan = windowDetailResponseSchema.parse(
      (await ana.get(windowPaths.one(next.windowId))).json(),
    );
    expect(orphan.withdrawal?.originalWindowId).toBe(windowId);
  }, 180_000);

  it('refuses bad requests naming each row and field, and stores nothing', async () => {
    const { server, db } = await buildTestApp({}, { dialect });
    const ana = await signedIn(server, 'window-bad');
    const { caseId } = await analysed(ana, case9);
    const bad = await createWindow(ana, caseId, {
      requests: [
        { id: 'A', bus: 1, mw: 10 },
        { id: 'A', bus: 2, mw: -5 },
        { id: 'C', bus: 3, mw: 10, minMw: 20 },
      ],
    });
    expect(bad.statusCode).toBe(422);
    const body = windowInvalidResponseSchema.parse(bad.json());
    expect(body.error.code).toBe('WINDOW_INVALID');
    expect(body.problems.map((p) => p.message)).toEqual([
      'Solicitud 2, MW solicitados: La potencia solicitada no puede ser negativo',
      'Solicitud 3, MW mínimos: La potencia mínima no puede superar la solicitada',
      'Solicitud 2, identificador: El identificador «A» ya está en la solicitud 1',
    ]);
    const unknownBus = await createWindow(ana, caseId, { requests: [{ id: 'X', bus: 99, mw: 5 }] });
    expect(unknownBus.statusCode).toBe(422);
    expect(windowInvalidResponseSchema.parse(unknownBus.json()).problems[0]!.message).toBe(
      'Solicitud 1, barra: la barra 99 no está en el caso',
    );
    const tooMany = await createWindow(ana, caseId, {
      requests: Array.from({ length: 5001 }, (_, i) => ({ id: `R${i}`, bus: 1, mw: 1 })),
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json()).toMatchObject({
      error: {
        code: 'WINDOW_INVALID',
        message: expect.stringContaining('hasta 5.000 solicitudes'),
      },
    });
    expect(await db.selectFrom('connection_windows').select('window_id').execute()).toEqual([]);
    expect((await createWindow(ana, 'no-existe')).statusCode).toBe(404);
  }, 60_000);

  it('reads the Excel template back, and names the cell of a bad value', async () => {
    const { server } = await buildTestApp({}, { dialect });
    const ana = await signedIn(server, 'window-xlsx');
    const template = await ana.request({ method: 'GET', url: windowPaths.template() });
    expect(template.statusCode).toBe(200);
    const read = await ana.request({
      method: 'POST',
      url: windowPaths.readRequests(),
      body: template.rawPayload,
      headers: {
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      },
    });
    expect(read.statusCode, read.body).toBe(200);
    const answer = readWindowRequestsResponseSchema.parse(read.json());
    expect(answer.valid).toBe(true);
    expect(answer.requests.map((r) => [r.id, r.bus, r.mw])).toEqual([
      ['S-001', 1001, 150],
      ['S-002', 1002, 200],
      ['S-003', 1003, 80],
    ]);

    // Read against one of the user's cases: the template's buses (ACTIVSg2000's) are not in
    // case9, each named at its cell; another user's case is not found.
    const { caseId } = await analysed(ana, case9);
    const againstCase = readWindowRequestsResponseSchema.parse(
      (
        await ana.request({
          method: 'POST',
          url: windowPaths.readRequests(caseId),
          body: template.rawPayload,
          headers: { 'content-type': 'application/octet-stream' },
        })
      ).json(),
    );
    expect(againstCase.valid).toBe(false);
    expect(againstCase.problems.map((p) => p.message)).toEqual([
      'Hoja «Solicitudes», fila 2, celda E2: la barra 1001 no está en el caso',
      'Hoja «Solicitudes», fila 3, celda E3: la barra 1002 no está en el caso',
      'Hoja «Solicitudes», fila 4, celda E4: la barra 1003 no está en el caso',
    ]);
    const bea = await signedIn(server, 'window-xlsx-bea');
    const foreign = await bea.request({
      method: 'POST',
      url: windowPaths.readRequests(caseId),
      body: template.rawPayload,
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(foreign.statusCode).toBe(404);

    // The same template with a word in «MW solicitados» and a minimum above the request.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet(windowWorkbookWords.requestsSheet)!;
    sheet.getCell('F3').value = 'mucho';
    sheet.getCell('G4').value = 500;
    const edited = Buffer.from(await workbook.xlsx.writeBuffer());
    const problems = readWindowRequestsResponseSchema.parse(
      (
        await ana.request({
          method: 'POST',
          url: windowPaths.readRequests(),
          body: edited,
          headers: { 'content-type': 'application/octet-stream' },
        })
      ).json(),
    );
    expect(problems.valid).toBe(false);
    expect(problems.problems.map((p) => p.cell)).toEqual(['F3', 'G4']);
    expect(problems.problems[1]!.message).toContain('Hoja «Solicitudes», fila 4, celda G4');

    // JSON, and a file that is neither.
    const json = await ana.request({
      method: 'POST',
      url: windowPaths.readRequests(),
      body: JSON.stringify({ requests: [{ id: 'J1', bus: 4, mw: 12.5 }] }),
      headers: { 'content-type': 'application/json' },
    });
    expect(readWindowRequestsResponseSchema.parse(json.json()).requests).toEqual([
      { id: 'J1', bus: 4, mw: 12.5 },
    ]);
    const pdf = await ana.request({
      method: 'POST',
      url: windowPaths.readRequests(),
      body: Buffer.from('%PDF-1.4'),
      headers: { 'content-type': 'application/pdf' },
    });
    expect(pdf.statusCode).toBe(415);
    expect((pdf.json() as { error: { code: string } }).error.code).toBe('WINDOW_FILE_TYPE');
  }, 60_000);
});
