import { readReferenceText } from '@holgura/test-fixtures';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Highs } from 'highs';
import { seededRandom } from '../../test/support/random';
import { readMatpower } from '../io/matpower/read-matpower';
import { buildStudyCase } from '../study/build-study-case';
import type { StudySpec } from '../study/types';
import type { WindowResult, WindowSituation } from './allocate';
import { allocateFirmWindow, allocateWindow } from './allocate';
import { loadSolver } from './lp';
import type { WindowRequest } from './requests';
import type { WindowRule } from './rules';
import { worstExcessByResolve } from './window.test-support';

/**
 * A window over a study (issue #28, "firm"): one set of awards that holds in every scenario ×
 * year case at once, each request counted from its year on.
 */
let highs: Highs;
beforeAll(async () => {
  highs = await loadSolver();
});

const base = readMatpower(readReferenceText('cases/case118.m')).network;
const spec: StudySpec = {
  years: [2026, 2030],
  growthByArea: new Map([[1, 0.04]]),
  scenarios: [
    {
      name: 'alta',
      condition: 'Demanda alta',
      demandMultiplierByArea: new Map([[1, 1.15]]),
      interchanges: [],
    },
    {
      name: 'baja',
      condition: 'Demanda baja',
      demandMultiplierByArea: new Map([[1, 0.85]]),
      interchanges: [],
    },
  ],
  projects: [],
};
const situations: WindowSituation[] = spec.scenarios.flatMap((scenario) =>
  spec.years.map((year) => ({
    network: buildStudyCase(base, spec, scenario, year).network,
    scenario: scenario.name,
    year,
  })),
);

const rand = seededRandom(7);
const requests: WindowRequest[] = Array.from({ length: 12 }, (_, i) => ({
  id: `R${i + 1}`,
  bus: base.buses.number[Math.floor(rand() * base.buses.count)],
  mw: Math.round(200 + rand() * 700),
  priority: Math.floor(rand() * 1000),
  // A third enter in the last year only.
  ...(i % 3 === 0 ? { year: 2030 } : {}),
}));
const RULES: WindowRule[] = ['max', 'order', 'fair'];

/** The result as seen in one situation: its network and sink, awards of those not in service at 0. */
function inSituation(r: WindowResult, s: number): [WindowResult, number[]] {
  const sit = r.situations[s];
  const view = { ...r, network: sit.network, sinkByBus: sit.sinkByBus, sinkRoomMw: sit.sinkRoomMw };
  return [view, r.requests.map((q, i) => (sit.inService[i] ? q.awardedMw : 0))];
}

describe('allocateFirmWindow', () => {
  const results = new Map<WindowRule, WindowResult>();
  beforeAll(async () => {
    for (const rule of RULES) {
      results.set(rule, await allocateFirmWindow(situations, requests, { rule, highs }));
    }
  });

  it.each(RULES)('%s: the awards pass a full DC re-solve in every scenario × year', (rule) => {
    const r = results.get(rule) as WindowResult;
    expect(r.situations.map((s) => `${s.scenario} ${s.year}`)).toEqual([
      'alta 2026',
      'alta 2030',
      'baja 2026',
      'baja 2030',
    ]);
    expect(r.stats.violatedAtEnd).toBe(0);
    r.situations.forEach((_, s) => {
      const [view, mw] = inSituation(r, s);
      expect(worstExcessByResolve(view, mw)).toBeLessThanOrEqual(1e-6);
    });
  });

  it('a request counts from its year on: not in service in the earlier cases', () => {
    const r = results.get('max') as WindowResult;
    r.situations.forEach((sit) => {
      requests.forEach((q, i) => {
        expect(sit.inService[i]).toBe(q.year === undefined || q.year <= (sit.year as number));
      });
    });
  });

  it('max holds in each case no more than the max of that case alone, and its stand-alone figure is the least of its cases', async () => {
    const firm = results.get('max') as WindowResult;
    const alone = await Promise.all(
      situations.map((s) =>
        allocateWindow(
          s.network,
          requests.filter((q) => q.year === undefined || q.year <= (s.year as number)),
          { rule: 'max', highs },
        ),
      ),
    );
    // In each case, what the firm window awards to those in service there is at most that case's own max.
    alone.forEach((a, s) => {
      const inCase = firm.requests.reduce(
        (sum, q, i) => sum + (firm.situations[s].inService[i] ? q.awardedMw : 0),
        0,
      );
      expect(inCase).toBeLessThanOrEqual(a.totalAwardedMw + 1e-6);
    });
    firm.requests.forEach((q) => {
      const figures = alone.flatMap((a) =>
        a.requests.filter((x) => x.request.id === q.request.id).map((x) => x.standaloneMw),
      );
      expect(q.standaloneMw, q.request.id).toBeCloseTo(Math.min(...figures), 6);
    });
  });

  it.each(RULES)(
    '%s: a request short of what it asked names a binding row and its case',
    (rule) => {
      const r = results.get(rule) as WindowResult;
      for (const q of r.requests) {
        if (q.status === 'complete') continue;
        expect(q.binding.length, q.request.id).toBeGreaterThan(0);
        for (const b of q.binding) expect(b.situation).toBeLessThan(r.situations.length);
      }
    },
  );

  it('a year after the study is refused with the row and field', async () => {
    const late = [...requests, { id: 'X', bus: 1, mw: 10, year: 2031 }];
    await expect(
      allocateFirmWindow(situations, late, { rule: 'max', highs }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED', field: 'year', line: late.length });
  });
});
