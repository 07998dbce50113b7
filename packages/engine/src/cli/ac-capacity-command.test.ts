import { referencePath } from '@holgura/test-fixtures';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { acVerifiedCapacity } from '../busbar/ac-capacity';
import { readMatpower } from '../io/matpower/read-matpower';
import { runCli } from './run';

const case118 = referencePath('cases/case118.m');
const case30 = referencePath('cases/case30.m');

type Row = {
  bus: number;
  capacityMw: number;
  dcMw: number;
  acMw: number;
  limitingVariable: string | null;
  acLimiting: {
    variable: string;
    element: number | null;
    elementName: string | null;
    contingency: number | null;
    value: number | null;
    limit: number | null;
  } | null;
  acCheckedContingencies: number;
  scrMw?: number;
};

describe('holgura capacity --ac', () => {
  it('gives the AC figure as capacityMw, the DC one beside it, and what sets it', async () => {
    const r = await runCli([
      'capacity',
      case118,
      '--bus',
      '8,100',
      '--ac',
      '--cap',
      '2000',
      '--pre-existing',
      'ignore',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const rows = (JSON.parse(r.stdout) as { results: Row[] }).results;
    const net = readMatpower(readFileSync(case118, 'utf8')).network;
    for (const row of rows) {
      // case118 has no ratings: DC gives the cap, AC finds where voltages leave their band.
      expect(row.dcMw).toBe(2000);
      expect(row.capacityMw).toBe(row.acMw);
      expect(row.acMw).toBeLessThan(row.dcMw);
      expect(row.limitingVariable).toBe(row.acLimiting!.variable);
      expect(['voltage', 'reactive-power']).toContain(row.limitingVariable);
      // A bus by its number, the limit it breaks: a voltage band end, pu.
      expect(Array.from(net.buses.number)).toContain(row.acLimiting!.element);
      expect(row.acLimiting!.limit).toBeGreaterThan(0.8);
      expect(row.acCheckedContingencies).toBeGreaterThanOrEqual(10);
      const bus = Array.from(net.buses.number).indexOf(row.bus);
      const engine = acVerifiedCapacity(net, bus, { capMw: 2000, preExisting: 'ignore' });
      expect(row.acMw).toBe(engine.acMw);
    }
    const table = await runCli([
      'capacity',
      case118,
      '--bus',
      '8',
      '--ac',
      '--cap',
      '2000',
      '--pre-existing',
      'ignore',
      '--format',
      'table',
    ]);
    expect(table.stdout).toMatch(/acMw/);
    expect(table.stdout).toContain('Newton power flows with reactive limits');
  });

  it('with --short-circuit the least of the AC and strength figures, named', async () => {
    const r = await runCli([
      'capacity',
      case30,
      '--bus',
      '5,26',
      '--ac',
      '--short-circuit',
      '--xd',
      '0.25',
      '--scr-min',
      '3',
      '--pre-existing',
      'ignore',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const rows = (JSON.parse(r.stdout) as { results: Row[] }).results;
    for (const row of rows) {
      expect(row.capacityMw).toBe(Math.min(row.acMw, row.scrMw!));
      const expected = row.scrMw! < row.acMw ? 'weak-grid' : row.limitingVariable;
      expect(row.limitingVariable).toBe(expected);
      expect(row.dcMw).toBeGreaterThanOrEqual(row.acMw);
    }
  });
});
