import { execFileSync } from 'node:child_process';
// exceljs is CommonJS: under Node's ESM loader only its default export exists.
// eslint-disable-next-line import-x/default
import ExcelJS from 'exceljs';
import { describe, expect, it, vi } from 'vitest';
import {
  apiErrorSchema,
  apiRoutes,
  hourlyCapacityResponseSchema,
  hourlyProfilesResponseSchema,
  MAX_UPLOAD_BYTES,
  uploadResponseSchema,
  type HourlyCapacityRequest,
} from '@holgura/contracts';
import {
  firmMw,
  hourlyCapacities,
  loadCase,
  monthHourMean,
  mwAtCurtailment,
  plantCurtailment,
  plantProfile,
  readProfiles,
  type Network,
} from '@holgura/engine';
import type * as Engine from '@holgura/engine';
import { readReference } from '@holgura/test-fixtures';
import { buildTestApp, dialects, sqliteOnly } from '../../app.test-support';
import type { TestClient } from '../auth/auth.test-support';
import { signedIn, upload, waitForJob } from '../uploads/uploads.test-support';
import { hourlyCapacity } from './hourly-capacity-worker';

// Counts the hourly computations the thread's code asks the engine for (the cache's test, which
// calls that code in this process); everything else is the engine itself.
vi.mock('@holgura/engine', async (importOriginal) => {
  const engine = await importOriginal<typeof Engine>();
  return { ...engine, hourlyCapacities: vi.fn(engine.hourlyCapacities) };
});

/**
 * Issue #32 through the API: a case's hourly profiles read against it (refused whole, the column
 * named, when they name what it lacks), one bus's capacity in every hour equal to the engine's
 * on the same profiles, what a plant there can count on, the owner's case only.
 */
const activsg200 = readReference('cases/case_ACTIVSg200.m');
/** A bus whose figure moves with the hours (engine cli/hours-command.test.ts). */
const BUS = 189;
const quick = { pollIntervalMs: 100 };

/**
 * Two days of ACTIVSg200: its one area's load from 100 % to 130 %, its wind units from calm to
 * full; the last two hours at 60 %, which the units without a profile cannot come down to.
 */
const profilesCsv = [
  'hora,area 1 factor,tecnologia wind fc',
  ...Array.from({ length: 48 }, (_, t) => {
    const load = t >= 46 ? 0.6 : 1.15 + 0.15 * Math.sin((2 * Math.PI * (t - 8)) / 24);
    const wind = 0.5 + 0.5 * Math.sin((2 * Math.PI * t) / 31);
    return `${t + 1},${load.toFixed(4)},${wind.toFixed(4)}`;
  }),
].join('\n');

const paths = (caseId: string) => ({
  profiles: apiRoutes.caseHourlyProfiles.path({ caseId }),
  template: apiRoutes.caseHourlyProfilesTemplate.path({ caseId }),
  templateXlsx: apiRoutes.caseHourlyProfilesTemplateXlsx.path({ caseId }),
  capacity: apiRoutes.caseHourlyCapacity.path({ caseId }),
});

const putProfiles = (
  client: TestClient,
  caseId: string,
  body: string | Buffer,
  name = 'perfiles.csv',
  contentType = 'application/octet-stream',
) =>
  client.request({
    method: 'PUT',
    url: paths(caseId).profiles,
    body: typeof body === 'string' ? Buffer.from(body, 'utf8') : body,
    headers: { 'content-type': contentType, 'x-file-name': encodeURIComponent(name) },
  });

const askCapacity = (client: TestClient, caseId: string, request: HourlyCapacityRequest) =>
  client.post(paths(caseId).capacity, request);

const errorCode = (response: { json(): unknown }) =>
  apiErrorSchema.parse(response.json()).error.code;

async function analysedCase(client: TestClient) {
  const response = await upload(client, activsg200, 'case_ACTIVSg200.m');
  expect(response.statusCode, response.body).toBe(202);
  const { caseId, jobId } = uploadResponseSchema.parse(response.json());
  expect((await waitForJob(client, jobId, 60_000)).state).toBe('done');
  return caseId;
}

