import { referencePath } from '@holgura/test-fixtures';
import { describe, expect, it } from 'vitest';
import { readMatpower } from '../io/matpower/read-matpower';
import { shortCircuitStrength } from '../shortcircuit/scc';
import { readFileSync } from 'node:fs';
import { runCli } from './run';

const case30 = referencePath('cases/case30.m');

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
});
