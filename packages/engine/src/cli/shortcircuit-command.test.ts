import { referencePath } from '@holgura/test-fixtures';
import { describe, expect, it } from 'vitest';
import { readMatpower } from '../io/matpower/read-matpower';
import { shortCircuitStrength } from '../shortcircuit/scc';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCli } from './run';

const case30 = referencePath('cases/case30.m');
const dir = mkdtempSync(path.join(tmpdir(), 'holgura-scc-'));

type Out = {
  machines: { fromXd: number };
  buses: {
    bus: number;
    sccMaxMva: number;
    sccMinMva: number;
    minOutageBranch: number | null;
    faultCurrentKa: number | null;
  }[];
};

describe('holgura shortcircuit', () => {
  it('lists every bus: Scc max, the N-1 minimum and its outage, the fault current', async () => {
    const r = await runCli(['shortcircuit', case30, '--xd', '0.2']);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as Out;
    expect(out.machines.fromXd).toBe(6);
    expect(out.buses).toHaveLength(30);
    const net = readMatpower(readFileSync(case30, 'utf8')).network;
    const engine = shortCircuitStrength(net, { xdPu: 0.2 });
    out.buses.forEach((b, k) => {
      expect(b.bus).toBe(net.buses.number[k]);
      expect(b.sccMaxMva).toBe(engine.sccMaxMva[k]);
      expect(b.sccMinMva).toBe(engine.sccMinMva[k]);
      expect(b.sccMinMva).toBeLessThanOrEqual(b.sccMaxMva / 1.1 + 1e-9);
      expect(b.minOutageBranch).toBe(engine.minOutage[k]! < 0 ? null : engine.minOutage[k]! + 1);
    });
    const table = await runCli(['shortcircuit', case30, '--xd', '0.2', '--format', 'table']);
    expect(table.stdout).toContain('units: 0 with the file');
    expect(table.stdout).toMatch(/sccMaxMva/);
  });

  it('refuses a case without machine data, a RAW export’s placeholder and a bad --xd', async () => {
    const none = await runCli(['shortcircuit', case30]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('SHORT_CIRCUIT_UNAVAILABLE');
    const raw = referencePath('unscored/pti/case30.raw');
    const placeholder = await runCli(['shortcircuit', raw]);
    expect(placeholder.code).toBe(2);
    expect(placeholder.stderr).toContain('SHORT_CIRCUIT_PLACEHOLDER');
    const given = await runCli(['shortcircuit', raw, '--xd', '0.25']);
    expect(given.code, given.stderr).toBe(0);
    const bad = await runCli(['shortcircuit', case30, '--xd', '0']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--xd 0');
  });

  it('capacity --short-circuit: the least of the thermal, weak-grid and breaker-duty figures, named', async () => {
    type Row = {
      bus: number;
      capacityMw: number;
      limitingVariable: string;
      dcMw: number;
      scrMw: number;
      breakerMw: number | null;
      sccMinMva: number;
    };
    const args = ['capacity', case30, '--bus', '2,26,30', '--pre-existing', 'ignore'];
    const plain = JSON.parse((await runCli(args)).stdout) as { results: { capacityMw: number }[] };
    const run = async (...more: string[]) => {
      const r = await runCli([...args, '--short-circuit', '--xd', '0.2', ...more]);
      expect(r.code, r.stderr).toBe(0);
      return (JSON.parse(r.stdout) as { results: Row[] }).results;
    };
    const check = (rows: Row[]) =>
      rows.forEach((row, i) => {
        expect(row.dcMw).toBe(plain.results[i]!.capacityMw);
        const figures: [string, number][] = [
          ['thermal', row.dcMw],
          ['weak-grid', row.scrMw],
          ...(row.breakerMw === null ? [] : [['breaker-duty', row.breakerMw] as [string, number]]),
        ];
        const least = figures.reduce((a, b) => (b[1] < a[1] ? b : a));
        expect(row.capacityMw).toBe(least[1]);
        expect(row.limitingVariable).toBe(least[0]);
      });
    const scr3 = await run();
    check(scr3);
    scr3.forEach((row) => expect(row.scrMw).toBeCloseTo(row.sccMinMva / 3, 9));
    // A demanding SCR makes the weak grid bind somewhere.
    const strict = await run('--scr-min', '20');
    check(strict);
    expect(strict.some((row) => row.limitingVariable === 'weak-grid')).toBe(true);
    // A breaker just above today's fault current at bus 30 binds there.
    const sc = JSON.parse((await runCli(['shortcircuit', case30, '--xd', '0.2'])).stdout) as {
      buses: { bus: number; faultCurrentKa: number }[];
    };
    const at30 = sc.buses.find((b) => b.bus === 30)!.faultCurrentKa;
    const ratings = path.join(dir, 'breakers.csv');
    writeFileSync(ratings, `bus,ka\n30,${at30 + 0.01}\n`);
    const breaker = await run('--breaker-ratings', ratings);
    check(breaker);
    expect(breaker[2]!.limitingVariable).toBe('breaker-duty');
    expect(breaker[0]!.breakerMw).toBeNull();
    const refused = await runCli([...args, '--short-circuit']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('SHORT_CIRCUIT_UNAVAILABLE');
  });
});