let network: Network | null = null;
async function activsg200Network(): Promise<Network> {
  network ??= (await loadCase(new Uint8Array(activsg200))).network;
  return network;
}

const areaLoadMw = (net: Network, area: number) => {
  let mw = 0;
  for (let i = 0; i < net.buses.count; i++)
    if (net.buses.area[i] === area) mw += net.buses.pdMw[i]!;
  return mw;
};

const asNaN = (values: readonly (number | null)[]) => values.map((v) => v ?? Number.NaN);

const MAIN_TEST = 'the profiles kept and refused, and a bus’s year, in ‘keeps a case’s profiles…’';

describe.each(dialects)('a year of hours on %s (issue #32)', (dialect) => {
  it('keeps a case’s profiles, refuses a file naming what the case lacks, and answers a bus’s year as the engine', async () => {
    const { server } = await buildTestApp({ workers: 1 }, { dialect, ...quick });
    const planner = await signedIn(server, 'hours-planner');
    const caseId = await analysedCase(planner);
    const path = paths(caseId);
    const net = await activsg200Network();
    const profiles = readProfiles(profilesCsv, net);
    const bus = net.buses.number.indexOf(BUS);

    expect(hourlyProfilesResponseSchema.parse((await planner.get(path.profiles)).json())).toEqual({
      caseId,
      profiles: null,
    });
    const none = await askCapacity(planner, caseId, { bus: BUS });
    expect(none.statusCode).toBe(409);
    expect(errorCode(none)).toBe('HOURLY_PROFILES_MISSING');

    // An area the case does not have: refused whole, the column named, nothing kept.
    const badCsv = profilesCsv.replace('area 1 factor', 'area 9 factor');
    const refused = await putProfiles(planner, caseId, badCsv);
    expect(refused.statusCode, refused.body).toBe(422);
    const error = apiErrorSchema.parse(refused.json()).error;
    expect(error.code).toBe('HOURLY_PROFILES_UNRESOLVED');
    expect(error.message).toContain('area 9 factor');
    expect(hourlyProfilesResponseSchema.parse((await planner.get(path.profiles)).json())).toEqual({
      caseId,
      profiles: null,
    });

    const put = await putProfiles(planner, caseId, profilesCsv);
    expect(put.statusCode, put.body).toBe(200);
    const summary = hourlyProfilesResponseSchema.parse(put.json()).profiles!;
    const factor = profiles.areas[0]!.factor;
    const windUnits = net.generators.fuel!.filter((fuel) => fuel === 'wind').length;
    expect(windUnits).toBeGreaterThan(0);
    expect(summary).toMatchObject({
      fileName: 'perfiles.csv',
      format: 'csv',
      hours: 48,
      areas: [
        {
          area: 1,
          caseLoadMw: areaLoadMw(net, 1),
          minFactor: Math.min(...factor),
          maxFactor: Math.max(...factor),
        },
      ],
      units: windUnits,
      statuses: 0,
      technologies: ['wind'],
      // The last two hours: what the engine finds with no bus asked.
      infeasibleHours: hourlyCapacities(net, profiles, { buses: [] }).infeasibleHours.length,
    });
    expect(summary.infeasibleHours).toBe(2);
    expect(summary.areas[0]!.minFactor).toBe(0.6);
    expect(Date.parse(summary.uploadedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(hourlyProfilesResponseSchema.parse((await planner.get(path.profiles)).json())).toEqual({
      caseId,
      profiles: summary,
    });

    // The bus's year: the engine's own figures on the same case and profiles.
    for (const preExisting of ['ignore', 'limit'] as const) {
      const asked = await askCapacity(planner, caseId, { bus: BUS, preExisting });
      expect(asked.statusCode, asked.body).toBe(200);
      const answer = hourlyCapacityResponseSchema.parse(asked.json());
      const engine = hourlyCapacities(net, profiles, { buses: [bus], preExisting });
      const hours = engine.results[0]!;
      const c = hours.capacityMw;
      expect(answer).toMatchObject({
        caseId,
        bus: BUS,
        name: hours.name,
        hours: 48,
        capMw: 2000,
        preExisting,
        infeasibleHours: engine.infeasibleHours.map((h) => ({
          hour: h.hour + 1,
          shortfallMw: h.shortfallMw,
        })),
        sinkFallbackHours: engine.sinkFallbackHours,
        profile: { label: 'flat', units: 0, area: null, scaledFromMw: null },
        curtailment: null,
      });
      expect(answer.infeasibleHours.map((h) => h.hour)).toEqual([47, 48]);
      expect(answer.capacityMw).toHaveLength(48);
      answer.capacityMw.forEach((mw, t) => {
        if (Number.isNaN(c[t])) expect(mw, `hour ${t + 1}`).toBeNull();
        else expect(mw!, `hour ${t + 1}`).toBeCloseTo(c[t]!, 9);
      });
      expect(answer.capacityMw.slice(46)).toEqual([null, null]);
      expect(answer.limiting).toEqual(Array.from(hours.limiting));
      expect(answer.constraints).toEqual(
        hours.constraints.map((k) => ({
          monitoredBranch: k.monitored + 1,
          monitoredName: k.monitoredName,
          contingency: k.contingency < 0 ? null : k.contingency + 1,
          contingencyName: k.contingencyName,
          hours: k.hours,
        })),
      );
      expect(answer.constraints.length).toBeGreaterThan(0);
      const byMonthHour = monthHourMean(c);
      expect(answer.byMonthHourMw).toHaveLength(12);
      answer.byMonthHourMw.forEach((row, m) =>
        row.forEach((mw, h) => {
          const expected = byMonthHour[m]![h]!;
          if (Number.isNaN(expected)) expect(mw).toBeNull();
          else expect(mw!).toBeCloseTo(expected, 9);
        }),
      );
      // Two days of January: every hour of the day has a mean, no other month does.
      expect(answer.byMonthHourMw[0]!.every((mw) => mw !== null)).toBe(true);
      expect(answer.byMonthHourMw[1]!.every((mw) => mw === null)).toBe(true);
      const flat = new Float64Array(48).fill(1);
      expect(answer.firmMw!).toBeCloseTo(firmMw(c, flat), 9);
      expect(answer.firmMw!).toBeCloseTo(
        Math.min(...asNaN(answer.capacityMw).filter((v) => v >= 0)),
        9,
      );
      for (const share of ['1', '3', '5'] as const) {
        expect(answer.mwAtCurtailment[share]!).toBeCloseTo(
          mwAtCurtailment(c, flat, Number(share) / 100),
          9,
        );
      }
    }

    // A plant of 100 MW, flat: its curtailment at the bus.
    const engine = hourlyCapacities(net, profiles, { buses: [bus], preExisting: 'ignore' });
    const c = engine.results[0]!.capacityMw;
    const flatPlant = hourlyCapacityResponseSchema.parse(
      (
        await askCapacity(planner, caseId, {
          bus: BUS,
          plant: { mw: 100, profile: { kind: 'flat' } },
        })
      ).json(),
    );
    const lost = plantCurtailment(c, new Float64Array(48).fill(1), 100);
    expect(flatPlant.curtailment).toMatchObject({
      plantMw: 100,
      energyMwh: 4600,
      mwh: lost.curtailedMwh,
      percent: lost.percent,
      hoursCurtailed: lost.hoursCurtailed,
    });
    expect(flatPlant.curtailment!.byMonthHourMwh.flat().reduce((s, v) => s + v, 0)).toBeCloseTo(
      lost.curtailedMwh,
      9,
    );

    // Wind: the average of the profiles' wind units, said so.
    const wind = await askCapacity(planner, caseId, {
      bus: BUS,
      plant: { mw: 300, profile: { kind: 'technology', fuel: 'wind' } },
    });
    expect(wind.statusCode, wind.body).toBe(200);
    const windAnswer = hourlyCapacityResponseSchema.parse(wind.json());
    const windProfile = plantProfile({ kind: 'technology', fuel: 'wind' }, net, profiles, bus);
    expect(windAnswer.profile).toEqual({
      label: `wind: average of ${windUnits} profiled units of area 1`,
      units: windUnits,
      area: 1,
      scaledFromMw: null,
    });
    expect(windAnswer.firmMw!).toBeCloseTo(firmMw(c, windProfile.values), 9);
    expect(windAnswer.firmMw!).toBeGreaterThan(flatPlant.firmMw!);
    expect(windAnswer.mwAtCurtailment['5']!).toBeCloseTo(
      mwAtCurtailment(c, windProfile.values, 0.05),
      9,
    );
    expect(windAnswer.curtailment!.mwh).toBeCloseTo(
      plantCurtailment(c, windProfile.values, 300).curtailedMwh,
      9,
    );

    // A reference plant's MW: its shape, scaled by its largest value.
    const reference = Array.from({ length: 48 }, (_, t) => 20 + (t % 24));
    const own = hourlyCapacityResponseSchema.parse(
      (
        await askCapacity(planner, caseId, {
          bus: BUS,
          plant: { mw: 50, profile: { kind: 'values', values: reference, label: 'Parque X' } },
        })
      ).json(),
    );
    expect(own.profile).toEqual({ label: 'Parque X', units: 0, area: null, scaledFromMw: 43 });
    expect(own.firmMw!).toBeCloseTo(
      firmMw(
        c,
        reference.map((v) => v / 43),
      ),
      9,
    );

    // What the profiles cannot give, and a bus the case does not have.
    const coal = await askCapacity(planner, caseId, {
      bus: BUS,
      plant: { mw: 100, profile: { kind: 'technology', fuel: 'coal' } },
    });
    expect(coal.statusCode).toBe(422);
    expect(errorCode(coal)).toBe('HOURLY_PLANT_PROFILE_UNAVAILABLE');
    const short = await askCapacity(planner, caseId, {
      bus: BUS,
      plant: { mw: 100, profile: { kind: 'values', values: [1, 1, 1], label: 'corta' } },
    });
    expect(short.statusCode).toBe(422);
    expect(errorCode(short)).toBe('HOURLY_PLANT_PROFILE_INVALID');
    const unknown = await askCapacity(planner, caseId, { bus: 999_999 });
    expect(unknown.statusCode).toBe(422);
    expect(errorCode(unknown)).toBe('MODEL_BUS_UNKNOWN');
    expect((await askCapacity(planner, caseId, { bus: 1.5 })).statusCode).toBe(400);

    // Another bad file leaves the kept profiles as they were.
    expect((await putProfiles(planner, caseId, badCsv)).statusCode).toBe(422);
    expect(hourlyProfilesResponseSchema.parse((await planner.get(path.profiles)).json())).toEqual({
      caseId,
      profiles: summary,
    });

    const removed = await planner.request({ method: 'DELETE', url: path.profiles });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(hourlyProfilesResponseSchema.parse(removed.json())).toEqual({ caseId, profiles: null });
    expect(hourlyProfilesResponseSchema.parse((await planner.get(path.profiles)).json())).toEqual({
      caseId,
      profiles: null,
    });
    expect((await askCapacity(planner, caseId, { bus: BUS })).statusCode).toBe(409);
  }, 60_000);

  it('gives a template of the case’s loads that reads back as a flat year, reads xz and change tables, and is the owner’s', async ({
    skip,
  }) => {
    sqliteOnly(dialect, skip, MAIN_TEST);
    const { server } = await buildTestApp({ workers: 1 }, { dialect, ...quick });
    const planner = await signedIn(server, 'hours-template');
    const caseId = await analysedCase(planner);
    const path = paths(caseId);
    const net = await activsg200Network();

    const template = await planner.get(path.template);
    expect(template.statusCode, template.body.slice(0, 200)).toBe(200);
    expect(template.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(template.headers['content-disposition']).toBe(
      `attachment; filename="perfiles-${caseId}.csv"`,
    );
    const lines = template.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(8761);
    expect(lines[0]).toBe('hora,area 1');
    expect(lines[1]).toBe(`1,${areaLoadMw(net, 1)}`);
    expect(lines[8760]).toBe(`8760,${areaLoadMw(net, 1)}`);
    const read = readProfiles(template.body, net);
    expect(read.hours).toBe(8760);
    expect(read.areas[0]!.factor.every((f) => f === 1)).toBe(true);

    const back = await putProfiles(planner, caseId, template.body, 'plantilla.csv', 'text/csv');
    expect(back.statusCode, back.body).toBe(200);
    expect(hourlyProfilesResponseSchema.parse(back.json()).profiles).toMatchObject({
      fileName: 'plantilla.csv',
      format: 'csv',
      hours: 8760,
      areas: [{ area: 1, caseLoadMw: areaLoadMw(net, 1), minFactor: 1, maxFactor: 1 }],
      units: 0,
      statuses: 0,
      technologies: [],
      infeasibleHours: 0,
    });

    // The Excel template: the same year in «Perfiles», uploaded back as it is; a workbook whose
    // sheet names an area the case lacks is refused with the column, nothing kept.
    const xlsx = await planner.request({ method: 'GET', url: path.templateXlsx });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toBe(
      `attachment; filename="perfiles-${caseId}.xlsx"`,
    );
    const workbookBytes = xlsx.rawPayload;
    const fromExcel = await putProfiles(planner, caseId, workbookBytes, 'plantilla.xlsx');
    expect(fromExcel.statusCode, fromExcel.body).toBe(200);
    expect(hourlyProfilesResponseSchema.parse(fromExcel.json()).profiles).toMatchObject({
      fileName: 'plantilla.xlsx',
      format: 'csv',
      hours: 8760,
      areas: [{ area: 1, minFactor: 1, maxFactor: 1 }],
      infeasibleHours: 0,
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(workbookBytes as unknown as ArrayBuffer);
    book.getWorksheet('Perfiles')!.getCell('B1').value = 'area 9';
    const wrong = await putProfiles(
      planner,
      caseId,
      Buffer.from(await book.xlsx.writeBuffer()),
      'mal.xlsx',
    );
    expect(wrong.statusCode).toBe(422);
    expect(errorCode(wrong)).toBe('HOURLY_PROFILES_UNRESOLVED');
    expect(wrong.body).toContain('area 9');
    const notBook = await putProfiles(planner, caseId, Buffer.from('PK\x03\x04 no'), 'roto.xlsx');
    expect(notBook.statusCode).toBe(422);
    expect(errorCode(notBook)).toBe('HOURLY_PROFILES_INVALID');
    expect(
      hourlyProfilesResponseSchema.parse((await planner.get(path.profiles)).json()).profiles
        ?.fileName,
    ).toBe('plantilla.xlsx');

    // Another user finds no case: sees, computes and changes nothing.
    const kept = hourlyProfilesResponseSchema.parse((await planner.get(path.profiles)).json());
    const other = await signedIn(server, 'hours-other');
    const answers = [
      await other.get(path.profiles),
      await other.get(path.template),
      await other.get(path.templateXlsx),
      await putProfiles(other, caseId, profilesCsv),
      await askCapacity(other, caseId, { bus: BUS }),
      await other.request({ method: 'DELETE', url: path.profiles }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(404);
      expect(errorCode(answer)).toBe('CASE_NOT_FOUND');
      expect(answer.body).not.toContain('plantilla');
    }
    expect(hourlyProfilesResponseSchema.parse((await planner.get(path.profiles)).json())).toEqual(
      kept,
    );
    expect((await planner.get(paths('no-such-case').profiles)).statusCode).toBe(404);

    // Compressed with xz, and a MATPOWER hourly change table (three hours, one unit out in the
    // second): read by content.
    const chgtab = [
      'function chgtab = perfiles',
      'define_constants;',
      'chgtab = [',
      '  1 0 CT_TAREALOAD 1 CT_LOAD_ALL_P CT_REL 1.1;',
      '  2 0 CT_TAREALOAD 1 CT_LOAD_ALL_P CT_REL 1.2;',
      '  2 0 CT_TGEN 3 GEN_STATUS CT_REP 0;',
      '  3 0 CT_TAREALOAD 1 CT_LOAD_ALL_PQ CT_REP 1500;',
      '];',
    ].join('\n');
    const xz = execFileSync('xz', ['-c', '-T1'], { input: Buffer.from(chgtab, 'latin1') });
    const compressed = await putProfiles(planner, caseId, xz, 'perfiles.m.xz', 'application/x-xz');
    expect(compressed.statusCode, compressed.body).toBe(200);
    expect(hourlyProfilesResponseSchema.parse(compressed.json()).profiles).toMatchObject({
      fileName: 'perfiles.m.xz',
      format: 'matpower-chgtab',
      hours: 3,
      areas: [{ area: 1, minFactor: 1500 / areaLoadMw(net, 1), maxFactor: 1.2 }],
      units: 0,
      statuses: 1,
      infeasibleHours: 0,
    });
    const corrupt = await putProfiles(planner, caseId, xz.subarray(0, 40), 'x.xz');
    expect(corrupt.statusCode).toBe(422);
    expect(errorCode(corrupt)).toBe('INPUT_XZ_CORRUPT');
    // A line of the table that names no unit of the case: the line in the message.
    const badUnit = chgtab.replace('CT_TGEN 3', `CT_TGEN ${net.generators.count + 5}`);
    const refused = await putProfiles(planner, caseId, badUnit, 'perfiles.m');
    expect(refused.statusCode).toBe(422);
    expect(apiErrorSchema.parse(refused.json()).error).toMatchObject({
      code: 'HOURLY_PROFILES_UNRESOLVED',
      message: expect.stringContaining('línea 6') as string,
    });
    const notProfiles = await putProfiles(planner, caseId, 'hora,viento\n1,2\n', 'otro.csv');
    expect(errorCode(notProfiles)).toBe('HOURLY_PROFILES_INVALID');
    expect(errorCode(await putProfiles(planner, caseId, '  \n'))).toBe('INPUT_EMPTY');
    const json = await planner.request({
      method: 'PUT',
      url: path.profiles,
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(json.statusCode).toBe(415);
    const tooLarge = await putProfiles(planner, caseId, Buffer.alloc(MAX_UPLOAD_BYTES + 1, 48));
    expect(tooLarge.statusCode).toBe(413);
    expect(errorCode(tooLarge)).toBe('INPUT_TOO_LARGE');
    // The last good file stays.
    expect(
      hourlyProfilesResponseSchema.parse((await planner.get(path.profiles)).json()).profiles
        ?.fileName,
    ).toBe('perfiles.m.xz');
  }, 60_000);
});

describe('the hourly thread (issue #32)', () => {
  it('computes a bus’s year once: another plant at the same bus reuses it', async () => {
    const computed = vi.mocked(hourlyCapacities);
    const net = await activsg200Network();
    const base = {
      kind: 'capacity' as const,
      caseSha256: 'case-a',
      networkBytes: new Uint8Array(activsg200),
      profilesSha256: 'profiles-a',
      profilesText: profilesCsv,
      options: { capMw: 2000, postRating: 'emergency' as const },
      bus: BUS,
      preExisting: 'ignore' as const,
      plant: null,
    };
    const before = computed.mock.calls.length;
    const first = await hourlyCapacity(base);
    expect(first.ok).toBe(true);
    expect(computed.mock.calls.length).toBe(before + 1);
    const plant = await hourlyCapacity({
      ...base,
      plant: { mw: 120, profile: { kind: 'technology', fuel: 'wind' } },
    });
    expect(plant.ok && plant.figures.curtailment?.plantMw).toBe(120);
    expect(plant.ok && plant.figures.capacityMw).toEqual(first.ok && first.figures.capacityMw);
    expect(computed.mock.calls.length).toBe(before + 1);
    // Another bus, figure, profiles or case is computed.
    await hourlyCapacity({ ...base, bus: net.buses.number[0]! });
    await hourlyCapacity({ ...base, preExisting: 'limit' });
    await hourlyCapacity({ ...base, profilesSha256: 'profiles-b' });
    expect(computed.mock.calls.length).toBe(before + 4);
    await hourlyCapacity({ ...base, profilesSha256: 'profiles-b' });
    expect(computed.mock.calls.length).toBe(before + 4);
  }, 30_000);
});
