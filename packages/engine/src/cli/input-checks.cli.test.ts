import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readReferenceText, referencePath } from '@holgura/test-fixtures';
import { describe, expect, it } from 'vitest';
import { runCli } from './run';

/**
 * Issue #25 through the command line: every row of the table on a small case of our
 * own with that property (and ACTIVSg2000 for the slack unit), as a user runs `holgura`.
 */
const dir = mkdtempSync(join(tmpdir(), 'holgura-checks-'));
const case9 = readReferenceText('cases/case9.m');

/** case9 with a table's rows rewritten: `edit(fields)` changes a row's columns in place. */
function case9With(table: 'gen' | 'branch' | 'bus', edit: (fields: string[]) => void): string {
  const start = case9.indexOf(`mpc.${table} = [`);
  const end = case9.indexOf('];', start);
  const rows = case9
    .slice(start, end)
    .split('\n')
    .map((line) => {
      const fields = line.trim().replace(/;$/, '').split(/\s+/);
      if (line.includes('mpc.') || fields.length < 5) return line;
      edit(fields);
      return `\t${fields.join('\t')};`;
    });
  return case9.slice(0, start) + rows.join('\n') + case9.slice(end);
}

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

async function json(argv: string[]) {
  // Only the long-running commands print progress (and take --quiet).
  const quiet = ['n1', 'capacity', 'flex', 'study'].includes(argv[0]!) ? ['-q'] : [];
  const out = await runCli([...argv, ...quiet]);
  expect(out.code, out.stdout + out.stderr).toBe(0);
  expect(out.stdout).not.toMatch(/NaN|Infinity/);
  return JSON.parse(out.stdout) as Record<string, unknown> & {
    baseCase: { slack: string; mismatchMw: number; checks: { code: string }[] };
  };
}

const codes = (out: { baseCase: { checks: { code: string }[] } }) =>
  out.baseCase.checks.map((c) => c.code);

