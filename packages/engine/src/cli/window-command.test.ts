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

  it('--contingencies: a list of every branch gives the default awards; a double circuit and a unit lower them, named by label', async () => {
    // Away from case30's weak corner (27–30), where an N-0 limit holds every request to 2 MW.
    const file = windowFile('w-set.json', {
      requests: [
        { id: 'P', bus: 13, mw: 60, priority: 1 },
        { id: 'Q', bus: 23, mw: 40, priority: 2 },
        { id: 'R', bus: 22, mw: 40, priority: 3 },
        { id: 'S', bus: 2, mw: 80, priority: 4 },
      ],
    });
    const contab = (name: string, lines: string[]) =>
      windowFile(name, ['define_constants;', 'chgtab = [', ...lines, '];'].join('\n'));
    const singles = Array.from(
      { length: 41 },
      (_, k) => `  ${k + 1} 0 CT_TBRCH ${k + 1} BR_STATUS CT_REP 0;`,
    );
    const every = contab('every.m', singles);
    // Branches 17 and 18 (12–14 and 12–15) together, and unit 6, beside every branch.
    const more = contab('more.m', [
      ...singles,
      '  50 0 CT_TBRCH 17 BR_STATUS CT_REP 0;',
      '  50 0 CT_TBRCH 18 BR_STATUS CT_REP 0;',
      '  60 0 CT_TGEN 6 GEN_STATUS CT_REP 0;',
    ]);
    type SetOutput = Output & {
      contingencySet: { counts: { total: number; multiBranch: number; generator: number } };
    };
    const onSet = (rule: string, contingencies: string) =>
      runCli(['window', case30, file, '--rule', rule, '--contingencies', contingencies]);
    for (const rule of ['max', 'order', 'fair']) {
      const plain = JSON.parse(
        (await runCli(['window', case30, file, '--rule', rule])).stdout,
      ) as Output;
      const onEvery = await onSet(rule, every);
      expect(onEvery.code, onEvery.stderr).toBe(0);
      const same = JSON.parse(onEvery.stdout) as SetOutput;
      expect(same.contingencySet.counts.total).toBe(41);
      same.requests.forEach((r, i) =>
        expect(r.awardedMw).toBeCloseTo(plain.requests[i]!.awardedMw, 6),
      );
      const onMore = await onSet(rule, more);
      expect(onMore.code, onMore.stderr).toBe(0);
      const lower = JSON.parse(onMore.stdout) as SetOutput;
      expect(lower.contingencySet.counts).toMatchObject({
        total: 43,
        multiBranch: 1,
        generator: 1,
      });
      expect(lower.totalAwardedMw).toBeLessThanOrEqual(plain.totalAwardedMw + 1e-6);
      if (rule === 'max') {
        expect(lower.totalAwardedMw).toBeLessThan(plain.totalAwardedMw - 1);
        const labels = lower.requests.flatMap((r) =>
          (r.binding as { setContingency?: string }[]).map((b) => b.setContingency),
        );
        expect(labels).toContain('50');
      }
    }
    const usage = await runCli(['window', case30, file, '--rule', 'max', '--monitored', every]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--monitored go with --contingencies');
  });
});
