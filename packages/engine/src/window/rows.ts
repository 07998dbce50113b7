import type { BusbarSetup } from '../busbar/setup';
import { TopK } from '../contingency/top-k';
import type { ScreenContext } from '../transfer/screen';
import { injectionFlows, streamOutages } from '../transfer/screen';
import type { PlacedRequest } from './requests';

/**
 * The window's constraints as rows of an LP in the awards x (MW per request). Request i's MW
 * is +1 at its bus against the busbar sink (busbar/setup.ts), so its flows per MW are the
 * busbar column D(·, b_i) = PTDF(·, b_i) − PTDF(·,·)·sink, and a constraint (m, k) — monitored
 * m under N-0 (k = −1) or outage k — has the factor a_i = D(m, b_i) + LODF(m, k)·D(k, b_i)
 * (docs/analysis.md §4). Its row is lo ≤ Σ a_i x_i ≤ hi around the post-contingency flow at
 * x = 0. Rows are added lazily (allocate.ts): only those some award would break.
 */
export interface NetworkRow {
  /** 0-based branch rows; contingency −1 is N-0. */
  readonly monitored: number;
  readonly contingency: number;
  readonly lodf: number;
  /** Flow at x = 0 (base case, after the contingency), MW. */
  readonly flowAtZeroMw: number;
  readonly limitMw: number;
  /** Bounds on Σ a_i x_i, MW. */
  readonly lo: number;
  readonly hi: number;
  /** a_i per request. */
  readonly factor: Float64Array;
}

export interface WindowRows {
  readonly ctx: ScreenContext;
  /** D(·, b_i) per request (shared by requests at the same bus), per branch. */
  readonly columns: Float64Array[];
  /** Index into ctx.monitored per branch row, −1 when not monitored. */
  readonly monitoredIndex: Int32Array;
  readonly ignorePreExisting: boolean;
  /** |factor| below this is taken as 0 (docs/analysis.md §4's cutoff; 0 keeps every factor). */
  readonly cutoff: number;
  readonly rows: NetworkRow[];
  /** "monitored/contingency" of every row added. */
  readonly keys: Set<string>;
}

export function makeWindowRows(
  setup: BusbarSetup,
  requests: readonly PlacedRequest[],
  ignorePreExisting: boolean,
  cutoff = 0,
): WindowRows {
  const { ctx, sinkFlow } = setup;
  const { net, model } = ctx;
  const nb = net.buses.count;
  const nl = net.branches.count;
  const byBus = new Map<number, Float64Array>();
  const theta = new Float64Array(nb);
  const unit = new Float64Array(nb);
  // One sparse solve per distinct bus; the sink's part is its flows, computed once by the setup.
  const columns = requests.map(({ busRow }) => {
    let col = byBus.get(busRow);
    if (!col) {
      unit[busRow] = 1;
      col = injectionFlows(model, unit, theta, new Float64Array(nl));
      unit[busRow] = 0;
      for (let x = 0; x < nl; x++) col[x] -= sinkFlow[x];
      byBus.set(busRow, col);
    }
    return col;
  });
  const monitoredIndex = new Int32Array(nl).fill(-1);
  ctx.monitored.forEach((m, i) => (monitoredIndex[m] = i));
  return { ctx, columns, monitoredIndex, ignorePreExisting, cutoff, rows: [], keys: new Set() };
}

/**
 * The allowed range of a flow f0 at x = 0 with limit L: ±L, except on a side f0 already
 * passes (isPreExisting's slack): 'limit' keeps it from getting worse (f0 is the bound),
 * 'ignore' leaves that side free — as busbar capacity's strict and attributable figures do
 * for one bus.
 */
export function flowRange(f0: number, limit: number, ignore: boolean): [number, number] {
  const slack = 1e-10 * Math.max(1, limit);
  const hi = f0 > limit + slack ? (ignore ? Infinity : f0) : limit;
  const lo = f0 < -limit - slack ? (ignore ? -Infinity : f0) : -limit;
  return [lo, hi];
}

/** Adds the row of (monitored, contingency) unless it is there; returns whether it was added. */
export function addRow(
  w: WindowRows,
  monitored: number,
  contingency: number,
  lodf: number,
): boolean {
  const key = `${monitored}/${contingency}`;
  if (w.keys.has(key)) return false;
  const { ctx, columns, monitoredIndex } = w;
  const i = monitoredIndex[monitored];
  if (i < 0) return false;
  const f = ctx.baseFlowMw;
  const n0 = contingency < 0;
  const f0 = n0 ? f[monitored] : f[monitored] + lodf * f[contingency];
  const limit = n0 ? ctx.limitN0Mw[i] : ctx.limitPostMw[i];
  const [lo, hi] = flowRange(f0, limit, w.ignorePreExisting);
  const factor = Float64Array.from(columns, (d) => {
    const a = n0 ? d[monitored] : d[monitored] + lodf * d[contingency];
    return Math.abs(a) < w.cutoff ? 0 : a;
  });
  w.keys.add(key);
  w.rows.push({
    monitored,
    contingency,
    lodf,
    flowAtZeroMw: f0,
    limitMw: limit,
    lo: lo - f0,
    hi: hi - f0,
    factor,
  });
  return true;
}

