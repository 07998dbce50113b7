import { readReferenceText } from '@holgura/test-fixtures';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Highs } from 'highs';
import { seededRandom } from '../../test/support/random';
import { readMatpower } from '../io/matpower/read-matpower';
import type { Network } from '../model/network';
import type { WindowOptions, WindowResult } from './allocate';
import { allocateWindow } from './allocate';
import { loadSolver } from './lp';
import type { WindowRequest } from './requests';
import type { WindowRule } from './rules';
import type { DenseLp } from './window.test-support';
import { denseRows, solveDense, worstExcessByResolve } from './window.test-support';

let highs: Highs;
beforeAll(async () => {
  highs = await loadSolver();
});

const cases = {
  case30: readMatpower(readReferenceText('cases/case30.m')).network,
  case118: readMatpower(readReferenceText('cases/case118.m')).network,
};

/** `count` requests of `lo`–`hi` MW on random buses, random priorities, some with minimums. */
function randomWindow(
  net: Network,
  seed: number,
  count: number,
  lo: number,
  hi: number,
  withMinimums = false,
): WindowRequest[] {
  const rand = seededRandom(seed);
  return Array.from({ length: count }, (_, i) => {
    const mw = Math.round(lo + rand() * (hi - lo));
    const minMw = withMinimums && i % 3 === 0 ? Math.round(mw * 0.6) : undefined;
    return {
      id: `R${i + 1}`,
      bus: net.buses.number[Math.floor(rand() * net.buses.count)],
      mw,
      priority: Math.floor(rand() * 1000),
      ...(minMw === undefined ? {} : { minMw }),
    };
  });
}

const windows: { name: keyof typeof cases; seed: number; count: number; lo: number; hi: number }[] =
  [
    { name: 'case30', seed: 1, count: 8, lo: 10, hi: 60 },
    { name: 'case118', seed: 2, count: 12, lo: 200, hi: 900 },
  ];
const RULES: WindowRule[] = ['max', 'order', 'fair'];

async function run(
  net: Network,
  requests: WindowRequest[],
  rule: WindowRule,
  extra: Partial<WindowOptions> = {},
): Promise<WindowResult> {
  return allocateWindow(net, requests, { rule, highs, ...extra });
}

/**
 * Max-min fair progressive filling by its definition, over every row built up front and without
 * duals: the largest share t all open requests can have (bisection on the LP's feasibility),
 * then each open request maximised alone with the others at t — held if it cannot pass t — and
 * the held ones fixed at t; again until none is open.
 */
function leximinDense(highs: Highs, dense: DenseLp): number[] {
  const n = dense.mw.length;
  const award = Array<number>(n).fill(0);
  const open = new Set([...Array(n).keys()].filter((i) => dense.mw[i]! > 0));
  const bounds = (t: number) => {
    const lower = award.map((v, i) => (open.has(i) ? t * dense.mw[i]! : v));
    const upper = award.map((v, i) => (open.has(i) ? dense.mw[i]! : v));
    return { lower, upper };
  };
  const feasible = (t: number) => {
    const { lower, upper } = bounds(t);
    try {
      solveDense(highs, dense, Array(n).fill(0), lower, upper);
      return true;
    } catch {
      return false;
    }
  };
  while (open.size > 0) {
    let t = 1;
    if (!feasible(1)) {
      let lo = 0;
      let hi = 1;
      for (let step = 0; step < 40; step++) {
        const mid = (lo + hi) / 2;
        if (feasible(mid)) lo = mid;
        else hi = mid;
      }
      // A hair below the limit: the held requests are fixed there, and later levels must stay
      // feasible at the LP's 1e-9 tolerance.
      t = Math.max(0, lo - 1e-8);
    }
    const { lower, upper } = bounds(t);
    const held = [...open].filter((i) => {
      if (t >= 1) return true;
      const costs = Array(n).fill(0);
      costs[i] = 1;
      return solveDense(highs, dense, costs, lower, upper)[i]! <= t * dense.mw[i]! + 1e-3;
    });
    expect(held.length, `a request held at share ${t}`).toBeGreaterThan(0);
    for (const i of held) {
      award[i] = t * dense.mw[i]!;
      open.delete(i);
    }
  }
  return award;
}

