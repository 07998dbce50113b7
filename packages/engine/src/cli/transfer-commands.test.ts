import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from './run';

const case30 = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../shared/reference/cases/case30.m',
);

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

  it('refuses a missing --bus with exit code 2 and a usage error on stderr', async () => {
    const out = await runCli(['capacity', case30]);
    expect(out.code).toBe(2);
    expect(out.stdout).toBe('');
    expect(out.stderr).toContain("required option '--bus <numbers>' not specified");
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
