import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

describe('holgura flex --contingencies (issue #30)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'holgura-flex-'));
  /** case30's 41 branches alone, plus `extra` rows, as a MATPOWER change table. */
  const contab = (name: string, extra: string[] = []) => {
    const file = path.join(dir, name);
    const rows = Array.from(
      { length: 41 },
      (_, k) => `  ${k + 1} 0 CT_TBRCH ${k + 1} BR_STATUS CT_REP 0;`,
    );
    writeFileSync(
      file,
      ['function chgtab = plan', 'define_constants;', 'chgtab = [', ...rows, ...extra, '];'].join(
        '\n',
      ),
    );
    return file;
  };
  type Flex = {
    figures: { attributable: { fcitcMw: number }; strict: { fcitcMw: number } };
    flexibility: {
      options: { contingencySet?: { counts: { total: number; multiBranch: number } } | null };
      constraints: {
        contingency: unknown;
        setContingency?: { label: string; name: string } | null;
      }[];
    };
  };

  it('on every branch alone gives the flexibility over every branch; doubles and units name their label', async () => {
    const plain = (await json(['flex', case30])) as Flex;
    const alone = (await json(['flex', case30, '--contingencies', contab('alone.m')])) as Flex;
    expect(alone.figures.attributable.fcitcMw).toBeCloseTo(plain.figures.attributable.fcitcMw, 6);
    expect(alone.figures.strict.fcitcMw).toBeCloseTo(plain.figures.strict.fcitcMw, 6);
    expect(alone.flexibility.options.contingencySet?.counts.total).toBe(41);

    const doubles = [
      '  100 0 CT_TBRCH 1 BR_STATUS CT_REP 0;',
      '  100 0 CT_TBRCH 2 BR_STATUS CT_REP 0;',
    ];
    const units = [
      '  200 0 CT_TGEN 1 GEN_STATUS CT_REP 0;',
      '  201 0 CT_TGEN 2 GEN_STATUS CT_REP 0;',
    ];
    const file = contab('plan.m', [...doubles, ...units]);
    const onSet = (await json(['flex', case30, '--contingencies', file])) as Flex;
    expect(onSet.flexibility.options.contingencySet?.counts).toMatchObject({
      total: 44,
      multiBranch: 1,
    });
    // More contingencies can only lower the figure.
    expect(onSet.figures.attributable.fcitcMw).toBeLessThanOrEqual(
      alone.figures.attributable.fcitcMw + 1e-9,
    );
    for (const c of onSet.flexibility.constraints) {
      if (c.contingency === null && c.setContingency)
        expect(c.setContingency.name).toMatch(/^(100|200|201): /);
    }
    const table = await runCli(['flex', case30, '--contingencies', file, '--format', 'table']);
    expect(table.stdout).toContain(`contingencies: ${file}, 44`);
  });
});
