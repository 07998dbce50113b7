import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { referencePath } from '@holgura/test-fixtures';
import { describe, expect, it } from 'vitest';
import type { CaseName } from '../../test/support/reference';
import { loadReference } from '../../test/support/reference';
import { runCli } from './run';

const casePath = (name: CaseName): string => referencePath(`cases/${name}.m`);
const json = async (argv: string[]): Promise<Record<string, unknown>> => {
  const r = await runCli(argv);
  expect(r.stderr, `stderr of holgura ${argv.join(' ')}`).toBe('');
  return JSON.parse(r.stdout) as Record<string, unknown>;
};

// A triangle whose 1-2 line (rated 10 MVA) is overloaded before any outage.
const CASE3 = `mpc.baseMVA = 100;
mpc.bus = [
1 3 0 0 0 0 1 1 0 230 1 1.1 0.9;
2 1 50 0 0 0 1 1 0 230 1 1.1 0.9;
3 1 0 0 0 0 1 1 0 230 1 1.1 0.9;
];
mpc.gen = [ 1 50 0 0 0 1 100 1 100 0; ];
mpc.branch = [
1 2 0 0.1 0 10 0 0 0 0 1;
2 3 0 0.1 0 100 0 0 0 0 1;
1 3 0 0.1 0 100 0 0 0 0 1;
];`;

