import { describe, expect, it } from 'vitest';
import {
  apiErrorSchema,
  busbarCapacityComparisonSchema,
  busbarCapacityPaths,
  createStudyResponseSchema,
  studyDetailSchema,
  type BusbarCapacityRow,
  type BusbarLimiting,
  type StudyFileInput,
} from '@holgura/contracts';
import { buildTestApp, dialects } from '../../app.test-support';
import { signedIn, waitForJob } from '../uploads/uploads.test-support';
import { compareCapacities, settingsThatDiffer } from './busbar-capacity.compare';
import { postStudy } from '../studies/studies.test-support';
import { allRows } from './capacity-rows.test-support';

const limiting = (monitoredName: string, contingencyName: string | null): BusbarLimiting => ({
  monitoredBranch: 1,
  monitoredName,
  contingencyBranch: contingencyName === null ? null : 2,
  contingencyName,
  distributionFactor: 0.5,
});

const row = (
  bus: number,
  mw: number | null,
  limit: BusbarLimiting | null = null,
  strictMw: number | null = mw,
): BusbarCapacityRow => ({
  position: bus - 1,
  bus,
  name: `BARRA ${bus}`,
  baseKv: 230,
  area: 1,
  zone: 1,
  inTransferIsland: mw !== null,
  attributable: { capacityMw: mw, limiting: limit },
  strict: { capacityMw: strictMw, limiting: limit },
  preExistingLimit: false,
  worsened: null,
});

describe('compareCapacities', () => {
  const lineAB = limiting('A-B 1', 'C-D 1');
  const lineEF = limiting('E-F 1', null);
  const lineGH = limiting('G-H 1', 'A-B 1');
  const base = [
    row(1, 100, lineAB),
    row(2, 250, lineAB),
    row(3, 500),
    row(4, 80, lineEF),
    row(5, 40, lineEF),
    row(6, null),
  ];
  const other = [
    row(1, 100.02, lineAB), // rounding, not a change
    row(2, 190, lineGH), // −60
    row(3, 500),
    row(4, 180, lineAB), // +100
    row(5, 45, lineAB), // +5
    row(6, 75, lineGH), // enters the transfer island
    row(7, 20, lineGH), // a bus the base case lacks
  ];

  it('orders the changes by size, counts what went up, down or stayed, and sums the common buses', () => {
    const { summary, changes } = compareCapacities(base, other, 'attributable', 25);
    expect(changes.map((change) => [change.bus, change.deltaMw])).toEqual([
      [4, 100],
      [2, -60],
      [5, 5],
      [6, null],
      [7, null],
    ]);
    expect(summary).toEqual({
      common: 5,
      increased: 2,
      decreased: 1,
      unchanged: 2,
      onlyBase: 0,
      onlyOther: 2,
      baseTotalMw: 970,
      otherTotalMw: 100.02 + 190 + 500 + 180 + 45,
      changed: 5,
    });
    expect(changes[1]).toMatchObject({
      name: 'BARRA 2',
      baseMw: 250,
      otherMw: 190,
      baseLimiting: lineAB,
      otherLimiting: lineGH,
    });
    expect(compareCapacities(base, other, 'attributable', 2).changes).toHaveLength(2);
    expect(compareCapacities(base, other, 'attributable', 2).summary.changed).toBe(5);
  });

  it('names the constraints that appear or vanish, the buses they limit and the MW that moved', () => {
    const { constraints } = compareCapacities(base, other, 'attributable', 25);
    expect([constraints.appearedTotal, constraints.vanishedTotal]).toEqual([1, 1]);
    // G-H after A-B limits 2, 6 and 7 in the other case, nothing in the base: 2 lost 60 MW
    // (6 and 7 have no base figure to compare with).
    expect(constraints.appeared).toEqual([
      {
        monitoredName: 'G-H 1',
        contingencyName: 'A-B 1',
        buses: 3,
        deltaMw: -60,
        example: { bus: 2, name: 'BARRA 2', baseKv: 230 },
      },
    ]);
    // E-F in the base case (N-0) limited 4 and 5, which gained 100 and 5 MW without it.
    expect(constraints.vanished).toEqual([
      {
        monitoredName: 'E-F 1',
        contingencyName: null,
        buses: 2,
        deltaMw: 105,
        example: { bus: 4, name: 'BARRA 4', baseKv: 230 },
      },
    ]);
  });

  it('compares the figure asked for, and a case with itself shows no change', () => {
    const strictBase = [row(1, 100, lineAB, 0)];
    const strictOther = [row(1, 100, lineAB, 30)];
    expect(compareCapacities(strictBase, strictOther, 'attributable', 25).changes).toEqual([]);
    expect(
      compareCapacities(strictBase, strictOther, 'strict', 25).changes.map((c) => c.deltaMw),
    ).toEqual([30]);
    const same = compareCapacities(base, base, 'attributable', 25);
    expect(same.changes).toEqual([]);
    expect(same.constraints).toEqual({
      appeared: [],
      vanished: [],
      appearedTotal: 0,
      vanishedTotal: 0,
    });
    expect(same.summary).toMatchObject({ common: 5, unchanged: 5, changed: 0 });
  });

  it('says which computation settings differ', () => {
    const options = {
      capMw: 500,
      postContingencyRating: 'emergency',
      sink: 'headroom-down',
      distributionFactorCutoff: 0.01,
      contingencies: 10,
      monitored: 10,
      computeMs: 5,
    };
    expect(settingsThatDiffer(options, { ...options, computeMs: 9, contingencies: 11 })).toEqual(
      [],
    );
    expect(
      settingsThatDiffer(options, { ...options, capMw: 2000, postContingencyRating: 'A' }),
    ).toEqual(['capMw', 'postContingencyRating']);
  });
});

