import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { referencePath } from '@holgura/test-fixtures';
import { describe, expect, it } from 'vitest';
import { runCli } from './run';

const case30 = referencePath('cases/case30.m');

async function json(argv: string[]) {
  const out = await runCli(argv);
  expect(out.code, out.stdout + out.stderr).toBe(0);
  return JSON.parse(out.stdout) as Record<string, unknown>;
}

describe('holgura capacity and flex', () => {
  it('gives the connection capacity of each --bus with what limits it, 1-based', async () => {
    const out = (await json(['capacity', case30, '--bus', '5', '--bus', '30', '--cap', '500'])) as {
      results: { bus: number; capacityMw: number; limitingBranch: number | null }[];
    };
    expect(out.results.map((r) => r.bus)).toEqual([5, 30]);
    for (const r of out.results) {
      expect(r.capacityMw).toBeGreaterThanOrEqual(0);
      expect(r.capacityMw).toBeLessThanOrEqual(500);
      if (r.limitingBranch !== null) expect(r.limitingBranch).toBeGreaterThanOrEqual(1);
    }
  });

  it('prints the flexibility result in the v1 form with the requested levels', async () => {
    const out = (await json(['flex', case30, '--levels', '4', '--group-gens', '2,3'])) as {
      flexibility: { levels: unknown[]; options: { studyGroup: { rule: string } } };
    };
    expect(out.flexibility.levels).toHaveLength(4);
    expect(out.flexibility.options.studyGroup.rule).toBe('named');
  });

  it('prints the group, why it was chosen and both figures; default rule without --group', async () => {
    const out = (await json(['flex', case30])) as {
      studyGroup: { key: string; chosenBy: string; reason: { code: string; message: string } };
      figures: Record<'attributable' | 'strict', { fcitcMw: number; levels: unknown[] }>;
      preExisting: { counts: { total: number } };
    };
    // case30 names no fuels: every unit with headroom, as the web app's default.
    expect(out.studyGroup).toMatchObject({ key: 'all', chosenBy: 'default' });
    expect(out.studyGroup.reason.code).toBe('DEFAULT_NO_RENEWABLES');
    expect(out.studyGroup.reason.message).toMatch(/^El caso no identifica unidades eólicas/);
    expect(out.figures.attributable.levels).toHaveLength(5);
    expect(out.figures.strict.fcitcMw).toBeLessThanOrEqual(out.figures.attributable.fcitcMw);
  });

  it('studies the --group asked for, by the same text the API takes', async () => {
    const out = (await json(['flex', case30, '--group', 'gens: 3, 2'])) as {
      studyGroup: { key: string; units: number[]; reason: { code: string } };
    };
    expect(out.studyGroup.key).toBe('gens:2-3');
    expect(out.studyGroup.units).toEqual([2, 3]);
    expect(out.studyGroup.reason.code).toBe('GROUP_REQUESTED');
  });

  it('prints the levels both ways as CSV', async () => {
    const out = await runCli([
      'flex',
      case30,
      '--group',
      'all',
      '--levels',
      '3',
      '--format',
      'csv',
    ]);
    expect(out.code, out.stderr).toBe(0);
    const lines = out.stdout.trim().split('\n');
    expect(lines[0]).toBe(
      'level,transferMw,attributablePercent,attributableConstraints,strictPercent,strictConstraints',
    );
    expect(lines).toHaveLength(4);
  });

  it('refuses a group it cannot read (usage) and one the case lacks (input), exit code 2', async () => {
    const bad = await runCli(['flex', case30, '--group', 'area:x']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("option '--group <group>' argument 'area:x' is invalid");
    const none = await runCli(['flex', case30, '--group', 'fuel:wind']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^holgura: error: TRANSFER_GROUP_NO_UNITS: /);
  });

  it('refuses a missing --bus with exit code 2 and a usage error on stderr', async () => {
    const out = await runCli(['capacity', case30]);
    expect(out.code).toBe(2);
    expect(out.stdout).toBe('');
    expect(out.stderr).toContain("required option '--bus <numbers>' or '--all' not specified");
  });

  it('names a bus the case lacks as bad input, not a crash', async () => {
    const out = await runCli(['capacity', case30, '--bus', '5,999']);
    expect(out.code).toBe(2);
    expect(out.stderr).toBe('holgura: error: MODEL_BUS_UNKNOWN: bus 999 is not in the case\n');
  });
});

describe('holgura study', () => {
  it('runs every scenario × year case of the bundled demo study file', async () => {
    const demoStudy = path.resolve(
      path.dirname(fileURLToPath(import.meta.url)),
      '../../../../demo/estudio-demo.json',
    );
    const out = (await json(['study', demoStudy])) as {
      cases: { name: string; busbars: { capacityMw: number }[] }[];
    };
    expect(out.cases).toHaveLength(18);
    expect(out.cases[0]!.name).toBe('alta_2026');
    expect(out.cases.every((c) => c.busbars.length === 25)).toBe(true);
  }, 240_000);
});