describe('holgura on inputs that make a figure meaningless (issue #25)', () => {
  it('Pmax = Inf, Pmin = -Inf: every figure finite, the capacity not the cap everywhere, and said so', async () => {
    const infinite = file(
      'case9-inf.m',
      case9With('gen', (f) => {
        f[8] = 'Inf';
        f[9] = '-Inf';
      }),
    );
    const all = (await json(['capacity', infinite, '--all'])) as Awaited<
      ReturnType<typeof json>
    > & { results: { capacityMw: number; limitedBy: string }[] };
    expect(codes(all)).toContain('GEN_LIMITS_UNBOUNDED');
    expect(all.results.some((r) => r.limitedBy === 'constraint')).toBe(true);
    expect(all.results.every((r) => r.capacityMw < 2000)).toBe(true);
    const flex = (await json(['flex', infinite])) as Awaited<ReturnType<typeof json>> & {
      tmaxMw: number;
    };
    expect(Number.isFinite(flex.tmaxMw)).toBe(true);
    expect(codes(flex)).toContain('GEN_LIMITS_UNBOUNDED');
    const info = await json(['info', infinite]);
    expect(codes(info)).toContain('GEN_LIMITS_UNBOUNDED');
  });

  it('no rated branch: nothing monitored, every bus at the cap, and the reason in the output', async () => {
    const unrated = file(
      'case9-unrated.m',
      case9With('branch', (f) => {
        f[5] = '0';
        f[6] = '0';
        f[7] = '0';
      }),
    );
    const all = (await json(['capacity', unrated, '--all', '--format', 'json'])) as Awaited<
      ReturnType<typeof json>
    > & { nMonitored: number; results: { limitedBy: string }[] };
    expect(all.nMonitored).toBe(0);
    expect(codes(all)).toEqual(['NO_RATED_BRANCH']);
    expect(all.results.every((r) => r.limitedBy !== 'constraint')).toBe(true);
    const table = await runCli(['capacity', unrated, '--all', '--format', 'table', '-q']);
    expect(table.stdout).toContain('warning NO_RATED_BRANCH: no in-service branch has a rating');
  });

  it('a load of Inf is refused with its code and field, exit 2, nothing on stdout', async () => {
    const bad = file(
      'case9-inf-load.m',
      case9With('bus', (f) => {
        if (f[0] === '5') f[2] = 'Inf';
      }),
    );
    const out = await runCli(['capacity', bad, '--bus', '5', '-q']);
    expect(out.code).toBe(2);
    expect(out.stdout).toBe('');
    expect(out.stderr).toMatch(/^holgura: error: MODEL_VALUE_NOT_FINITE: PD of bus 5 is Infinity/);
  });

  it('an AC power flow that diverges exits 2 and prints no iterate as a solution', async () => {
    const heavy = file(
      'case9-heavy.m',
      case9With('bus', (f) => {
        f[2] = String(Number(f[2]) * 12);
        f[3] = String(Number(f[3]) * 12);
      }),
    );
    const out = await runCli(['acpf', heavy]);
    expect(out.code).toBe(2);
    expect(out.stdout).toBe('');
    expect(out.stderr).toMatch(
      /^holgura: error: POWERFLOW_AC_DIVERGED: the AC power flow did not converge/,
    );
    // The same case solves in AC as written: it is the load that makes it diverge.
    const plain = await runCli(['acpf', referencePath('cases/case9.m')]);
    expect(plain.code).toBe(0);
    expect(JSON.parse(plain.stdout)).toMatchObject({ converged: true });
  });

  it('a generation far from the load: the mismatch is named, and the slack rule says who took it', async () => {
    const surplus = file(
      'case9-surplus.m',
      case9With('gen', (f) => {
        f[1] = String(Number(f[1]) * 1.5);
      }),
    );
    const n1 = await json(['n1', surplus]);
    expect(codes(n1)).toContain('DISPATCH_MISMATCH_LARGE');
    expect(n1.baseCase.slack).toBe('distributed');
    const single = await json(['n1', surplus, '--slack', 'single']);
    expect(single.baseCase.slack).toBe('single');
    // MATPOWER's rundcpf puts it all on the reference unit; the analyses' base shares it.
    const dc = (await json(['dcpf', surplus])) as Awaited<ReturnType<typeof json>> & {
      gen: { pgMw: number }[];
    };
    const distributed = (await json(['dcpf', surplus, '--slack', 'distributed'])) as typeof dc;
    const load = 315;
    const sum = (g: { pgMw: number }[]) => g.reduce((s, u) => s + u.pgMw, 0);
    expect(sum(dc.gen)).toBeCloseTo(load, 6);
    expect(sum(distributed.gen)).toBeCloseTo(load, 6);
    expect(dc.gen[0]!.pgMw).not.toBeCloseTo(distributed.gen[0]!.pgMw, 1);
  });
});

describe('holgura on ACTIVSg2000’s slack unit (issue #25)', () => {
  const activsg2000 = referencePath('cases/case_ACTIVSg2000.m');
  type Capacity = Awaited<ReturnType<typeof json>> & {
    results: { capacityMw: number; limitingBranch: number | null; limitedBy: string }[];
  };

  it('bus 7098 (WADSWORTH 3, behind one 1,600 MVA transformer) is bounded by it, not at 1,811 MW', async () => {
    const out = (await json(['capacity', activsg2000, '--bus', '7098'])) as Capacity;
    expect(out.baseCase.mismatchMw).toBeCloseTo(1615.53, 1);
    const [bus] = out.results;
    // Its unit keeps its output (1,236.1 MW less its share of the losses), so the transformer
    // (branch 2449) has at most 1,600 − 1,199.8 MW of room: the capacity is no more than that.
    const dcpf = (await json(['dcpf', activsg2000, '--slack', 'distributed'])) as Awaited<
      ReturnType<typeof json>
    > & { branch: { pfMw: number }[] };
    const transformerFlow = dcpf.branch[2448]!.pfMw;
    expect(transformerFlow).toBeGreaterThan(1150);
    expect(bus!.capacityMw).toBeLessThanOrEqual((1600 - transformerFlow) / 0.977 + 1e-6);
    expect(bus!.limitedBy).toBe('constraint');
    // The single slack (MATPOWER's rundcpf) reproduces the figure the issue reported.
    const single = (await json([
      'capacity',
      activsg2000,
      '--bus',
      '7098',
      '--slack',
      'single',
    ])) as Capacity;
    expect(single.results[0]!.capacityMw).toBeCloseTo(1811.1, 1);
  });
});