/** case30, one scenario in 2026 and 2027, a second 2–6 circuit entering in 2027. */
const STUDY: StudyFileInput = {
  name: 'Estudio para comparar años',
  networkLabel: 'IEEE 30 barras (caso de prueba)',
  years: [2026, 2027],
  scenarios: [{ name: 'media', condition: 'Demanda media' }],
  projects: [
    {
      name: 'Segundo circuito 2-6',
      inServiceYear: 2027,
      branches: [{ fromBus: 2, toBus: 6, circuit: '2', xPu: 0.18, rateAMva: 65, rateBMva: 65 }],
    },
  ],
  busbars: [5, 12],
  options: { tmaxMw: 500 },
};

describe.each(dialects)('comparing two years of a study on %s', (dialect) => {
  it('answers every bus whose figure changed with the MW the table of each year shows', async () => {
    const { server } = await buildTestApp({ workers: 1 }, { dialect, pollIntervalMs: 100 });
    const ana = await signedIn(server, 'compare-ana');
    const bruno = await signedIn(server, 'compare-bruno');
    const created = await postStudy(ana, STUDY);
    expect(created.statusCode, created.body).toBe(202);
    const { studyId, jobId } = createStudyResponseSchema.parse(created.json());
    expect((await waitForJob(ana, jobId, 60_000)).state).toBe('done');
    const detail = studyDetailSchema.parse((await ana.get(`/api/studies/${studyId}`)).json());
    const [first, second] = detail.cases.map((slice) => slice.busbars[0]!.caseId);
    // Each busbar carries its kV, for «NOMBRE (número, kV)» on the cards (issue #29).
    expect(detail.cases[0]!.busbars.map((b) => [b.bus, b.baseKv])).toEqual([
      [5, 135],
      [12, 135],
    ]);

    const url = `${busbarCapacityPaths.compare(first!)}?with=${second}&limit=100`;
    const response = await ana.get(url);
    expect(response.statusCode, response.body).toBe(200);
    const answer = busbarCapacityComparisonSchema.parse(response.json());
    expect(answer).toMatchObject({
      ready: true,
      figure: 'attributable',
      settingsDiffer: [],
      base: { caseId: first, state: 'done', buses: 30 },
      other: { caseId: second, state: 'done', buses: 30 },
    });

    // The same differences from each year's own table, read page by page.
    const before = new Map((await allRows(ana, first!)).rows.map((r) => [r.bus, r]));
    const after = new Map((await allRows(ana, second!)).rows.map((r) => [r.bus, r]));
    const expected = [...before.keys()]
      .map((bus) => {
        const a = before.get(bus)!.attributable.capacityMw;
        const b = after.get(bus)!.attributable.capacityMw;
        return { bus, delta: a === null || b === null ? null : b - a };
      })
      .filter((change) => change.delta === null || Math.abs(change.delta) >= 0.05);
    // The new circuit relieves the network: some figure moves.
    expect(expected.length).toBeGreaterThan(0);
    expect(answer.changes).toHaveLength(expected.length);
    for (const change of answer.changes) {
      const own = expected.find((item) => item.bus === change.bus)!;
      expect(change.deltaMw, `bus ${change.bus}`).toBeCloseTo(own.delta!, 9);
      expect(change.baseLimiting).toEqual(before.get(change.bus)!.attributable.limiting);
      expect(change.otherLimiting).toEqual(after.get(change.bus)!.attributable.limiting);
    }
    const sizes = answer.changes.map((change) => Math.abs(change.deltaMw ?? 0));
    expect(sizes).toEqual([...sizes].sort((x, y) => y - x));
    expect(answer.summary!.changed).toBe(expected.length);

    // Asked again with the tag: nothing to send.
    const again = await ana.get(url, { 'if-none-match': String(response.headers.etag) });
    expect(again.statusCode).toBe(304);

    // Another user's cases are missing ones, on either side.
    for (const path of [url, `${busbarCapacityPaths.compare(second!)}?with=${first}`]) {
      const refused = await bruno.get(path);
      expect(refused.statusCode).toBe(404);
      expect(apiErrorSchema.parse(refused.json()).error.code).toBe('CASE_NOT_FOUND');
    }
    const badLimit = await ana.get(`${busbarCapacityPaths.compare(first!)}?with=${second}&limit=7`);
    expect(badLimit.statusCode).toBe(400);
    expect(badLimit.json()).toMatchObject({
      error: { message: 'El límite debe ser 25, 100 o 500' },
    });
    await server.close();
  });
});
