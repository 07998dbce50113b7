import { referencePath } from '@holgura/test-fixtures';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { busbarCapacity } from '../busbar/capacity';
import { busbarStudy, transferIsland } from '../busbar/setup';
import { firmMw, mwAtCurtailment, plantCurtailment } from '../hours/curtailment';
import { hourlyDispatch } from '../hours/hourly-dispatch';
import { readCsvProfiles } from '../hours/profiles';
import { readMatpower } from '../io/matpower/read-matpower';
import { runCli } from './run';

const casePath = referencePath('cases/case_ACTIVSg200.m');
const net = readMatpower(readFileSync(casePath, 'utf8')).network;
const dir = mkdtempSync(path.join(tmpdir(), 'holgura-hours-'));

/** Three days of ACTIVSg200: its one area's load from 100 % to 140 %, wind from calm to full. */
const rows = Array.from({ length: 72 }, (_, t) => {
  const load = 1.2 + 0.2 * Math.sin((2 * Math.PI * (t - 8)) / 24);
  const wind = 0.5 + 0.5 * Math.sin((2 * Math.PI * t) / 31);
  return `${t + 1},${load.toFixed(4)},${wind.toFixed(4)}`;
});
const profilesText = ['hora,area 1 factor,tecnologia wind fc', ...rows].join('\n');
const profilesPath = path.join(dir, 'perfiles.csv');
writeFileSync(profilesPath, profilesText);

interface BusOut {
  bus: number;
  capacityMw: (number | null)[];
  firmMw: number | null;
  mwAtCurtailment: Record<'1' | '3' | '5', number | null>;
  profile: { label: string };
  curtailment?: { plantMw: number; mwh: number; percent: number; byMonthHourMwh: number[][] };
  constraints: { monitoredName: string; hours: number }[];
}

describe('holgura hours', () => {
  it("gives one bus's capacity per hour as a re-solve of each hour does, its firm MW, MW at 1/3/5 % and a plant's lost energy", async () => {
    // The bus whose figure moves most over the three days, so every number below is exercised.
    const bus = 189;
    const r = await runCli([
      'hours',
      casePath,
      profilesPath,
      '--bus',
      String(bus),
      '--plant-mw',
      '150',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as BusOut & { hours: number; infeasibleHours: unknown[] };
    expect(out.hours).toBe(72);
    expect(out.infeasibleHours).toEqual([]);
    expect(out.bus).toBe(bus);
    expect(out.capacityMw).toHaveLength(72);

    const study = busbarStudy(net, {});
    const profiles = readCsvProfiles(profilesText, net);
    const dispatch = hourlyDispatch(
      study.net,
      study.model.active,
      study.model.islands,
      transferIsland(study.net, study.model),
      profiles,
    );
    const index = net.buses.number.indexOf(bus);
    for (const t of [0, 13, 40, 71]) {
      const expected = busbarCapacity(dispatch.network(t), {
        buses: [index],
        preExisting: 'ignore',
      });
      expect(out.capacityMw[t]).toBeCloseTo(expected.results[0]!.capacityMw, 3);
    }
    const c = out.capacityMw.map((v) => v ?? Number.NaN);
    const flat = new Array<number>(72).fill(1);
    expect(out.profile.label).toBe('flat');
    expect(out.firmMw).toBeCloseTo(firmMw(c, flat), 6);
    expect(out.firmMw).toBeCloseTo(Math.min(...c), 6);
    expect(out.mwAtCurtailment['5']).toBeCloseTo(mwAtCurtailment(c, flat, 0.05), 6);
    expect(out.mwAtCurtailment['5']!).toBeGreaterThan(out.mwAtCurtailment['1']!);
    const plant = plantCurtailment(c, flat, 150);
    expect(out.curtailment!.mwh).toBeCloseTo(plant.curtailedMwh, 6);
    expect(out.curtailment!.percent).toBeCloseTo(plant.percent, 6);
    expect(out.curtailment!.byMonthHourMwh.flat().reduce((s, v) => s + v, 0)).toBeCloseTo(
      plant.curtailedMwh,
      6,
    );
    expect(out.constraints.reduce((s, k) => s + k.hours, 0)).toBeGreaterThan(0);
  });

  it("takes a technology's profile from the profiles' own units, labelled, and refuses one they lack", async () => {
    const wind = await runCli([
      'hours',
      casePath,
      profilesPath,
      '--bus',
      '189',
      '--technology',
      'wind',
    ]);
    expect(wind.code, wind.stderr).toBe(0);
    const out = JSON.parse(wind.stdout) as BusOut;
    expect(out.profile.label).toMatch(/^wind: average of 6 profiled units of area 1$/);
    expect(out.firmMw === null || out.firmMw >= Math.min(...out.capacityMw.map(Number))).toBe(true);

    const coal = await runCli([
      'hours',
      casePath,
      profilesPath,
      '--bus',
      '189',
      '--technology',
      'coal',
    ]);
    expect(coal.code).not.toBe(0);
    expect(coal.stderr).toContain('HOURLY_PLANT_PROFILE_UNAVAILABLE');
  });

  it('prints every bus as a summary with --all, and an hour per row with --format csv', async () => {
    const all = await runCli(['hours', casePath, profilesPath, '--all', '--format', 'csv']);
    expect(all.code, all.stderr).toBe(0);
    const lines = all.stdout.trim().split('\n');
    expect(lines[0]).toBe(
      'bus,minMw,medianMw,firmMw,mwAt1,mwAt3,mwAt5,hoursLimited,mainConstraint',
    );
    expect(lines).toHaveLength(net.buses.count + 1);

    const csv = await runCli([
      'hours',
      casePath,
      profilesPath,
      '--bus',
      '189,2',
      '--format',
      'csv',
    ]);
    expect(csv.code, csv.stderr).toBe(0);
    const hourly = csv.stdout.trim().split('\n');
    expect(hourly[0]).toBe('hour,bus189,bus2');
    expect(hourly).toHaveLength(73);
  });

  it('refuses a profiles file that names an area the case lacks, saying which column', async () => {
    const bad = path.join(dir, 'malo.csv');
    writeFileSync(bad, 'hora,area 9\n1,100\n');
    const r = await runCli(['hours', casePath, bad, '--bus', '189']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('HOURLY_PROFILES_UNRESOLVED');
    expect(r.stderr).toContain('area 9');
  });
});
