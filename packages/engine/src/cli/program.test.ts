import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { runCli } from './run';

const COMMANDS = [
  'info',
  'dcpf',
  'acpf',
  'ptdf',
  'lodf',
  'n1',
  'capacity',
  'flex',
  'study',
  'shortcircuit',
];

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
    const n0 = rows.find((row) => row.startsWith('2,2 (230 kV) – 3 (230 kV) ckt 1,,,'))?.split(',');
    expect(Number(n0?.[4])).toBeCloseTo(50 / 3, 9);
    expect(Number(n0?.[6])).toBeCloseTo(500 / 3, 9);
    const table = await runCli(['n1', triangle, '--top', '3', '--format', 'table']);
    expect(table.stdout).toContain('base-case overloads: 1');
    expect(table.stdout).toMatch(
      /^ +2 {2}2 \(230 kV\) – 3 \(230 kV\) ckt 1 +- +- +16\.67 +10\.00 +166\.67$/m,
    );
  });

  it('n1 --contingencies: the file’s outages (an N-2 among them), its unresolved lines named', async () => {
    const contab = join(dir, 'triangle-contab.m');
    writeFileSync(
      contab,
      [
        'define_constants;',
        'chgtab = [',
        '  1 0 CT_TBRCH 1 BR_STATUS CT_REP 0;',
        '  2 0 CT_TBRCH 1 BR_STATUS CT_REP 0;',
        '  2 0 CT_TBRCH 3 BR_STATUS CT_REP 0;',
        '  3 0 CT_TBRCH 9 BR_STATUS CT_REP 0;',
        '  4 0 CT_TLOAD 1 0 CT_REL 1.1;',
        '  5 0 CT_TBRCH 2 BR_STATUS CT_REP 0;',
        '  5 0 CT_TBRCH 2 RATE_A CT_REP 0;',
        '];',
      ].join('\n'),
    );
    const r = await runCli(['n1', triangle, '--contingencies', contab]);
    expect(r.code, r.stderr).toBe(0);
    const json = JSON.parse(r.stdout) as {
      contingencies: { total: number; branch: number; multiBranch: number };
      unresolved: { line: number; code: string }[];
      evaluated: number;
      islanding: { contingency: string; buses: number }[];
      top: { monitored: number; contingency: string | null; flowMw: number }[];
    };
    expect(json.contingencies).toMatchObject({ total: 2, branch: 1, multiBranch: 1 });
    // Contingency 5's second row changes a rating: the whole contingency is left out, not
    // screened as a single outage of branch 2.
    expect(json.unresolved.map((u) => [u.line, u.code])).toEqual([
      [6, 'ELEMENT_NOT_IN_CASE'],
      [7, 'TABLE_NOT_SUPPORTED'],
      [9, 'CHANGE_NOT_OUTAGE'],
      [8, 'BLOCK_DROPPED'],
    ]);
    // Branches 1 and 3 out together leave buses 2 and 3 without the source.
    expect(json.islanding).toEqual([
      expect.objectContaining({
        contingency: '2',
        buses: 2,
        disconnectedMw: expect.closeTo(50, 9),
      }),
    ]);
    // 1-2 out: the whole 50 MW over 1-3, none over 2-3.
    const after = json.top.filter((t) => t.contingency === '1');
    expect(after.find((t) => t.monitored === 3)?.flowMw).toBeCloseTo(50, 9);
    const table = await runCli(['n1', triangle, '--contingencies', contab, '--format', 'table']);
    expect(table.stdout).toContain('line 6: branch row 9');
  });

  it('n1 --contingencies with a PSS/E .con (by content), --subsystems and --monitored', async () => {
    const sub = join(dir, 'triangle.sub');
    const con = join(dir, 'triangle-definitions.txt');
    const mon = join(dir, 'triangle.mon');
    writeFileSync(
      sub,
      ["SUBSYSTEM 'ALL'", '  BUSES 1 TO 3', 'END', "SUBSYSTEM 'BAD'", '  BUS 9', 'END', 'END'].join(
        '\n',
      ),
    );
    writeFileSync(
      con,
      [
        "SINGLE BRANCH IN SUBSYSTEM 'ALL'",
        "CONTINGENCY 'N-2'",
        '  OPEN BRANCH FROM BUS 1 TO BUS 2 CKT 1',
        '  OPEN BRANCH FROM BUS 3 TO BUS 1 CKT 1',
        'END',
        "CONTINGENCY 'BAD'",
        '  OPEN BRANCH FROM BUS 1 TO BUS 2 CKT 2',
        'END',
        "SINGLE BRANCH IN SUBSYSTEM 'BAD'",
        'END',
      ].join('\n'),
    );
    writeFileSync(
      mon,
      [
        'MONITOR BRANCH FROM BUS 3 TO BUS 1 CKT 1',
        "MONITOR INTERFACE 'INTO 3' RATING 60 MW",
        '  BRANCH FROM BUS 2 TO BUS 3 CKT 1',
        '  BRANCH FROM BUS 1 TO BUS 3 CKT 1',
        'END',
        "MONITOR VOLTAGE RANGE SUBSYSTEM 'ALL' 0.95 1.05",
        'END',
      ].join('\n'),
    );
    const args = ['n1', triangle, '--contingencies', con, '--subsystems', sub];
    const r = await runCli([...args, '--monitored', mon]);
    expect(r.code, r.stderr).toBe(0);
    const json = JSON.parse(r.stdout) as {
      contingencies: { total: number; branch: number; multiBranch: number };
      unresolved: { line: number; code: string }[];
      rules: { line: number; contingencies: number }[];
      subsystems: { read: { label: string; buses: number }[]; unresolved: { line: number }[] };
      monitoredFile: {
        branches: number;
        interfaces: { name: string; limitMw: number; members: object[] }[];
        voltageRanges: { buses: number }[];
      };
      monitored: number;
      islanding: { contingency: string }[];
      top: { monitored: number; contingency: string | null }[];
    };
    expect(json.contingencies).toMatchObject({ total: 4, branch: 3, multiBranch: 1 });
    expect(json.rules).toEqual([expect.objectContaining({ line: 1, contingencies: 3 })]);
    expect(json.unresolved.map((u) => [u.line, u.code])).toEqual([
      [7, 'ELEMENT_NOT_IN_CASE'],
      [6, 'BLOCK_DROPPED'],
      [9, 'SUBSYSTEM_UNKNOWN'],
    ]);
    expect(json.subsystems.read).toEqual([{ label: 'ALL', line: 1, buses: 3 }]);
    expect(json.subsystems.unresolved.map((u) => u.line)).toEqual([5, 4]);
    expect(json.islanding.map((i) => i.contingency)).toEqual(['N-2']);
    // Only 1-3 is monitored: every listed loading is on branch 3.
    expect(json.monitored).toBe(1);
    expect(json.top.length).toBeGreaterThan(0);
    expect(new Set(json.top.map((t) => t.monitored))).toEqual(new Set([3]));
    expect(json.monitoredFile).toMatchObject({
      branches: 1,
      interfaces: [
        {
          name: 'INTO 3',
          limitMw: 60,
          members: [
            { branch: 2, coefficient: 1 },
            { branch: 3, coefficient: 1 },
          ],
        },
      ],
      voltageRanges: [{ buses: 3 }],
    });
    // Without --monitored every rated branch is.
    const all = JSON.parse((await runCli(args)).stdout) as { monitored: number };
    expect(all.monitored).toBe(3);
    const table = await runCli([...args, '--monitored', mon, '--format', 'table']);
    expect(table.stdout).toContain('unresolved lines: 3 (not in the set): line 7: no circuit');
    expect(table.stdout).toContain(
      'unresolved subsystem lines: 2: line 5: bus 9 is not in the case',
    );
    expect(table.stdout).toContain('1 voltage ranges read, not screened');
    // The interface into bus 3 carries its 50 MW load before and after every outage that
    // keeps it supplied: under its 60 MW rating.
    const screened = JSON.parse(r.stdout) as {
      interfaces: {
        name: string;
        baseFlowMw: number;
        worst: { flowMw: number };
        overloads: number;
      }[];
    };
    expect(screened.interfaces).toEqual([
      expect.objectContaining({
        name: 'INTO 3',
        baseFlowMw: expect.closeTo(50, 9),
        worst: expect.objectContaining({ flowMw: expect.closeTo(50, 9) }),
        overloads: 0,
      }),
    ]);
    expect(table.stdout).toContain('interface INTO 3: 50.00 MW before any outage');
  });

  it('n1: --monitored needs --contingencies, and a file of neither format is refused', async () => {
    const mon = join(dir, 'alone.mon');
    writeFileSync(mon, 'MONITOR BRANCH FROM BUS 1 TO BUS 2\nEND\n');
    const usage = await runCli(['n1', triangle, '--monitored', mon]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('CLI_USAGE');
    const other = join(dir, 'other.con');
    writeFileSync(other, 'MONITOR BRANCH FROM BUS 1 TO BUS 2\nEND\n');
    const refused = await runCli(['n1', triangle, '--contingencies', other]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('CONTINGENCY_FILE_INVALID');
    expect(refused.stderr).toContain('neither a MATPOWER change table');
  });

  it('capacity --contingencies: every branch listed gives the default figure; an N-2 lowers it', async () => {
    const rows = (lines: string[]) =>
      ['define_constants;', 'chgtab = [', ...lines, '];'].join('\n');
    const every = join(dir, 'triangle-every.m');
    writeFileSync(every, rows([1, 2, 3].map((k) => `  ${k} 0 CT_TBRCH ${k} BR_STATUS CT_REP 0;`)));
    const args = ['capacity', triangle, '--bus', '3', '--pre-existing', 'ignore'];
    const plain = JSON.parse((await runCli(args)).stdout) as { results: { capacityMw: number }[] };
    const onSet = await runCli([...args, '--contingencies', every]);
    expect(onSet.code, onSet.stderr).toBe(0);
    const read = (stdout: string) =>
      (JSON.parse(stdout) as { results: { capacityMw: number; contingency: string | null }[] })
        .results[0]!;
    expect(read(onSet.stdout).capacityMw).toBeCloseTo(plain.results[0]!.capacityMw, 9);
    // Both lines into bus 2's side out at once split the triangle: not screened, said so.
    const n2 = join(dir, 'triangle-n2.m');
    writeFileSync(
      n2,
      rows(['  7 0 CT_TBRCH 1 BR_STATUS CT_REP 0;', '  7 0 CT_TBRCH 2 BR_STATUS CT_REP 0;']),
    );
    const split = await runCli([...args, '--contingencies', n2]);
    expect(JSON.parse(split.stdout)).toMatchObject({ results: [{ notScreened: ['7'] }] });
  });

  it('capacity --monitored: only the .mon’s branches limit, its interface said not to', async () => {
    const every = join(dir, 'triangle-every-mon.m');
    writeFileSync(
      every,
      [
        'chgtab = [',
        ...[1, 2, 3].map((k) => `  ${k} 0 CT_TBRCH ${k} BR_STATUS CT_REP 0;`),
        '];',
      ].join('\n'),
    );
    const mon = join(dir, 'only-3.mon');
    writeFileSync(
      mon,
      [
        'MONITOR BRANCH FROM BUS 3 TO BUS 1 CKT 1',
        "MONITOR INTERFACE 'INTO 3' RATING 60 MW",
        '  BRANCH FROM BUS 2 TO BUS 3 CKT 1',
        'END',
        'END',
      ].join('\n'),
    );
    type Out = {
      results: { bus: number; capacityMw: number; limitingBranch: number | null }[];
      monitoredFile?: { branches: number; interfaces: number };
    };
    const figures: number[][] = [];
    for (const which of [['--bus', '1,2,3'], ['--all']]) {
      const args = ['capacity', triangle, ...which, '--pre-existing', 'ignore'];
      const plain = JSON.parse((await runCli([...args, '--contingencies', every])).stdout) as Out;
      const r = await runCli([...args, '--contingencies', every, '--monitored', mon]);
      expect(r.code, r.stderr).toBe(0);
      const watched = JSON.parse(r.stdout) as Out;
      expect(watched.monitoredFile).toMatchObject({ branches: 1, interfaces: 1 });
      figures.push(watched.results.map((row) => row.capacityMw));
      watched.results.forEach((row, i) => {
        // Fewer limits: never less room than with every branch watched.
        expect(row.capacityMw).toBeGreaterThanOrEqual(plain.results[i]!.capacityMw - 1e-9);
        if (row.limitingBranch !== null) expect(row.limitingBranch).toBe(3);
      });
      expect(
        plain.results.some((row) => row.limitingBranch !== null && row.limitingBranch !== 3),
      ).toBe(true);
      const table = await runCli([
        ...args,
        '--contingencies',
        every,
        '--monitored',
        mon,
        '--format',
        'table',
      ]);
      expect(table.stdout).toContain(
        'monitored file: only its 1 branches are watched, and its 1 rated interfaces',
      );
    }
    // One bus at a time and every bus at once agree.
    figures[1]!.forEach((mw, i) => expect(mw).toBeCloseTo(figures[0]![i]!, 9));
    const usage = await runCli(['capacity', triangle, '--bus', '3', '--monitored', mon]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('CLI_USAGE');
  });

  it('capacity --all --contingencies: every bus on the file’s set, the islanding N-2 named', async () => {
    const rows = (lines: string[]) =>
      ['define_constants;', 'chgtab = [', ...lines, '];'].join('\n');
    const file = join(dir, 'triangle-all.m');
    writeFileSync(
      file,
      rows([
        ...[1, 2, 3].map((k) => `  ${k} 0 CT_TBRCH ${k} BR_STATUS CT_REP 0;`),
        '  7 0 CT_TBRCH 1 BR_STATUS CT_REP 0;',
        '  7 0 CT_TBRCH 2 BR_STATUS CT_REP 0;',
      ]),
    );
    const args = ['capacity', triangle, '--all', '--pre-existing', 'ignore'];
    type All = { results: { bus: number; capacityMw: number | null }[] };
    const plain = JSON.parse((await runCli(args)).stdout) as All;
    const onSet = await runCli([...args, '--contingencies', file]);
    expect(onSet.code, onSet.stderr).toBe(0);
    const json = JSON.parse(onSet.stdout) as All & {
      contingencies: { total: number; multiBranch: number };
      notScreened: { contingency: string; kind: string }[];
    };
    expect(json.contingencies).toMatchObject({ total: 4, multiBranch: 1 });
    expect(json.notScreened).toEqual([
      expect.objectContaining({ contingency: '7', kind: 'islanding' }),
    ]);
    expect(json.results.map((r) => r.bus)).toEqual(plain.results.map((r) => r.bus));
    json.results.forEach((r, i) =>
      expect(r.capacityMw).toBeCloseTo(plain.results[i]!.capacityMw!, 9),
    );
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
    expect(lines[2]).toBe('2,B2,0,constraint,2,2 (230 kV) – 3 (230 kV) ckt 1,,,true');
  });
});
