import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { runCli } from './run';

const COMMANDS = ['info', 'dcpf', 'acpf', 'ptdf', 'lodf', 'n1', 'capacity', 'flex', 'study'];

// A triangle fed at bus 1 with its load at bus 3. Line 2-3 (rated 10 MVA) carries a third of
// the 50 MW before any outage, so it is already overloaded, and a new unit at bus 2 (sunk by
// the generator at bus 1) pushes more flow the same way along it.
const TRIANGLE = `mpc.baseMVA = 100;
mpc.bus = [
1 3 0 0 0 0 1 1 0 230 1 1.1 0.9;
2 1 0 0 0 0 1 1 0 230 1 1.1 0.9;
3 1 50 0 0 0 1 1 0 230 1 1.1 0.9;
];
mpc.gen = [ 1 50 0 0 0 1 100 1 100 0; ];
mpc.branch = [
1 2 0 0.1 0 100 0 0 0 0 1;
2 3 0 0.1 0 10 0 0 0 0 1;
1 3 0 0.1 0 100 0 0 0 0 1;
];`;

const dir = mkdtempSync(join(tmpdir(), 'holgura-program-'));
const triangle = join(dir, 'triangle.m');
writeFileSync(triangle, TRIANGLE);

describe('holgura help and version', () => {
  it('prints the general help on stdout with exit 0, listing every command and examples', async () => {
    const r = await runCli(['--help']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout).toMatch(/^Usage: holgura <command> FILE \[options\]/);
    for (const name of COMMANDS) {
      expect(r.stdout, name).toMatch(new RegExp(`^  ${name} \\[options\\] <`, 'm'));
      expect(r.stdout, name).toMatch(new RegExp(`^  \\$ holgura ${name} \\S`, 'm'));
    }
    expect(r.stdout).toContain('Exit codes: 0 done, 2 usage error');
    expect((await runCli(['help'])).stdout).toBe(r.stdout);
  });

  it.each(COMMANDS)(
    '%s --help shows its options with defaults and an example, as `help CMD` does',
    async (name) => {
      const r = await runCli([name, '--help']);
      expect(r).toMatchObject({ code: 0, stderr: '' });
      expect(r.stdout).toMatch(new RegExp(`^Usage: holgura ${name} \\[options\\] <`));
      expect(r.stdout).toMatch(
        new RegExp(`\\nExample:\\n  \\$ holgura ${name} \\S+\\.(m|json)\\b`),
      );
      expect(r.stdout).toContain('--format <format>');
      expect(await runCli(['help', name])).toEqual(r);
    },
  );

  it('shows the defaults of n1 and capacity, and capacity --pre-existing', async () => {
    const n1 = (await runCli(['n1', '--help'])).stdout.replace(/\s+/g, ' ');
    expect(n1).toContain('--top <n> how many of the worst loadings to list (default: 20)');
    expect(n1).toContain('default: "emergency"');
    expect(n1).toContain('(choices: "json", "csv", "table", default: "json")');
    const capacity = (await runCli(['capacity', '--help'])).stdout.replace(/\s+/g, ' ');
    expect(capacity).toMatch(
      /--pre-existing <rule> .*\(choices: "limit", "ignore", default: "limit"\)/,
    );
    expect(capacity).toMatch(/--cap <mw> .*\(default: 2000\)/);
  });

  it('prints the package version with --version and -V', async () => {
    expect(await runCli(['--version'])).toEqual({
      code: 0,
      stdout: `${packageJson.version}\n`,
      stderr: '',
    });
    expect((await runCli(['-V'])).stdout).toBe(`${packageJson.version}\n`);
  });
});