describe('allocateWindow', () => {
  for (const { name, seed, count, lo, hi } of windows) {
    const net = cases[name];
    const requests = randomWindow(net, seed, count, lo, hi);
    for (const preExisting of ['limit', 'ignore'] as const) {
      describe(`${name}, ${count} requests, pre-existing ${preExisting}`, () => {
        const results = new Map<WindowRule, WindowResult>();
        beforeAll(async () => {
          for (const rule of RULES)
            results.set(rule, await run(net, requests, rule, { preExisting }));
        });

        it.each(RULES)('%s: the awards pass a full DC re-solve of N-0 and every outage', (rule) => {
          const r = results.get(rule) as WindowResult;
          expect(r.stats.violatedAtEnd).toBe(0);
          expect(worstExcessByResolve(r)).toBeLessThanOrEqual(1e-6);
        });

        it('order: every prefix in priority order passes the re-solve (each award fits beside those before it alone)', () => {
          const r = results.get('order') as WindowResult;
          const byPriority = [...requests.keys()].sort(
            (a, b) => (requests[a].priority as number) - (requests[b].priority as number) || a - b,
          );
          const prefix = new Float64Array(requests.length);
          for (const j of byPriority) {
            prefix[j] = r.requests[j].awardedMw;
            expect(worstExcessByResolve(r, prefix), requests[j].id).toBeLessThanOrEqual(1e-6);
          }
        });

        it('the window competes: max leaves a request short of what it asked', () => {
          const r = results.get('max') as WindowResult;
          expect(r.requests.some((q) => q.status !== 'complete')).toBe(true);
          expect(r.totalAwardedMw).toBeLessThan(r.totalRequestedMw);
        });

        it('max equals the optimum of the LP with every row built up front', () => {
          const r = results.get('max') as WindowResult;
          const dense = denseRows(r);
          const n = dense.mw.length;
          const x = solveDense(highs, dense, Array(n).fill(1), Array(n).fill(0), dense.mw);
          const optimum = x.reduce((s, v) => s + v, 0);
          expect(r.totalAwardedMw).toBeCloseTo(optimum, 4);
          for (const rule of RULES) {
            expect((results.get(rule) as WindowResult).totalAwardedMw).toBeLessThanOrEqual(
              optimum + 1e-6,
            );
          }
        });

        it('order equals the lexicographic LP over every row, request by request', () => {
          const r = results.get('order') as WindowResult;
          const dense = denseRows(r);
          const n = dense.mw.length;
          const byPriority = [...requests.keys()].sort(
            (a, b) => (requests[a].priority as number) - (requests[b].priority as number) || a - b,
          );
          const lower = Array(n).fill(0);
          const upper = Array(n).fill(0);
          for (const j of byPriority) {
            upper[j] = dense.mw[j];
            const costs = Array(n).fill(0);
            costs[j] = 1;
            const x = solveDense(highs, dense, costs, lower, upper);
            lower[j] = upper[j] = x[j];
            expect(r.requests[j].awardedMw, requests[j].id).toBeCloseTo(x[j], 4);
          }
        });

        it('fair equals a max-min fair filling over every row, each request tested alone', () => {
          const r = results.get('fair') as WindowResult;
          const reference = leximinDense(highs, denseRows(r));
          r.requests.forEach((q, i) =>
            expect(q.awardedMw, q.request.id).toBeCloseTo(reference[i]!, 2),
          );
        });

        it.each(RULES)(
          '%s: a request short of what it asked names a constraint binding',
          (rule) => {
            const r = results.get(rule) as WindowResult;
            for (const q of r.requests) {
              expect(q.awardedMw).toBeGreaterThanOrEqual(0);
              expect(q.awardedMw).toBeLessThanOrEqual(q.requestedMw + 1e-9);
              if (q.status === 'complete') expect(q.binding).toEqual([]);
              else expect(q.binding.length, q.request.id).toBeGreaterThan(0);
            }
          },
        );
      });
    }
  }

  it.each(RULES)(
    '%s: rows found a few at a time (no start rows) give the same awards',
    async (rule) => {
      const net = cases.case30;
      const requests = randomWindow(net, 1, 8, 10, 60);
      const lazy = await run(net, requests, rule, { startRows: 0, rowsPerScreen: 2 });
      const usual = await run(net, requests, rule);
      expect(lazy.stats.screens).toBeGreaterThan(usual.stats.screens);
      expect(lazy.stats.violatedAtEnd).toBe(0);
      lazy.requests.forEach((q, i) =>
        expect(q.awardedMw, q.request.id).toBeCloseTo(usual.requests[i].awardedMw, 4),
      );
    },
  );

  it('fair reports its filling level by level, pass by pass, until every request is settled', async () => {
    const net = cases.case118;
    const requests = randomWindow(net, 2, 12, 200, 900);
    const seen: [number, number, number][] = [];
    const r = await run(net, requests, 'fair', {
      onFairLevel: (settled, total, pass) => seen.push([settled, total, pass]),
    });
    expect(seen.length).toBeGreaterThan(0);
    const last = seen.at(-1)!;
    expect(last).toEqual([12, 12, r.stats.screens]);
    for (let i = 1; i < seen.length; i++) {
      const [settled, , pass] = seen[i]!;
      const [before, , passBefore] = seen[i - 1]!;
      // Within a pass the count only grows; a new pass starts over.
      if (pass === passBefore) expect(settled).toBeGreaterThan(before);
      else expect(pass).toBe(passBefore + 1);
    }
  });

  it('fair gives every request the same share until a constraint stops it', async () => {
    const net = cases.case118;
    const requests = randomWindow(net, 2, 12, 200, 900);
    const r = await run(net, requests, 'fair');
    const shares = r.requests.map((q) => q.awardedMw / q.requestedMw);
    const lowest = Math.min(...shares);
    expect(lowest).toBeGreaterThan(0);
    // Those at the lowest share are blocked; none below it.
    for (const s of shares) expect(s).toBeGreaterThanOrEqual(lowest - 1e-9);
  });

  it.each(RULES)('%s: minimum sizes are respected (0 or at least minMw)', async (rule) => {
    const net = cases.case118;
    const requests = randomWindow(net, 3, 12, 200, 900, true);
    const r = await run(net, requests, rule);
    expect(worstExcessByResolve(r)).toBeLessThanOrEqual(1e-6);
    r.requests.forEach((q, i) => {
      const minMw = requests[i].minMw ?? 0;
      if (q.awardedMw > 1e-6) expect(q.awardedMw).toBeGreaterThanOrEqual(minMw - 1e-6);
      if (q.status !== 'complete') expect(q.binding.length, q.request.id).toBeGreaterThan(0);
    });
  });

  it('max with minimum sizes (a MIP) places at least what order places', async () => {
    const net = cases.case118;
    const requests = randomWindow(net, 3, 12, 200, 900, true);
    const max = await run(net, requests, 'max');
    const order = await run(net, requests, 'order');
    expect(max.totalAwardedMw).toBeGreaterThanOrEqual(order.totalAwardedMw - 1e-6);
  });

  it('refuses bad requests with a code, the row and the field', async () => {
    const net = cases.case30;
    const ok = { id: 'a', bus: 1, mw: 10 };
    const bad: [WindowRequest[], string, string][] = [
      [[ok, { id: 'b', bus: 999, mw: 10 }], 'MODEL_BUS_UNKNOWN', 'bus'],
      [[ok, { id: 'b', bus: 2, mw: -1 }], 'VALIDATION_FAILED', 'mw'],
      [[ok, { id: 'b', bus: 2, mw: 10, minMw: 20 }], 'VALIDATION_FAILED', 'minMw'],
      [[ok, { id: 'a', bus: 2, mw: 10 }], 'VALIDATION_FAILED', 'id'],
    ];
    for (const [requests, code, field] of bad) {
      await expect(run(net, requests, 'max')).rejects.toMatchObject({ code, field, line: 2 });
    }
  });
});