/** A constraint the award breaks: by how much (`loading`, for TopK), and what its row needs. */
interface Violation {
  readonly monitored: number;
  readonly contingency: number;
  readonly lodf: number;
  readonly loading: number;
}

export interface ScreenAtAward {
  /** Rows added (violated by more than the tolerance and not yet in the LP). */
  readonly added: number;
  /** Constraints violated by more than the tolerance. */
  readonly violated: number;
  readonly worstOverMw: number;
}

/**
 * The whole N-0 and N-1 set at the award, flows = base + Σ x_i·D(·, b_i) and after outage k
 * F(m) + LODF(m, k)·F(k): the N-1 screen's LODF stream, once. The worst `maxRows` violated
 * constraints not yet in the LP become rows.
 *
 * With `prefixOrder` (the order rule), every prefix of the award in that order is checked, not
 * only the whole: request j was maximised with those after it at 0, so each prefix must fit by
 * itself (a later request's counterflow may not carry an earlier award). A pair is walked
 * request by request only when |f0| + Σ x_i·|a_i| can leave its range, with
 * Σ x_i·|a_i| ≤ S(m) + |LODF(m, k)|·S(k), S(b) = Σ x_i·|D(b, b_i)|: few pairs are.
 */
export function screenAtAward(
  w: WindowRows,
  award: Float64Array,
  toleranceMw: number,
  maxRows: number,
  prefixOrder?: readonly number[],
): ScreenAtAward {
  const { ctx, columns, keys } = w;
  const { monitored, limitN0Mw, limitPostMw } = ctx;
  const ignore = w.ignorePreExisting;
  const f = ctx.baseFlowMw;
  const flow = Float64Array.from(f);
  const spread = prefixOrder ? new Float64Array(f.length) : null;
  columns.forEach((d, r) => {
    const x = award[r];
    if (x === 0) return;
    for (let b = 0; b < flow.length; b++) flow[b] += x * d[b];
    if (spread) for (let b = 0; b < flow.length; b++) spread[b] += x * Math.abs(d[b]);
  });
  const worst = new TopK<Violation>(maxRows);
  let violated = 0;
  let worstOverMw = 0;
  /** The worst excess over the prefixes of the award in prefixOrder. */
  const prefixOver = (m: number, k: number, lodf: number, f0: number, lo: number, hi: number) => {
    let post = f0;
    let over = -Infinity;
    for (const r of prefixOrder as readonly number[]) {
      const x = award[r];
      if (x === 0) continue;
      const d = columns[r];
      post += x * (k < 0 ? d[m] : d[m] + lodf * d[k]);
      over = Math.max(over, post - hi, lo - post);
    }
    return over;
  };
  // flowRange inlined: this runs for every (monitored, outage) pair.
  const check = (m: number, k: number, lodf: number, post: number, f0: number, limit: number) => {
    const slack = 1e-10 * Math.max(1, limit);
    const hi = f0 > limit + slack ? (ignore ? Infinity : f0) : limit;
    const lo = f0 < -limit - slack ? (ignore ? -Infinity : f0) : -limit;
    let over = post > hi ? post - hi : lo - post;
    if (spread) {
      const reach = spread[m] + (k < 0 ? 0 : Math.abs(lodf) * spread[k]);
      if (f0 + reach > hi + toleranceMw || f0 - reach < lo - toleranceMw) {
        over = prefixOver(m, k, lodf, f0, lo, hi);
      }
    }
    if (!(over > toleranceMw)) return;
    violated++;
    if (over > worstOverMw) worstOverMw = over;
    if (over > worst.threshold && !keys.has(`${m}/${k}`)) {
      worst.offer({ monitored: m, contingency: k, lodf, loading: over });
    }
  };
  for (let i = 0; i < monitored.length; i++) {
    const m = monitored[i];
    check(m, -1, 0, flow[m], f[m], limitN0Mw[i]);
  }
  streamOutages(ctx, (k, lodf) => {
    const fk = flow[k];
    const f0k = f[k];
    for (let i = 0; i < monitored.length; i++) {
      const m = monitored[i];
      if (m === k) continue;
      const l = lodf[i];
      check(m, k, l, flow[m] + l * fk, f[m] + l * f0k, limitPostMw[i]);
    }
  });
  let added = 0;
  for (const v of worst.items) if (addRow(w, v.monitored, v.contingency, v.lodf)) added++;
  return { added, violated, worstOverMw };
}
