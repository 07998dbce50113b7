import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  apiErrorSchema,
  apiRoutes,
  busbarAcCheckResponseSchema,
  busbarCapacityPageResponseSchema,
  busbarCapacityPaths,
  contingencySetRefusedSchema,
  contingencySetResponseSchema,
  MAX_CONTINGENCY_FILE_BYTES,
  uploadResponseSchema,
  type BusbarCapacityRow,
} from '@holgura/contracts';
import {
  allBusbarCapacitiesOnSet,
  busbarAcCheckOnSet,
  busIndex,
  expandContingencyRules,
  loadCase,
  readContingencyDefinitions,
  readDefinitionBundle,
  screenContingencySet,
  SET_CONTINGENCY,
} from '@holgura/engine';
import { buildTestApp, dialects, sqliteOnly } from '../../app.test-support';
import type { TestClient } from '../auth/auth.test-support';
import { signedIn, upload, waitForJob } from '../uploads/uploads.test-support';
import { activsg200, planSet, putSet } from './contingency-sets.test-support';

/**
 * Issue #30 as a planner meets it through the API: a contingency file for an analysed case,
 * checked against it (refused whole, lines named, when anything does not resolve), then the
 * case's busbar capacities computed again on it — equal to the engine on the same set, an N-2
 * named by the file — and back to every branch.
 */
const quick = { pollIntervalMs: 100 };

const xzCompress = (text: string) =>
  execFileSync('xz', ['-c', '-T1'], { input: Buffer.from(text, 'latin1') });

async function analysed(client: TestClient) {
  const response = await upload(client, activsg200, 'case_ACTIVSg200.m');
  expect(response.statusCode, response.body).toBe(202);
  const { caseId, jobId } = uploadResponseSchema.parse(response.json());
  expect((await waitForJob(client, jobId, 60_000)).state).toBe('done');
  return caseId;
}

const ALSO_ON_POSTGRES = 'the stored set and its job in ‘refuses a file with unresolved lines…’';

/** A new app with one planner and their analysed ACTIVSg200, and the case's set path. */
async function analysedCase(dialect: 'sqlite' | 'postgres', who: string) {
  const app = await buildTestApp({ workers: 1 }, { dialect, ...quick });
  const planner = await signedIn(app.server, who);
  const caseId = await analysed(planner);
  return { planner, caseId, path: apiRoutes.contingencySet.path({ caseId }) };
}

async function allRows(client: TestClient, caseId: string) {
  const rows: BusbarCapacityRow[] = [];
  for (let n = 1; ; n++) {
    const response = await client.get(
      `${busbarCapacityPaths.page(caseId)}?pageSize=200&page=${n}&sort=bus`,
    );
    const answer = busbarCapacityPageResponseSchema.parse(response.json());
    rows.push(...answer.rows);
    if (rows.length >= answer.total) return { rows, answer };
  }
}