describe('holgura CLI: bad input', () => {
  const dir = mkdtempSync(join(tmpdir(), 'holgura-cli-'));

  it('exits 2 with a usage error on stderr for an unknown command', async () => {
    const r = await runCli(['frobnicate', 'x.m']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain("holgura: error: unknown command 'frobnicate'");
  });

  it('exits 2 naming the line and field of a malformed MATPOWER file', async () => {
    const file = join(dir, 'bad.m');
    writeFileSync(file, CASE3.replace('2 1 50 0 0 0 1 1 0', '2 1 50 0 0 0 1 1 zero'));
    const r = await runCli(['info', file]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /^holgura: error: PARSE_MATPOWER_FIELD_INVALID: .+ \(line 4, field bus\.VA\)\n$/,
    );
  });

  it('reports a corrupt xz stream as bad input rather than crashing', async () => {
    const file = join(dir, 'case.bin');
    writeFileSync(file, Uint8Array.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00, 1, 2, 3]));
    const r = await runCli(['dcpf', file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^holgura: error: INPUT_XZ_CORRUPT: /);
  });

  it('ranks base-case (N-0) entries with a null contingency among the N-1 ones', async () => {
    const file = join(dir, 'triangle.m');
    writeFileSync(file, CASE3);
    const out = (await json(['n1', file, '--top', '10'])) as {
      baseCaseOverloads: number;
      top: {
        monitored: number;
        contingency: number | null;
        flowMw: number;
        loadingPercent: number;
      }[];
    };
    expect(out.baseCaseOverloads).toBe(1);
    const n0 = out.top.find((t) => t.contingency === null && t.monitored === 1);
    // 50 MW splits 2/3 on the direct line: 33.33 MW on a 10 MVA rating.
    expect(n0?.flowMw).toBeCloseTo(100 / 3, 9);
    expect(n0?.loadingPercent).toBeCloseTo(1000 / 3, 9);
    expect(out.top[0]).toMatchObject({ monitored: 1, contingency: 2 });
    expect(out.top[0].loadingPercent).toBeCloseTo(500, 9);
  });

  it('exits 2 for a file that does not exist', async () => {
    const r = await runCli(['info', join(dir, 'missing.m')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^holgura: error: INPUT_UNREADABLE: cannot read .*missing\.m/);
  });
});

describe('holgura CLI on reference cases', () => {
  it('info counts buses, branches, generators and loads, and names the input checks', async () => {
    const out = await json(['info', casePath('case9')]);
    expect(out).toMatchObject({
      format: 'matpower',
      revision: 2,
      compressed: false,
      baseMva: 100,
      counts: { buses: 9, branches: 9, generators: 3, loads: 3 },
      warnings: [],
    });
    // case9's file dispatch covers 5 MW of AC losses: below the warning, nothing to check.
    expect(out.baseCase).toMatchObject({ slack: 'distributed', checks: [] });
    expect((out.baseCase as { mismatchMw: number }).mismatchMw).toBeCloseTo(5.3, 1);
  });

  it('dcpf prints MATPOWER rundcpf angles, flows and outputs by bus number and 1-based index', async () => {
    const out = (await json(['dcpf', casePath('case14')])) as {
      bus: { number: number; vaDeg: number }[];
      branch: { index: number; fromBus: number; toBus: number; circuit: string; pfMw: number }[];
      gen: { index: number; bus: number; pgMw: number }[];
    };
    const ref = loadReference('case14').dcpf;
    expect(out.bus[13].number).toBe(14);
    expect(Math.abs(out.bus[13].vaDeg - (ref.va_deg as number[])[13])).toBeLessThan(1e-9);
    expect(out.branch[0]).toMatchObject({ index: 1, fromBus: 1, toBus: 2, circuit: '1' });
    expect(Math.abs(out.branch[0].pfMw - (ref.pf_mw as number[])[0])).toBeLessThan(1e-9);
    expect(out.gen[0]).toMatchObject({ index: 1, bus: 1 });
    expect(Math.abs(out.gen[0].pgMw - (ref.pg_mw as number[])[0])).toBeLessThan(1e-9);
  });

  it('reads an xz-compressed case and says so', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'holgura-xz-')), 'case9.bin');
    writeFileSync(file, execFileSync('xz', ['-c', '-T1', casePath('case9')]));
    const out = await json(['info', file]);
    expect(out).toMatchObject({ format: 'matpower', compressed: true, counts: { buses: 9 } });
  });

  it('acpf prints the Newton iteration count and voltages', async () => {
    const out = (await json(['acpf', casePath('case30')])) as {
      converged: boolean;
      iterations: number;
      bus: { vmPu: number }[];
    };
    const ref = loadReference('case30').acpf;
    expect(out.converged).toBe(true);
    expect(out.iterations).toBe(ref.iterations);
    expect(Math.abs(out.bus[29].vmPu - (ref.vm_pu as number[])[29])).toBeLessThan(1e-9);
  });

  it('ptdf and lodf print the requested rows and columns, bridges as islanding', async () => {
    const ref = loadReference('case9');
    const p = (await json(['ptdf', casePath('case9'), '--branches', '2,5', '--buses', '2,3'])) as {
      slackBus: number;
      values: number[][];
    };
    expect(p.slackBus).toBe(1);
    expect(Math.abs(p.values[1][0] - ref.ptdf_sample.values[4][1]!)).toBeLessThan(1e-12);
    // More branches than buses: computed by columns instead of rows, same numbers.
    const wide = (await json([
      'ptdf',
      casePath('case9'),
      '--branches',
      '1,2,3,5',
      '--buses',
      '3',
    ])) as {
      values: number[][];
    };
    expect(Math.abs(wide.values[3][0] - ref.ptdf_sample.values[4][2]!)).toBeLessThan(1e-12);
    const l = (await json([
      'lodf',
      casePath('case9'),
      '--branches',
      '2,5',
      '--outages',
      '1,3',
    ])) as {
      values: (number | null)[][];
      islanding: number[];
    };
    expect(l.islanding).toEqual([1]);
    expect(l.values[0][0]).toBeNull();
    expect(Math.abs(l.values[1][1]! - ref.lodf_sample.values[4][2]!)).toBeLessThan(1e-12);
  });

  it('n1 with --post-rating A --slack single reproduces the reference counts and ranks by loading', async () => {
    // MATPOWER's N-1 screens rundcpf's flows: the reference unit takes the whole mismatch.
    const out = (await json([
      'n1',
      casePath('case2383wp'),
      '--top',
      '30',
      '--post-rating',
      'A',
      '--slack',
      'single',
    ])) as {
      contingencies: number;
      islanding: number[];
      baseCaseOverloads: number;
      overloadedPairs: number;
      top: { contingency: number | null; loadingPercent: number }[];
    };
    const ref = loadReference('case2383wp').n1;
    expect(out.contingencies).toBe(ref.n_contingencies_total);
    expect(out.islanding.length).toBe(ref.n_skipped_islanding);
    expect(out.baseCaseOverloads).toBe(ref.n_base_case_overloads);
    expect(out.overloadedPairs).toBe(ref.n_overloaded_pairs);
    expect(out.top).toHaveLength(30);
    const loadings = out.top.map((t) => t.loadingPercent);
    expect(loadings).toEqual([...loadings].sort((a, b) => b - a));
    expect(Math.abs(out.top[0].loadingPercent - ref.top20[0].loading_pct)).toBeLessThan(1e-6);
  });
});
