import type { PlacedRequest } from './requests';
import type { LpSolution, WindowLp, WindowSink } from './lp';
import { FAIR_ROW, LpNotOptimal, SINK_ROW } from './lp';
import type { WindowRows } from './rows';

/**
 * The three rules of a window (issue #28) on the LP's current rows. Each returns the awards and,
 * for every request that did not get all it asked, the rows binding in the solve that settled
 * its award, with that solve's duals as shadow prices.
 *
 * - `max`: the most MW in total; ties go to priority through a term 10⁻⁶ smaller per MW.
 * - `order`: lexicographic in priority order — request j maximised with those before it fixed
 *   at their awards and those after it at 0. Only x_j moves, so each step is a ratio test over
 *   the rows, not an LP (orderByRatio), and its minimum size is a choice after it: below minMw
 *   it gets 0.
 * - `fair`: max-min fair progressive filling on the share t = x_i / mw_i: the largest t all
 *   unsettled requests can get, then the requests with a non-zero dual on their row
 *   x_i ≥ mw_i·t are settled (complementary slackness: none of them can get more while the
 *   others keep t), and the rest go on.
 * With minimum sizes, `max` is a MIP (semi-continuous columns: 0 or between minMw and mw); its
 * shadow prices come from the LP with the MIP's choices fixed.
 */
export type WindowRule = 'order' | 'max' | 'fair';

export interface BindingRow {
  /** Network row index (WindowRows.rows), or −1 for the sink's room. */
  readonly row: number;
  /** The situation of the row or sink (0 for a case). */
  readonly situation: number;
  /** MW of the settling solve's objective per MW of the row's limit (|dual|). */
  readonly shadowPrice: number;
  /** The request's factor on the row (1 for the sink's room). */
  readonly factor: number;
}

export interface RuleOutcome {
  readonly award: Float64Array;
  /** Per request, its binding rows (empty when it got all it asked). */
  readonly binding: BindingRow[][];
  /** Requests `fair` settled where a level's solve failed (0 when none failed). */
  readonly settledAtFailedLevel: number;
}

const TIGHT = 1e-6;
const SETTLING_DUAL_SHARE = 1e-4;
const MOST_BINDING = 10;