describe.each(dialects)('a case’s contingency file on %s (issue #30)', (dialect) => {
  it('refuses a file with unresolved lines whole, then computes every bus on a good one and back', async () => {
    const app = await buildTestApp({ workers: 1 }, { dialect, ...quick });
    const planner = await signedIn(app.server, 'con-set');
    const caseId = await analysed(planner);
    const path = apiRoutes.contingencySet.path({ caseId });
    expect(contingencySetResponseSchema.parse((await planner.get(path)).json())).toEqual({
      caseId,
      set: null,
      capacityJobId: null,
    });

    // A branch row the case does not have, and a change that is not an outage: named, refused.
    const { net, text } = await planSet();
    const bad = text.replace(
      '];',
      `  9001 0 CT_TBRCH ${net.branches.count + 40} BR_STATUS CT_REP 0;\n  9002 0 CT_TBRCH 1 BR_R CT_REP 0.1;\n];`,
    );
    const refused = await putSet(planner, caseId, bad);
    expect(refused.statusCode, refused.body).toBe(422);
    const body = contingencySetRefusedSchema.parse(refused.json());
    expect(body.unresolvedCount).toBe(2);
    const lines = bad.split('\n');
    for (const u of body.unresolved) expect(lines[u.line - 1]).toContain(u.text.trim());
    expect(body.unresolved.map((u) => u.code)).toEqual([
      'ELEMENT_NOT_IN_CASE',
      'CHANGE_NOT_OUTAGE',
    ]);
    expect(body.unresolved[0]!.message).toContain('el caso no tiene');
    expect(contingencySetResponseSchema.parse((await planner.get(path)).json()).set).toBeNull();
    // Neither format: the Spanish message says what is read.
    const other = await putSet(planner, caseId, 'hola\nmundo\n', 'notas.txt');
    expect(other.statusCode).toBe(422);
    expect(apiErrorSchema.parse(other.json()).error.code).toBe('CONTINGENCY_FILE_INVALID');

    const accepted = await putSet(planner, caseId, text);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const answer = contingencySetResponseSchema.parse(accepted.json());
    const set = readContingencyDefinitions(text, net, 'plan.m');
    expect(answer.set).toMatchObject({ fileName: 'plan.m', format: 'contab', counts: set.counts });
    expect(set.counts).toMatchObject({ multiBranch: 30, generator: 5 });
    // The case's N-1 on the set, as the engine screens it, kept with the set.
    const screened = screenContingencySet(net, set.contingencies, { top: 50, pickup: 'headroom' });
    const n1 = answer.set!.n1!;
    expect(n1).toMatchObject({
      evaluated: screened.evaluated,
      islandingCount: screened.islanding.length,
      skipped: screened.skipped.length,
      monitored: screened.nMonitored,
      baseCaseOverloads: screened.baseCaseOverloads,
      overloadedPairs: screened.overloadedPairs,
    });
    expect(n1.evaluated + n1.islandingCount + n1.skipped).toBe(set.counts.total);
    const worst = [...screened.baseCaseTop, ...screened.top].sort(
      (a, b) => b.loading - a.loading || a.contingency - b.contingency || a.monitored - b.monitored,
    );
    expect(n1.top).toHaveLength(Math.min(50, worst.length));
    n1.top.forEach((row, i) => {
      expect(row.loadingPercent).toBeCloseTo(worst[i]!.loading * 100, 9);
      expect(row.monitoredBranch).toBe(worst[i]!.monitored + 1);
      const c = worst[i]!.contingency < 0 ? null : set.contingencies[worst[i]!.contingency]!;
      expect(row.contingencyLabel).toBe(c?.label ?? null);
      if (c !== null && c.branches.length === 2) expect(row.contingencyName).toContain(' + ');
    });
    for (const island of n1.islanding) {
      expect(island.contingencyName).toMatch(
        new RegExp(`^Contingencia ${island.contingencyLabel}: `),
      );
    }
    expect(contingencySetResponseSchema.parse((await planner.get(path)).json()).set?.n1).toEqual(
      n1,
    );
    expect(answer.capacityJobId).not.toBeNull();
    expect((await waitForJob(planner, answer.capacityJobId!, 60_000)).state).toBe('done');

    // Every bus as the engine gives it on the same set; some limited by an N-2, named by the file.
    const engine = allBusbarCapacitiesOnSet(net, set.contingencies, {
      capMw: 2000,
      postRating: 'emergency',
      pickup: 'headroom',
      threads: 1,
    });
    const { rows, answer: shown } = await allRows(planner, caseId);
    expect(shown.options?.contingencySet).toMatchObject({
      fileName: 'plan.m',
      counts: set.counts,
    });
    const byBus = new Map(rows.map((r) => [r.bus, r]));
    let byN2 = 0;
    engine.buses.forEach((b, slot) => {
      const row = byBus.get(net.buses.number[b]!)!;
      const mw = engine.attributable.capacityMw[slot]!;
      if (Number.isNaN(mw)) return;
      expect(row.attributable.capacityMw).toBeCloseTo(mw, 6);
      if (engine.attributable.contingency[slot] !== SET_CONTINGENCY) return;
      const c = set.contingencies[engine.setContingency.attributable[slot]!]!;
      expect(row.attributable.limiting).toMatchObject({ contingencyBranch: null });
      expect(row.attributable.limiting?.contingencyName).toMatch(
        new RegExp(`^Contingencia ${c.label}: `),
      );
      if (c.branches.length === 2) byN2++;
    });
    expect(byN2).toBeGreaterThan(0);
    const limitedByN2 = rows.find((r) => r.attributable.limiting?.contingencyName?.includes(' + '));
    expect(limitedByN2).toBeDefined();
    // The AC check of a figure set by an N-2: on the set, with both branches out.
    const ac = await planner.get(
      `${apiRoutes.busbarCapacityAcCheck.path({ caseId, bus: limitedByN2!.bus })}`,
    );
    expect(ac.statusCode, ac.body).toBe(200);
    const checked = busbarAcCheckResponseSchema.parse(ac.json());
    const expected = busbarAcCheckOnSet(
      net,
      busIndex(net.buses.number.indexOf(limitedByN2!.bus)),
      set.contingencies,
      { preExisting: 'ignore', pickup: 'headroom' },
    );
    expect(checked.limiting?.contingencyName).toBe(
      limitedByN2!.attributable.limiting!.contingencyName,
    );
    expect(checked.acCheck?.converged).toBe(true);
    expect(checked.acCheck?.acFlowMva).toBeCloseTo(expected.acCheck!.acFlowMva, 6);
    expect(checked.acCheck?.dcLoadingPercent).toBeCloseTo(100, 6);

    const file = await planner.get(apiRoutes.contingencySetFile.path({ caseId }));
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('plan.m');
    expect(file.body).toBe(text);

    // Another user sees no such case.
    const other2 = await signedIn(app.server, 'con-set-other');
    expect((await other2.get(path)).statusCode).toBe(404);
    expect((await putSet(other2, caseId, text)).statusCode).toBe(404);
    expect((await other2.request({ method: 'DELETE', url: path })).statusCode).toBe(404);

    // Back to every branch: computed again, the result says so.
    const removed = await planner.request({ method: 'DELETE', url: path });
    expect(removed.statusCode).toBe(200);
    const back = contingencySetResponseSchema.parse(removed.json());
    expect(back.set).toBeNull();
    expect((await waitForJob(planner, back.capacityJobId!, 60_000)).state).toBe('done');
    const again = await allRows(planner, caseId);
    expect(again.answer.options?.contingencySet ?? null).toBeNull();
    expect((await planner.get(apiRoutes.contingencySetFile.path({ caseId }))).statusCode).toBe(404);
  }, 180_000);

  it('takes an xz-compressed file, and refuses an empty, an oversized or an unknown-type one with nothing kept', async ({
    skip,
  }) => {
    sqliteOnly(dialect, skip, ALSO_ON_POSTGRES);
    const { planner, path } = await analysedCase(dialect, 'con-set-bad');
    const send = (body: Buffer, contentType: string, name = 'lista.m') =>
      planner.request({
        method: 'PUT',
        url: path,
        body,
        headers: { 'content-type': contentType, 'x-file-name': name },
      });
    const code = (response: { json: () => unknown }) =>
      apiErrorSchema.parse(response.json()).error.code;

    const empty = await send(Buffer.from('  \n'), 'text/plain');
    expect(empty.statusCode).toBe(422);
    expect(code(empty)).toBe('CONTINGENCY_FILE_EMPTY');
    const tooLarge = await send(Buffer.alloc(MAX_CONTINGENCY_FILE_BYTES + 1, 0x20), 'text/plain');
    expect(tooLarge.statusCode).toBe(413);
    expect(code(tooLarge)).toBe('CONTINGENCY_FILE_TOO_LARGE');
    const pdf = await send(Buffer.from('%PDF-1.7'), 'application/pdf');
    expect(pdf.statusCode).toBe(415);
    expect(contingencySetResponseSchema.parse((await planner.get(path)).json()).set).toBeNull();

    // The public ACTIVSg lists come as .m.xz: read as the plain file would be.
    const { text } = await planSet();
    const xz = await send(xzCompress(text), 'application/x-xz', 'plan.m.xz');
    expect(xz.statusCode, xz.body).toBe(200);
    expect(contingencySetResponseSchema.parse(xz.json()).set).toMatchObject({
      fileName: 'plan.m.xz',
      counts: { multiBranch: 30, generator: 5 },
    });
  }, 120_000);

  it('takes rules instead of a file: each branch and the parallel circuits of 100 kV or more', async ({
    skip,
  }) => {
    sqliteOnly(dialect, skip, ALSO_ON_POSTGRES);
    const { planner, caseId, path } = await analysedCase(dialect, 'con-set-rules');
    const put = (body: unknown) =>
      planner.request({
        method: 'PUT',
        url: path,
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      });
    const nothing = await put({
      rules: { singleBranches: false, parallelCircuits: false, units: false },
    });
    expect(nothing.statusCode).toBe(400);
    expect(apiErrorSchema.parse(nothing.json()).error.message).toBe(
      'Elige al menos una regla: cada rama, circuitos paralelos o cada unidad',
    );
    const tooHigh = await put({
      rules: { singleBranches: true, parallelCircuits: false, units: false, minKv: 2000 },
    });
    expect(tooHigh.statusCode).toBe(422);
    expect(apiErrorSchema.parse(tooHigh.json()).error.code).toBe('CONTINGENCY_RULES_EMPTY');

    const rules = { singleBranches: true, parallelCircuits: true, units: false, minKv: 100 };
    const accepted = await put({ rules });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const answer = contingencySetResponseSchema.parse(accepted.json());
    const { network: net } = await loadCase(new Uint8Array(activsg200));
    const expected = expandContingencyRules(net, rules);
    expect(answer.set).toMatchObject({
      format: 'rules',
      rules,
      fileName: 'Reglas: cada rama y los circuitos paralelos juntos de 100 kV o más',
      counts: expected.counts,
    });
    expect(expected.counts.branch).toBeGreaterThan(0);
    const screened = screenContingencySet(net, expected.contingencies, { pickup: 'headroom' });
    expect(answer.set?.n1).toMatchObject({
      evaluated: screened.evaluated,
      islandingCount: screened.islanding.length,
      overloadedPairs: screened.overloadedPairs,
    });
    expect(answer.set?.n1?.top[0]?.contingencyLabel).toMatch(/^N-[12] \d+$|^null$/);
    expect((await waitForJob(planner, answer.capacityJobId!, 60_000)).state).toBe('done');
    const { answer: shown } = await allRows(planner, caseId);
    expect(shown.options?.contingencySet).toMatchObject({
      format: 'rules',
      counts: expected.counts,
    });
    const file = await planner.get(apiRoutes.contingencySetFile.path({ caseId }));
    expect(file.headers['content-disposition']).toContain('reglas-contingencias.json');
    expect(JSON.parse(file.body)).toEqual({ rules });
  }, 120_000);

  it('takes a .con with its .sub and .mon as a form: only the .mon watched, its interface screened, each bad file named', async ({
    skip,
  }) => {
    sqliteOnly(dialect, skip, ALSO_ON_POSTGRES);
    const { planner, caseId, path } = await analysedCase(dialect, 'con-set-bundle');
    const { network: net } = await loadCase(new Uint8Array(activsg200));
    const number = (bus: number) => net.buses.number[bus]!;
    const branch = (k: number) =>
      `BRANCH FROM BUS ${number(net.branches.fromBus[k]!)} TO BUS ${number(net.branches.toBus[k]!)} CKT ${net.branches.circuit[k]}`;
    // 230 kV only: the subsystem the .con's rules and the .mon's watch list name.
    const sub = ["SUBSYSTEM 'EHV'", '  KVRANGE 230 230', 'END', 'END', ''].join('\n');
    const is230 = (k: number) =>
      net.buses.baseKv[net.branches.fromBus[k]!] === 230 &&
      net.buses.baseKv[net.branches.toBus[k]!] === 230;
    const ehv = Array.from({ length: net.branches.count }, (_, k) => k).filter(
      (k) => is230(k) && net.branches.inService[k] === 1,
    );
    expect(ehv.length).toBeGreaterThan(3);
    const con = [
      "SINGLE BRANCH IN SUBSYSTEM 'EHV'",
      "CONTINGENCY 'TWO EHV LINES'",
      `  OPEN ${branch(ehv[0]!)}`,
      `  OPEN ${branch(ehv[1]!)}`,
      'END',
      'END',
      '',
    ].join('\n');
    // The interface rated 20 MW above what it carries: it limits buses that load it.
    const pair = (k: number) => ({ branch: k, coefficient: 1 });
    const carried = screenContingencySet(net, [], {
      interfaces: [{ name: 'x', members: [pair(ehv[2]!), pair(ehv[3]!)], limitMw: null }],
    }).interfaces[0]!.baseFlowMw;
    const rating = Math.round(Math.abs(carried) + 20);
    const mon = [
      "MONITOR BRANCHES IN SUBSYSTEM 'EHV'",
      `MONITOR INTERFACE 'EHV PAIR' RATING ${rating} MW`,
      `  ${branch(ehv[2]!)}`,
      `  ${branch(ehv[3]!)}`,
      'END',
      'END',
      '',
    ].join('\n');
    const form = (files: [string, string][]) => {
      const boundary = '----holgura-test';
      const body = Buffer.concat([
        ...files.map(([name, text], i) =>
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file${i}"; filename="${name}"\r\n` +
              `Content-Type: application/octet-stream\r\n\r\n${text}\r\n`,
            'latin1',
          ),
        ),
        Buffer.from(`--${boundary}--\r\n`),
      ]);
      return planner.request({
        method: 'PUT',
        url: path,
        body,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
    };
    const refusedWith = async (files: [string, string][], status: number, code: string) => {
      const response = await form(files);
      expect(response.statusCode, response.body).toBe(status);
      expect(apiErrorSchema.parse(response.json()).error.code).toBe(code);
      return apiErrorSchema.parse(response.json()).error.message;
    };

    // The .con alone: each rule naming the subsystem is a line of it, named with its file.
    const alone = await form([['plan.con', con]]);
    expect(alone.statusCode, alone.body).toBe(422);
    const lines = contingencySetRefusedSchema.parse(alone.json()).unresolved;
    expect(lines.map((u) => [u.line, u.code])).toEqual([[1, 'SUBSYSTEM_UNKNOWN']]);
    expect(lines[0]!.file).toBeUndefined();
    await refusedWith([['plan.sub', sub]], 422, 'CONTINGENCY_FILE_MISSING');
    await refusedWith(
      [
        ['a.con', con],
        ['b.con', con],
      ],
      422,
      'CONTINGENCY_FILES_SAME_KIND',
    );
    const invalid = await refusedWith(
      [
        ['plan.con', con],
        ['notas.txt', 'hola\n'],
      ],
      422,
      'CONTINGENCY_FILE_INVALID',
    );
    expect(invalid).toMatch(/^«notas\.txt»: /);
    await refusedWith(
      [
        ['plan.con', con],
        ['plan.sub', sub],
        ['plan.mon', mon],
        ['otro.mon', mon],
      ],
      422,
      'CONTINGENCY_FILES_TOO_MANY',
    );
    const badMon = await form([
      ['plan.mon', 'MONITOR BRANCH FROM BUS 99998 TO BUS 99999 CKT 1\nEND\n'],
      ['plan.sub', sub],
      ['plan.con', con],
    ]);
    expect(badMon.statusCode).toBe(422);
    expect(contingencySetRefusedSchema.parse(badMon.json()).unresolved).toEqual([
      expect.objectContaining({ file: 'plan.mon', line: 1, code: 'BUS_NOT_IN_CASE' }),
    ]);
    expect(contingencySetResponseSchema.parse((await planner.get(path)).json()).set).toBeNull();

    // In any order, told apart by content.
    const accepted = await form([
      ['vigilar.mon', mon],
      ['plan.con', con],
      ['zonas.sub', sub],
    ]);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const answer = contingencySetResponseSchema.parse(accepted.json());
    const bundle = readDefinitionBundle(
      {
        contingencies: { name: 'plan.con', text: con },
        subsystems: { name: 'zonas.sub', text: sub },
        monitored: { name: 'vigilar.mon', text: mon },
      },
      net,
    );
    expect(bundle.unresolved).toEqual([]);
    expect(answer.set).toMatchObject({
      fileName: 'plan.con',
      format: 'psse-con',
      counts: bundle.set.counts,
      subsystemsFile: { fileName: 'zonas.sub', subsystems: 1 },
      monitoredFile: {
        fileName: 'vigilar.mon',
        branches: bundle.monitored!.branches.length,
        interfaces: [{ name: 'EHV PAIR', limitMw: rating, members: 2 }],
        voltageRanges: 0,
      },
    });
    expect(bundle.set.counts).toMatchObject({ branch: ehv.length, multiBranch: 1 });
    const screened = screenContingencySet(net, bundle.set.contingencies, {
      pickup: 'headroom',
      monitored: bundle.monitored!.branches,
      interfaces: bundle.monitored!.interfaces,
    });
    const n1 = answer.set!.n1!;
    expect(n1.monitored).toBe(screened.nMonitored);
    expect(n1.monitored).toBeLessThan(net.branches.count / 4);
    expect(n1.interfaces).toEqual([
      expect.objectContaining({
        name: 'EHV PAIR',
        limitMw: rating,
        overloads: screened.interfaces[0]!.overloads,
      }),
    ]);
    expect(n1.interfaces[0]!.baseFlowMw).toBeCloseTo(screened.interfaces[0]!.baseFlowMw, 9);
    expect(n1.interfaces[0]!.worst?.flowMw).toBeCloseTo(screened.interfaces[0]!.worst!.flowMw, 9);

    // Every bus computed watching only the .mon's branches, as the engine does.
    expect((await waitForJob(planner, answer.capacityJobId!, 60_000)).state).toBe('done');
    const { rows, answer: shown } = await allRows(planner, caseId);
    expect(shown.options?.contingencySet).toMatchObject({
      fileName: 'plan.con',
      monitoredFile: {
        fileName: 'vigilar.mon',
        branches: bundle.monitored!.branches.length,
        interfaces: 1,
      },
    });
    const engine = allBusbarCapacitiesOnSet(net, bundle.set.contingencies, {
      capMw: 2000,
      postRating: 'emergency',
      pickup: 'headroom',
      threads: 1,
      monitored: bundle.monitored!.branches,
      interfaces: bundle.monitored!.interfaces,
    });
    const watched = new Set(bundle.monitored!.branches.map((k) => k + 1));
    const byBus = new Map(rows.map((r) => [r.bus, r]));
    let byInterface = 0;
    engine.buses.forEach((b, slot) => {
      const mw = engine.attributable.capacityMw[slot]!;
      if (Number.isNaN(mw)) return;
      const row = byBus.get(net.buses.number[b]!)!;
      expect(row.attributable.capacityMw).toBeCloseTo(mw, 6);
      const limiting = row.attributable.limiting;
      if (limiting === null || limiting === undefined) return;
      if (limiting.monitoredBranch === null) {
        expect(limiting.monitoredName).toBe('Interfaz «EHV PAIR»');
        byInterface++;
      } else expect(watched.has(limiting.monitoredBranch)).toBe(true);
    });
    expect(byInterface).toBeGreaterThan(0);

    // Each file back as it was sent.
    const file = (part?: string) =>
      planner.get(
        `${apiRoutes.contingencySetFile.path({ caseId })}${part === undefined ? '' : `?part=${part}`}`,
      );
    expect((await file()).body).toBe(con);
    expect((await file('subsystems')).body).toBe(sub);
    const monFile = await file('monitored');
    expect(monFile.body).toBe(mon);
    expect(monFile.headers['content-disposition']).toContain('vigilar.mon');
    expect((await file('otra')).statusCode).toBe(400);
  }, 120_000);
});
