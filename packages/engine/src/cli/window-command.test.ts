import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { referencePath } from '@holgura/test-fixtures';
import { describe, expect, it } from 'vitest';
import { runCli } from './run';

const case30 = referencePath('cases/case30.m');
const dir = mkdtempSync(path.join(tmpdir(), 'holgura-window-'));

function windowFile(name: string, content: unknown): string {
  const file = path.join(dir, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

const requests = [
  { id: 'A', bus: 30, mw: 40, priority: 2, name: 'Solar A', company: 'X' },
  { id: 'B', bus: 29, mw: 40, priority: 1 },
  { id: 'C', bus: 26, mw: 30, minMw: 10 },
];

interface Output {
  rule: string;
  totalRequestedMw: number;
  totalAwardedMw: number;
  requests: {
    id: string;
    bus: number;
    requestedMw: number;
    awardedMw: number;
    standaloneMw: number;
    status: string;
    binding: { monitored: number | null; contingency: number | null; shadowPrice: number }[];
    competitors: string[];
  }[];
}

describe('holgura window', () => {
  it('prints the contract: rule, totals, and per request its award, binding rows (1-based) and competitors', async () => {
    const file = windowFile('w.json', { requests });
    for (const rule of ['order', 'max', 'fair']) {
      const out = await runCli(['window', case30, file, '--rule', rule]);
      expect(out.code, out.stderr).toBe(0);
      const json = JSON.parse(out.stdout) as Output;
      expect(json.rule).toBe(rule);
      expect(json.totalRequestedMw).toBe(110);
      expect(json.requests.map((r) => [r.id, r.bus, r.requestedMw])).toEqual([
        ['A', 30, 40],
        ['B', 29, 40],
        ['C', 26, 30],
      ]);
      const sum = json.requests.reduce((s, r) => s + r.awardedMw, 0);
      expect(json.totalAwardedMw).toBeCloseTo(sum, 9);
      for (const r of json.requests) {
        expect(r.standaloneMw).toBeLessThanOrEqual(r.requestedMw);
        if (r.status !== 'complete') expect(r.binding.length).toBeGreaterThan(0);
        for (const b of r.binding) {
          if (b.monitored !== null) expect(b.monitored).toBeGreaterThanOrEqual(1);
          if (b.contingency !== null) expect(b.contingency).toBeGreaterThanOrEqual(1);
          expect(b.shadowPrice).toBeGreaterThanOrEqual(0);
        }
      }
    }
  });

  it('prints a table and CSV, one row per request', async () => {
    const file = windowFile('w2.json', { requests });
    const csv = await runCli(['window', case30, file, '--rule', 'max', '--format', 'csv']);
    expect(csv.code, csv.stderr).toBe(0);
    const lines = csv.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^id,bus,requestedMw,awardedMw,status,standaloneMw/);
    expect(lines).toHaveLength(4);
    const table = await runCli(['window', case30, file, '--rule', 'order', '--format', 'table']);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toContain('rule: order');
  });

  it('refuses bad input with exit code 2 and a code naming the row', async () => {
    const cases: [unknown, string][] = [
      [{ requests: [{ id: 'A', bus: 9999, mw: 10 }] }, 'MODEL_BUS_UNKNOWN'],
      [{ requests: [{ id: 'A', bus: 30, mw: -5 }] }, 'VALIDATION_FAILED'],
      [{ requests: [{ id: 'A', bus: 30, mw: 5, minMw: 6 }] }, 'VALIDATION_FAILED'],
      [
        {
          requests: [
            { id: 'A', bus: 30, mw: 5 },
            { id: 'A', bus: 29, mw: 5 },
          ],
        },
        'VALIDATION_FAILED',
      ],
      [{ requests: [{ id: 'A', bus: '30', mw: 5 }] }, 'VALIDATION_FAILED'],
      ['{ not json', 'VALIDATION_FAILED'],
    ];
    for (const [content, code] of cases) {
      const out = await runCli([
        'window',
        case30,
        windowFile('bad.json', content),
        '--rule',
        'max',
      ]);
      expect(out.code, out.stdout).toBe(2);
      expect(out.stderr).toContain(code);
    }
  });

  it('requires --rule', async () => {
    const out = await runCli(['window', case30, windowFile('w3.json', { requests })]);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('--rule');
  });

  it('--study: one award firm in each scenario × year of a study built from the case, each request from its year', async () => {
    const study = windowFile('estudio.json', {
      name: 'Estudio de la ventana',
      networkLabel: 'case30 de MATPOWER',
      years: [2026, 2028],
      areas: [
        { id: 1, name: 'Norte' },
        { id: 2, name: 'Sur' },
      ],
      growth: { Norte: 0.03 },
      scenarios: [
        { name: 'alta', condition: 'Demanda alta', demandMultipliers: { Sur: 1.1 } },
        { name: 'baja', condition: 'Demanda baja', demandMultipliers: { Sur: 0.9 } },
      ],
      busbars: [5],
    });
    const late = [...requests.slice(0, 2), { ...requests[2], year: 2028 }];
    const file = windowFile('w-study.json', { requests: late });
    const out = await runCli(['window', case30, file, '--rule', 'max', '--study', study]);
    expect(out.code, out.stderr).toBe(0);
    const json = JSON.parse(out.stdout) as {
      totalAwardedMw: number;
      cases: { scenario: string; year: number }[];
      requests: { year?: number; binding: { scenario?: string; year?: number }[] }[];
    };
    expect(json.cases.map((c) => `${c.scenario} ${c.year}`)).toEqual([
      'alta 2026',
      'alta 2028',
      'baja 2026',
      'baja 2028',
    ]);
    expect(json.requests.map((r) => r.year)).toEqual([undefined, undefined, 2028]);
    for (const r of json.requests) {
      for (const b of r.binding) expect(['alta', 'baja']).toContain(b.scenario);
    }
    expect(json.totalAwardedMw).toBeGreaterThan(0);
    // A year after the study's last is refused with its row and field.
    const bad = windowFile('w-late.json', { requests: [{ id: 'X', bus: 30, mw: 5, year: 2031 }] });
    const refused = await runCli(['window', case30, bad, '--rule', 'max', '--study', study]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('year');
  });
});