export function runRule(
  rule: WindowRule,
  lp: WindowLp,
  w: WindowRows,
  requests: readonly PlacedRequest[],
  onFairLevel?: (settled: number, total: number) => void,
): RuleOutcome {
  const n = requests.length;
  const binding: BindingRow[][] = requests.map(() => []);
  const award = new Float64Array(n);
  const costs = new Float64Array(n + 1);
  const inf = lp.highs.infinity;
  const fairRows = lp.fairRows;
  if (fairRows) for (const r of fairRows) lp.setRowBounds(r, -inf, inf);
  lp.setBounds(lp.t, 0, 0);
  const explain = (i: number, sol: LpSolution, awarded: number): void => {
    if (awarded >= requests[i].mw - TIGHT) return;
    binding[i] = bindingRows(lp, w, i, sol);
  };

  if (rule === 'max') {
    const mip = requests.some((r) => r.minMw > 0);
    requests.forEach((r, i) => {
      costs[i] = 1 + (1e-6 * (n - r.rank)) / n;
      if (r.minMw > 0) lp.setSemicontinuous(i, true);
      lp.setBounds(i, r.minMw, r.mw);
    });
    lp.setCosts(costs);
    let sol = lp.solve();
    if (mip) {
      // The MIP's choices fixed (0, or between minMw and mw), as an LP: its duals.
      requests.forEach((r, i) => {
        if (r.minMw <= 0) return;
        lp.setSemicontinuous(i, false);
        if (sol.x[i] <= TIGHT) lp.setBounds(i, 0, 0);
      });
      sol = lp.solve();
    }
    requests.forEach((r, i) => {
      award[i] = clamp(sol.x[i], r.mw);
      explain(i, sol, award[i]);
    });
    if (mip) {
      // A request the MIP left at 0 is held by no row at 0: its explanation is the most it could
      // get beside the others' awards (below its minMw), and what binds there.
      requests.forEach((_, i) => lp.setBounds(i, award[i], award[i]));
      requests.forEach((r, i) => {
        if (r.minMw <= 0 || award[i] > TIGHT) return;
        costs.fill(0);
        costs[i] = 1;
        lp.setCosts(costs);
        lp.setBounds(i, 0, r.mw);
        explain(i, lp.solve(), 0);
        lp.setBounds(i, 0, 0);
      });
    }
    requests.forEach((r, i) => lp.setBounds(i, 0, r.mw));
    return { award, binding, settledAtFailedLevel: 0 };
  }

  if (rule === 'order') return orderByRatio(lp.sinks, w, requests);

  // fair
  const rows = lp.ensureFairRows(Float64Array.from(requests, (r) => r.mw));
  costs.fill(0);
  costs[n] = 1;
  lp.setCosts(costs);
  lp.setBounds(lp.t, 0, 1);
  const open = new Set<number>();
  requests.forEach((r, i) => {
    if (r.mw > 0) {
      open.add(i);
      lp.setBounds(i, 0, r.mw);
      lp.setRowBounds(rows[i], 0, inf);
    } else lp.setBounds(i, 0, 0);
  });
  let last: LpSolution | null = null;
  let settledAtFailedLevel = 0;
  while (open.size > 0) {
    let sol: LpSolution;
    try {
      sol = lp.solve();
    } catch (e) {
      // A level HiGHS cannot solve (nearly parallel dense rows; seen once with 200 requests on
      // ACTIVSg2000): the open requests keep the last level's solution, which is feasible.
      if (!(e instanceof LpNotOptimal) || !last) throw e;
      sol = last;
      settledAtFailedLevel = open.size;
    }
    last = sol;
    const t = sol.x[n];
    // Settled: a dual that carries at least 10⁻⁴ of t's objective (Σ μ_i·mw_i = 1). A smaller
    // one is HiGHS's round-off or a near-degenerate tie between vertices; if the request is
    // really held, the next level cannot rise past this one and its dual is then large: a solve
    // more, not a different award. At 10⁻⁶, 200 requests on ACTIVSg2000 came out 4 % apart in
    // total depending on the order rows were found in; at 10⁻⁴ three orders agree within
    // 0.07 MW per request, for 3 solves more.
    let settled = [...open].filter(
      (i) => Math.abs(sol.rowDual[rows[i]]) * requests[i].mw > SETTLING_DUAL_SHARE,
    );
    if (settledAtFailedLevel > 0) settled = [...open];
    // At t = 1 every open request has all it asked; with no dual (degenerate), the tight ones.
    if (t >= 1 - 1e-9) settled = [...open];
    if (settled.length === 0) {
      settled = [...open].filter((i) => sol.x[i] <= t * requests[i].mw + TIGHT);
    }
    if (settled.length === 0) settled = [...open];
    for (const i of settled) {
      const r = requests[i];
      const got = clamp(sol.x[i], r.mw);
      // Below its minimum size a request leaves the filling with nothing (greedy, not a MIP).
      award[i] = got < r.minMw - TIGHT ? 0 : got;
      explain(i, sol, award[i]);
      // A settled request keeps its level's award within a band of the screen's tolerance:
      // fixed exactly at a value HiGHS found feasible only to its own tolerance, later levels
      // were declared infeasible (77 of 200 requests on ACTIVSg2000 were settled so). The awards
      // reported are then read from the last solve: one consistent point.
      if (award[i] === 0) lp.setBounds(i, 0, 0);
      else {
        const band = TIGHT * Math.max(1, award[i]);
        lp.setBounds(i, Math.max(0, award[i] - band), Math.min(r.mw, award[i] + band));
      }
      lp.setRowBounds(rows[i], -inf, inf);
      open.delete(i);
    }
    onFairLevel?.(n - open.size, n);
  }
  if (last !== null) {
    const final = last;
    requests.forEach((r, i) => {
      if (award[i] > 0) award[i] = clamp(final.x[i], r.mw);
    });
  }
  lp.setBounds(lp.t, 0, 0);
  return { award, binding, settledAtFailedLevel };
}

const clamp = (x: number, hi: number): number => Math.min(hi, Math.max(0, x));

/**
 * The rows at their limit in `sol` that request i pushes towards it (factor of the limit's
 * sign): the constraints that kept it from more. Largest shadow price × factor first.
 */