describe('holgura usage errors: stderr, exit 2, one hint line', () => {
  const usage = async (argv: string[], message: string, hint: string) => {
    const r = await runCli(argv);
    expect(r.code, argv.join(' ')).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe(`holgura: error: ${message}`);
    expect(lines.at(-1)).toBe(hint);
  };

  it('refuses unknown options instead of ignoring them', async () => {
    await usage(
      ['capacity', triangle, '--bus', '2', '--pre-exisitng', 'ignore'],
      "unknown option '--pre-exisitng'",
      "Run 'holgura capacity --help' for usage.",
    );
    await usage(
      ['n1', triangle, '--json'],
      "unknown option '--json'",
      "Run 'holgura n1 --help' for usage.",
    );
  });

  it('refuses bad option values, missing and extra arguments', async () => {
    const hint = "Run 'holgura n1 --help' for usage.";
    await usage(
      ['n1', triangle, '--top', 'x'],
      "option '--top <n>' argument 'x' is invalid. Expected a whole number ≥ 0.",
      hint,
    );
    await usage(
      ['n1', triangle, '--post-rating', 'D'],
      "option '--post-rating <rating>' argument 'D' is invalid. Allowed choices are A, B, C, emergency.",
      hint,
    );
    await usage(
      ['capacity', triangle, '--bus', '2', '--pre-existing', 'maybe'],
      "option '--pre-existing <rule>' argument 'maybe' is invalid. Allowed choices are limit, ignore.",
      "Run 'holgura capacity --help' for usage.",
    );
    await usage(['n1'], "missing required argument 'file'", hint);
    await usage(
      ['n1', triangle, 'other.m'],
      `too many arguments for 'n1'. Expected 1 argument but got 2: ${triangle}, other.m.`,
      hint,
    );
    await usage(
      ['info', triangle, '--format', 'csv'],
      "option '--format <format>' argument 'csv' is invalid. Allowed choices are json.",
      "Run 'holgura info --help' for usage.",
    );
  });

  it('asks for --bus (capacity) and the lists of ptdf', async () => {
    await usage(
      ['capacity', triangle],
      "required option '--bus <numbers>' or '--all' not specified",
      "Run 'holgura capacity --help' for usage.",
    );
    await usage(
      ['capacity', triangle, '--all', '--bus', '2'],
      "option '--all' cannot be used with option '--bus <numbers>'",
      "Run 'holgura capacity --help' for usage.",
    );
    await usage(
      ['ptdf', triangle, '--buses', '2'],
      "required option '--branches <rows>' not specified",
      "Run 'holgura ptdf --help' for usage.",
    );
  });

  it('suggests the command meant and prints the help on stderr when none is given', async () => {
    const typo = await runCli(['capacty', triangle]);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('(Did you mean capacity?)');
    const bare = await runCli([]);
    expect(bare.code).toBe(2);
    expect(bare.stdout).toBe('');
    expect(bare.stderr).toMatch(/^Usage: holgura <command> FILE/);
  });
});

