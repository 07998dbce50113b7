import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { StudyFileInput } from '@holgura/contracts';
import { referencePath } from '@holgura/test-fixtures';
import { describe, expect, it } from 'vitest';
import { runCli } from './run';

const case30 = referencePath('cases/case30.m');
const dir = mkdtempSync(path.join(tmpdir(), 'holgura-study-'));

function writeStudy(name: string, content: unknown): string {
  const file = path.join(dir, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

// Two years of one scenario on MATPOWER's case30 (areas 1–3), the case named relative to the
// study file as the format says.
const SMALL: StudyFileInput = {
  name: 'Estudio de prueba',
  networkLabel: 'case30 de MATPOWER, red de prueba pública',
  baseCase: path.relative(dir, case30),
  years: [2026, 2027],
  areas: [
    { id: 1, name: 'Norte' },
    { id: 2, name: 'Sur' },
  ],
  growth: { Norte: 0.02 },
  scenarios: [
    { name: 'alta', condition: 'Demanda alta en el Sur', demandMultipliers: { Sur: 1.05 } },
  ],
  busbars: [5, 30],
};

describe('holgura study: the study file read with the contracts schema', () => {
  it('runs every scenario × year case; CSV has one row per case and busbar, as the JSON', async () => {
    const file = writeStudy('small.json', SMALL);
    const json = await runCli(['study', file]);
    expect(json.code, json.stderr).toBe(0);
    const out = JSON.parse(json.stdout) as {
      name: string;
      cases: { name: string; busbars: { bus: number; capacityMw: number }[] }[];
    };
    expect(out.name).toBe('Estudio de prueba');
    expect(out.cases.map((c) => c.name)).toEqual(['alta_2026', 'alta_2027']);
    const csv = await runCli(['study', file, '--format', 'csv']);
    const [header, ...rows] = csv.stdout.trimEnd().split('\n');
    expect(header).toBe(
      'case,scenario,year,bus,name,capacityMw,limitedBy,limitingBranch,monitoredName,contingency,contingencyName,preExistingViolation',
    );
    expect(rows.map((r) => r.split(',').slice(0, 4).join(','))).toEqual([
      'alta_2026,alta,2026,5',
      'alta_2026,alta,2026,30',
      'alta_2027,alta,2027,5',
      'alta_2027,alta,2027,30',
    ]);
    const fromJson = out.cases.flatMap((c) => c.busbars.map((b) => b.capacityMw));
    expect(rows.map((r) => Number(r.split(',')[5]))).toEqual(fromJson);
  });

  it('honours the file’s verification: AC and weak-grid figures beside the DC one (issue #31)', async () => {
    const file = writeStudy('verified.json', {
      ...SMALL,
      options: { verification: { ac: true, shortCircuit: true, scrMin: 20, xdPu: 0.25 } },
    });
    const json = await runCli(['study', file]);
    expect(json.code, json.stderr).toBe(0);
    const out = JSON.parse(json.stdout) as {
      cases: {
        shortCircuit: { status: string };
        busbars: {
          capacityMw: number;
          acMw: number;
          weakGridMw: number;
          verifiedMw: number;
          limitingVariable: string | null;
        }[];
      }[];
    };
    for (const c of out.cases) {
      expect(c.shortCircuit.status).toBe('ok');
      for (const b of c.busbars) {
        expect(b.acMw).toBeLessThanOrEqual(b.capacityMw);
        expect(b.verifiedMw).toBe(Math.min(b.acMw, b.weakGridMw));
        if (b.weakGridMw < b.acMw) expect(b.limitingVariable).toBe('weak-grid');
      }
    }
    const csv = await runCli(['study', file, '--format', 'csv']);
    expect(csv.stdout.split('\n')[0]).toMatch(/,acMw,weakGridMw,verifiedMw,limitingVariable$/);
  });

  it('--all-buses adds every bus of each scenario × year network, agreeing with the busbars', async () => {
    const file = writeStudy('all-buses.json', SMALL);
    const run = await runCli(['study', file, '--all-buses']);
    expect(run.code, run.stderr).toBe(0);
    type Row = { bus: number; capacityMw: number | null; strictMw: number | null };
    const out = JSON.parse(run.stdout) as {
      cases: { busbars: { bus: number; capacityMw: number }[]; allBuses: Row[] }[];
    };
    for (const c of out.cases) {
      expect(c.allBuses).toHaveLength(30);
      const byBus = new Map(c.allBuses.map((row) => [row.bus, row]));
      // The study's default (pre-existing violations limit) is the strict figure.
      for (const busbar of c.busbars) {
        expect(byBus.get(busbar.bus)!.strictMw).toBeCloseTo(busbar.capacityMw, 6);
      }
    }
    // Each year's own network: the 2027 load growth moves some bus's figure.
    const capacities = out.cases.map((c) => c.allBuses.map((row) => row.capacityMw));
    expect(capacities[1]).not.toEqual(capacities[0]);

    const csv = await runCli(['study', file, '--all-buses', '--format', 'csv']);
    expect(csv.code).toBe(2);
    expect(csv.stderr).toMatch(/--all-buses is printed with --format json only/);
  });

  it('lists every problem of an invalid study file at once, in the schema’s words', async () => {
    const file = writeStudy('invalid.json', {
      name: '',
      years: [],
      scenarios: [{ name: 'alta_2026', condition: 'x' }],
      busbars: [5],
    });
    const r = await runCli(['study', file]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe(`holgura: error: STUDY_FILE_INVALID: ${file} has 5 problems:`);
    expect(lines.slice(1).sort()).toEqual(
      [
        '  - name: El nombre del estudio es obligatorio',
        '  - networkLabel: La descripción de la red es obligatoria',
        '  - years: Indica al menos un año',
        '  - scenarios.0.name: El nombre del escenario no puede tener guiones bajos ni espacios',
        '  - baseCase: Indica el archivo del caso base, relativo al archivo del estudio',
      ].sort(),
    );
  });

  it('asks for baseCase even when the rest of the file is valid', async () => {
    const { baseCase: _omitted, ...withoutCase } = SMALL;
    const r = await runCli(['study', writeStudy('no-case.json', withoutCase)]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      '  - baseCase: Indica el archivo del caso base, relativo al archivo del estudio\n',
    );
  });

  it('names every bus of the study that the base case lacks', async () => {
    const file = writeStudy('buses.json', {
      ...SMALL,
      busbars: [5, 999],
      scenarios: [
        {
          name: 'alta',
          condition: 'Importa por la barra 777',
          interchanges: [{ name: 'Enlace', bus: 777, mw: 50 }],
        },
      ],
    });
    const r = await runCli(['study', file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `holgura: error: STUDY_FILE_INVALID: ${file} has 2 problems:\n` +
        '  - busbars.1: La barra 999 no está en el caso base\n' +
        '  - scenarios.0.interchanges.0.bus: La barra 777 no está en el caso base\n',
    );
  });

  it('refuses a file that is not JSON, and --project-effects outside JSON', async () => {
    const r = await runCli(['study', writeStudy('broken.json', '{ "name": ')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^holgura: error: INPUT_UNREADABLE: cannot read the study file /);
    const csv = await runCli([
      'study',
      writeStudy('ok.json', SMALL),
      '--project-effects',
      '--format',
      'csv',
    ]);
    expect(csv.code).toBe(2);
    expect(csv.stderr).toContain('--project-effects is printed with --format json only');
  });
});

describe('holgura study --contingencies (issue #30)', () => {
  // Every branch of case30 alone, three double outages, two units, and a line naming a branch
  // the case lacks: a MATPOWER change table.
  const rows = [
    ...Array.from({ length: 41 }, (_, k) => `  ${k + 1} 0 CT_TBRCH ${k + 1} BR_STATUS CT_REP 0;`),
    ...[
      [1, 2],
      [10, 12],
      [25, 27],
    ].flatMap(([a, b], i) => [
      `  ${100 + i} 0 CT_TBRCH ${a} BR_STATUS CT_REP 0;`,
      `  ${100 + i} 0 CT_TBRCH ${b} BR_STATUS CT_REP 0;`,
    ]),
    `  200 0 CT_TGEN 2 GEN_STATUS CT_REP 0;`,
    `  201 0 CT_TGEN 3 GEN_STATUS CT_REP 0;`,
  ];
  const contab = (extra: string[] = []) =>
    writeStudy(
      `plan-${extra.length}.m`,
      ['function chgtab = plan', 'define_constants;', 'chgtab = [', ...rows, ...extra, '];'].join(
        '\n',
      ),
    );

  it('computes each case on the file, every busbar equal to the every-bus pass on the same set', async () => {
    const file = writeStudy('on-set.json', { ...SMALL, busbars: [5, 12, 27, 30] });
    const run = await runCli(['study', file, '--contingencies', contab(), '--all-buses']);
    expect(run.code, run.stderr).toBe(0);
    type Row = { bus: number; strictMw: number | null };
    const out = JSON.parse(run.stdout) as {
      cases: {
        contingencies: number;
        contingencySet: { counts: { total: number; multiBranch: number; generator: number } };
        busbars: { bus: number; capacityMw: number }[];
        allBuses: Row[];
      }[];
    };
    for (const c of out.cases) {
      expect(c.contingencies).toBe(46);
      expect(c.contingencySet.counts).toMatchObject({ total: 46, multiBranch: 3, generator: 2 });
      const byBus = new Map(c.allBuses.map((row) => [row.bus, row]));
      for (const busbar of c.busbars) {
        expect(byBus.get(busbar.bus)!.strictMw, `bus ${busbar.bus}`).toBeCloseTo(
          busbar.capacityMw,
          6,
        );
      }
    }
    const table = await runCli(['study', file, '--contingencies', contab(), '--format', 'table']);
    expect(table.stdout).toContain('contingencies: ');
  });

  it('says which lines of the file a case cannot resolve, and that they were left out', async () => {
    const file = writeStudy('on-bad-set.json', SMALL);
    const bad = contab([`  300 0 CT_TBRCH 99 BR_STATUS CT_REP 0;`]);
    const run = await runCli(['study', file, '--contingencies', bad, '--format', 'table']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/WARNING alta_2026: 1 lines of the files name nothing/);
    const json = JSON.parse((await runCli(['study', file, '--contingencies', bad])).stdout) as {
      cases: { contingencySet: { unresolved: { line: number }[] } }[];
    };
    expect(json.cases[0]!.contingencySet.unresolved.map((u) => u.line)).toEqual([53]);
    const usage = await runCli(['study', file, '--monitored', bad]);
    expect(usage.code).toBe(2);
  });
});