function bindingRows(lp: WindowLp, w: WindowRows, i: number, sol: LpSolution): BindingRow[] {
  const found: BindingRow[] = [];
  for (let r = 0; r < lp.rowOf.length; r++) {
    const of = lp.rowOf[r];
    if (of === FAIR_ROW) continue;
    const act = sol.rowValue[r];
    let factor: number;
    let atLimit: boolean;
    let situation: number;
    if (of === SINK_ROW) {
      const sink = lp.sinkOfRow.get(r) as WindowSink;
      situation = sink.situation;
      factor = sink.inService?.[i] === false ? 0 : 1;
      atLimit = factor > 0 && act >= sink.roomMw - TIGHT * Math.max(1, sink.roomMw);
    } else {
      const row = w.rows[of];
      situation = row.situation;
      factor = row.factor[i];
      const up = factor > 1e-9 && act >= row.hi - TIGHT * Math.max(1, Math.abs(row.hi));
      const down = factor < -1e-9 && act <= row.lo + TIGHT * Math.max(1, Math.abs(row.lo));
      atLimit = up || down;
    }
    if (atLimit) {
      found.push({ row: of, situation, shadowPrice: Math.abs(sol.rowDual[r]), factor });
    }
  }
  return found
    .sort(
      (a, b) =>
        b.shadowPrice * Math.abs(b.factor) - a.shadowPrice * Math.abs(a.factor) ||
        Math.abs(b.factor) - Math.abs(a.factor),
    )
    .slice(0, MOST_BINDING);
}

/** |factor| at or below this is 0, as HiGHS drops matrix values below its small_matrix_value. */
const NO_FACTOR = 1e-9;

/**
 * The order rule without a solver: with every other award fixed, request j's LP is one-
 * dimensional, x_j ≤ (limit − activity)/a_j over each row it pushes towards a limit, and the
 * sink's room. The activities are summed in double precision from the awards as they are set,
 * so a later step never finds an earlier one infeasible (HiGHS did, fixing awards it had found
 * feasible only to its 1e-7 tolerance: ACTIVSg2000, 200 requests). The dual of the binding row
 * of a one-dimensional LP is 1/|a_j|.
 */
function orderByRatio(
  sinks: readonly WindowSink[],
  w: WindowRows,
  requests: readonly PlacedRequest[],
): RuleOutcome {
  const n = requests.length;
  const award = new Float64Array(n);
  const binding: BindingRow[][] = requests.map(() => []);
  const activity = new Float64Array(w.rows.length);
  const taken = new Float64Array(sinks.length);
  const byRank = requests.map((_, i) => i).sort((a, b) => requests[a].rank - requests[b].rank);
  const room = Float64Array.from(w.rows, () => Infinity);
  for (const j of byRank) {
    const r = requests[j];
    if (r.mw <= 0) continue;
    const inSink = (s: WindowSink) => Number.isFinite(s.roomMw) && s.inService?.[j] !== false;
    const sinkRoom = sinks.map((s, k) => (inSink(s) ? s.roomMw - taken[k] : Infinity));
    let most = Math.min(Infinity, ...sinkRoom);
    w.rows.forEach((row, k) => {
      const a = row.factor[j];
      room[k] =
        a > NO_FACTOR
          ? (row.hi - activity[k]) / a
          : a < -NO_FACTOR
            ? (row.lo - activity[k]) / a
            : Infinity;
      if (room[k] < most) most = room[k];
    });
    const got = Math.min(r.mw, Math.max(0, most));
    award[j] = got < r.minMw - TIGHT ? 0 : got;
    if (award[j] < r.mw - TIGHT) {
      // Every row (and the sink) whose room is the least, within the tolerance of a tie.
      const tie = Math.max(0, most) + TIGHT * Math.max(1, Math.abs(most));
      const found: BindingRow[] = [];
      sinks.forEach((s, k) => {
        if (sinkRoom[k] <= tie)
          found.push({ row: -1, situation: s.situation, shadowPrice: 1, factor: 1 });
      });
      w.rows.forEach((row, k) => {
        if (room[k] <= tie) {
          const a = row.factor[j];
          found.push({ row: k, situation: row.situation, shadowPrice: 1 / Math.abs(a), factor: a });
        }
      });
      binding[j] = found
        .sort((a, b) => Math.abs(b.factor) - Math.abs(a.factor))
        .slice(0, MOST_BINDING);
    }
    const x = award[j];
    if (x === 0) continue;
    sinks.forEach((s, k) => {
      if (inSink(s)) taken[k] += x;
    });
    w.rows.forEach((row, k) => (activity[k] += row.factor[j] * x));
  }
  return { award, binding, settledAtFailedLevel: 0 };
}