describe('holgura output formats', () => {
  it('n1: JSON by default, the ranked rows as CSV, aligned text with a summary', async () => {
    const json = await runCli(['n1', triangle, '--top', '3']);
    const top = (JSON.parse(json.stdout) as { top: { monitored: number; flowMw: number }[] }).top;
    const csv = await runCli(['n1', triangle, '--top', '3', '--format', 'csv']);
    expect(csv).toMatchObject({ code: 0, stderr: '' });
    const [header, ...rows] = csv.stdout.trimEnd().split('\n');
    expect(header).toBe(
      'monitored,monitoredName,contingency,contingencyName,flowMw,limitMva,loadingPercent',
    );
    expect(rows).toHaveLength(top.length);
    // Same rows, same order, every digit of the flow; names and an empty base-case contingency.
    rows.forEach((row, i) => {
      const cells = row.split(',');
      expect(Number(cells[0])).toBe(top[i].monitored);
      expect(Number(cells[4])).toBe(top[i].flowMw);
    });
    // The base-case (N-0) row: an empty contingency, a third of the 50 MW on a 10 MVA line.
    const n0 = rows.find((row) => row.startsWith('2,B2-B3,,,'))?.split(',');
    expect(Number(n0?.[4])).toBeCloseTo(50 / 3, 9);
    expect(Number(n0?.[6])).toBeCloseTo(500 / 3, 9);
    const table = await runCli(['n1', triangle, '--top', '3', '--format', 'table']);
    expect(table.stdout).toContain('base-case overloads: 1');
    expect(table.stdout).toMatch(/^ +2 {2}B2-B3 +- +- +16\.67 +10\.00 +166\.67$/m);
  });

  it('capacity --pre-existing: a violation the case already has limits the unit, or not', async () => {
    const run = async (rule: string) => {
      const r = await runCli(['capacity', triangle, '--bus', '2', '--pre-existing', rule]);
      expect(r.code, r.stderr).toBe(0);
      return JSON.parse(r.stdout) as {
        preExisting: string;
        results: { capacityMw: number; preExistingViolation: boolean; limitingBranch: number }[];
      };
    };
    const limit = await run('limit');
    expect(limit.preExisting).toBe('limit');
    expect(limit.results[0]).toMatchObject({
      capacityMw: 0,
      preExistingViolation: true,
      limitingBranch: 2,
    });
    const ignore = await run('ignore');
    expect(ignore.preExisting).toBe('ignore');
    expect(ignore.results[0].capacityMw).toBeGreaterThan(0);
    expect(ignore.results[0].preExistingViolation).toBe(false);
    // The default is 'limit', as before the option existed.
    const byDefault = await runCli(['capacity', triangle, '--bus', '2']);
    expect(JSON.parse(byDefault.stdout)).toEqual(limit);
  });

  it('capacity --all: every bus, both figures, each equal to the one-bus capacity', async () => {
    type AllOutput = {
      preExisting: string;
      results: {
        bus: number;
        capacityMw: number;
        strictMw: number;
        attributableMw: number;
        worsenedViolation: { monitoredBranch: number } | null;
      }[];
    };
    const all = async (rule: string) => {
      const r = await runCli(['capacity', triangle, '--all', '--pre-existing', rule]);
      expect(r.code, r.stderr).toBe(0);
      return JSON.parse(r.stdout) as AllOutput;
    };
    const strict = await all('limit');
    const attributable = await all('ignore');
    expect(strict.results.map((r) => r.bus)).toEqual([1, 2, 3]);
    for (const [rule, output] of [
      ['limit', strict],
      ['ignore', attributable],
    ] as const) {
      for (const row of output.results) {
        const one = await runCli([
          'capacity',
          triangle,
          '--bus',
          String(row.bus),
          '--pre-existing',
          rule,
        ]);
        const expected = (JSON.parse(one.stdout) as { results: { capacityMw: number }[] })
          .results[0]!;
        expect(row.capacityMw, `${rule} capacity at bus ${row.bus}, MW`).toBeCloseTo(
          expected.capacityMw,
          9,
        );
        expect(row.capacityMw).toBe(rule === 'limit' ? row.strictMw : row.attributableMw);
      }
    }
    // Bus 2's injection worsens the overload the case already has on line 2 (2-3).
    const bus2 = strict.results[1]!;
    expect(bus2).toMatchObject({ strictMw: 0, worsenedViolation: { monitoredBranch: 2 } });
    expect(bus2.attributableMw).toBeGreaterThan(0);
    const csv = await runCli(['capacity', triangle, '--all', '--format', 'csv']);
    expect(csv.stdout.split('\n')[0]).toBe(
      'bus,name,baseKv,area,capacityMw,limitedBy,limitingBranch,monitoredName,contingency,contingencyName,strictMw,attributableMw,worsenedViolation',
    );
  });

  it('capacity as CSV: one row per busbar, in the order asked', async () => {
    const r = await runCli(['capacity', triangle, '--bus', '3', '--bus', '2', '--format', 'csv']);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(
      'bus,name,capacityMw,limitedBy,limitingBranch,monitoredName,contingency,contingencyName,preExistingViolation',
    );
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['3', '2']);
    expect(lines[2]).toBe('2,B2,0,constraint,2,B2-B3,,,true');
  });
});
