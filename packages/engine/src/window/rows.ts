import type { BusbarSetup } from '../busbar/setup';
import { TopK } from '../contingency/top-k';
import type { ScreenContext } from '../transfer/screen';
import { injectionFlows, streamOutages } from '../transfer/screen';
import type { PlacedRequest } from './requests';
import type { WindowSet } from './set-rows';
import {
  evaluateSetContingency,
  setIndexOfRow,
  setRowCode,
  setRowFactors,
  sinkShiftOf,
} from './set-rows';

/**
 * The window's constraints as rows of an LP in the awards x (MW per request). Request i's MW
 * is +1 at its bus against the busbar sink (busbar/setup.ts), so its flows per MW are the
 * busbar column D(·, b_i) = PTDF(·, b_i) − PTDF(·,·)·sink, and a constraint (m, k) — monitored
 * m under N-0 (k = −1) or outage k — has the factor a_i = D(m, b_i) + LODF(m, k)·D(k, b_i)
 * (docs/analysis.md §4). Its row is lo ≤ Σ a_i x_i ≤ hi around the post-contingency flow at
 * x = 0. Rows are added lazily (allocate.ts): only those some award would break.
 */
export interface NetworkRow {
  /** The situation (scenario × year case of a firm window; 0 for a case) whose network it is. */
  readonly situation: number;
  /**
   * 0-based branch rows; contingency −1 is N-0, ≤ −2 a planner's contingency that is not one
   * branch (set-rows.ts: −2 − its index in the set; lodf is then 0).
   */
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
  readonly situation: number;
  readonly ctx: ScreenContext;
  /** D(·, b_i) per request (shared by requests at the same bus), per branch; zeros for a
   * request not yet in service in this situation. */
  readonly columns: Float64Array[];
  /** Index into ctx.monitored per branch row, −1 when not monitored. */
  readonly monitoredIndex: Int32Array;
  readonly ignorePreExisting: boolean;
  /** |factor| below this is taken as 0 (docs/analysis.md §4's cutoff; 0 keeps every factor). */
  readonly cutoff: number;
  /** Each request's MW in this situation (0 when not in service), for NEGLIGIBLE_MW. */
  readonly mw: Float64Array;
  /** Every situation's rows, one list: the LP's. */
  readonly rows: NetworkRow[];
  /** "situation/monitored/contingency" of every row added. */
  readonly keys: Set<string>;
  /** A window on a planner's contingency set (issue #30); null: every branch, one at a time. */
  readonly set: WindowSet | null;
}

/** Which situation a WindowRows is, and who is in service there (a study's year ≥ the request's). */
export interface SituationRows {
  readonly situation: number;
  readonly inService: ArrayLike<boolean>;
}

export function makeWindowRows(
  setup: BusbarSetup,
  requests: readonly PlacedRequest[],
  ignorePreExisting: boolean,
  cutoff = 0,
  joining?: SituationRows,
  set: WindowSet | null = null,
): WindowRows {
  const { ctx, sinkFlow } = setup;
  const { net, model } = ctx;
  const nb = net.buses.count;
  const nl = net.branches.count;
  const byBus = new Map<number, Float64Array>();
  const theta = new Float64Array(nb);
  const unit = new Float64Array(nb);
  // One sparse solve per distinct bus; the sink's part is its flows, computed once by the setup.
  const none = new Float64Array(nl);
  const columns = requests.map(({ busRow }, r) => {
    if (joining && !joining.inService[r]) return none;
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
  const mw = Float64Array.from(requests, (q, r) => (!joining || joining.inService[r] ? q.mw : 0));
  return {
    situation: joining?.situation ?? 0,
    ctx,
    columns,
    monitoredIndex,
    ignorePreExisting,
    cutoff,
    mw,
    rows: [],
    keys: new Set(),
    set,
  };
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

/**
 * A request whose whole MW moves a constraint's flow by less than this is not on its row: with
 * every factor kept (cutoff 0), factors of 1e-7 made which requests a saturated element stops
 * a matter of HiGHS's dual round-off (the fair rule settled a request at a 3 % share in one run
 * and let it reach 13.5 % in another, both feasible to 1e-6 MW). The row's bounds are tightened
 * by what the dropped factors could add at most, so an award within the rows stays within the
 * limit: a full re-solve never sees the floor.
 */
export const NEGLIGIBLE_MW = 1e-4;

/**
 * Adds the row of (monitored, contingency) unless it is there; returns whether it was added. A
 * contingency of the set that is not one branch (≤ −2) is evaluated first (addSetRows).
 */
export function addRow(
  w: WindowRows,
  monitored: number,
  contingency: number,
  lodf: number,
): boolean {
  const index = setIndexOfRow(contingency);
  if (index !== null) return addSetRows(w, index, [monitored]) > 0;
  const key = `${w.situation}/${monitored}/${contingency}`;
  if (w.keys.has(key)) return false;
  const { ctx, columns, monitoredIndex } = w;
  const i = monitoredIndex[monitored];
  if (i < 0) return false;
  const f = ctx.baseFlowMw;
  const n0 = contingency < 0;
  const f0 = n0 ? f[monitored] : f[monitored] + lodf * f[contingency];
  const limit = n0 ? ctx.limitN0Mw[i] : ctx.limitPostMw[i];
  const factor = Float64Array.from(columns, (d) =>
    n0 ? d[monitored] : d[monitored] + lodf * d[contingency],
  );
  pushRow(w, key, monitored, contingency, lodf, f0, limit, factor);
  return true;
}

/**
 * The rows of the set's contingency `index` for some monitored branches, from one evaluation
 * of it (set-rows.ts); returns how many were added (none when it is not screened).
 */
export function addSetRows(w: WindowRows, index: number, monitored: readonly number[]): number {
  const set = w.set;
  if (set === null) throw new Error('a row after a contingency of a set needs the set');
  const code = setRowCode(index);
  const wanted = monitored.filter(
    (m) => w.monitoredIndex[m] >= 0 && !w.keys.has(`${w.situation}/${m}/${code}`),
  );
  if (wanted.length === 0) return 0;
  const flows = new Float64Array(w.ctx.net.branches.count);
  if (!evaluateSetContingency(set, index, flows)) return 0;
  const factors = setRowFactors(set, index, w.columns, w.mw, wanted);
  wanted.forEach((m, at) => {
    const limit = w.ctx.limitPostMw[w.monitoredIndex[m]];
    pushRow(w, `${w.situation}/${m}/${code}`, m, code, 0, flows[m], limit, factors[at]);
  });
  return wanted.length;
}

/** A row from its flow at x = 0 and its factors, with NEGLIGIBLE_MW's floor applied. */
function pushRow(
  w: WindowRows,
  key: string,
  monitored: number,
  contingency: number,
  lodf: number,
  f0: number,
  limit: number,
  raw: Float64Array,
): void {
  const [lo, hi] = flowRange(f0, limit, w.ignorePreExisting);
  let dropped = 0;
  const factor = raw.map((a, r) => {
    const reach = Math.abs(a) * w.mw[r];
    if (Math.abs(a) < w.cutoff) return 0;
    if (reach < NEGLIGIBLE_MW) {
      dropped += reach;
      return 0;
    }
    return a;
  });
  w.keys.add(key);
  w.rows.push({
    situation: w.situation,
    monitored,
    contingency,
    lodf,
    flowAtZeroMw: f0,
    limitMw: limit,
    // Never tightened past x = 0: a row at its limit there stays feasible (its dropped
    // requests may then add up to `dropped`, which the screen reports if it passes 1e-6 MW).
    lo: Math.min(0, lo - f0 + dropped),
    hi: Math.max(0, hi - f0 - dropped),
    factor,
  });
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
 * request by request only when f0 plus the most the prefixes can add on one side can leave its
 * range: Σ x_i·max(0, a_i) ≤ R(m) + LODF(m, k)·R(k) (F(k) for LODF < 0), R(b) and F(b) the
 * awards' rises and falls Σ x_i·max(0, ±D(b, b_i)): few pairs are.
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
  // Σ x_i·max(0, ±D(b, b_i)): how far any prefix can push a flow up (rise) or down (fall).
  const rise = prefixOrder ? new Float64Array(f.length) : null;
  const fall = prefixOrder ? new Float64Array(f.length) : null;
  columns.forEach((d, r) => {
    const x = award[r];
    if (x === 0 || w.mw[r] === 0) return;
    for (let b = 0; b < flow.length; b++) flow[b] += x * d[b];
    if (rise && fall) {
      for (let b = 0; b < flow.length; b++) {
        const v = x * d[b];
        if (v > 0) rise[b] += v;
        else fall[b] -= v;
      }
    }
  });
  const worst = new TopK<Violation>(maxRows);
  let violated = 0;
  let worstOverMw = 0;
  /** The worst excess over the prefixes of the award in prefixOrder. */
  // Only the awarded requests move a flow: on ACTIVSg10k's 1,600 requests, order awards a few.
  const awarded = prefixOrder?.filter((r) => award[r] !== 0 && w.mw[r] !== 0) ?? [];
  const prefixOver = (m: number, k: number, lodf: number, f0: number, lo: number, hi: number) => {
    let post = f0;
    let over = -Infinity;
    for (const r of awarded) {
      const x = award[r];
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
    if (rise && fall) {
      // Σ max(0, u_i + L·v_i) ≤ Σ max(0, u_i) + Σ max(0, L·v_i): one side at a time, so only
      // pairs some prefix could push past a limit are walked (the two-sided Σ|a| flagged nearly
      // every pair of ACTIVSg10k under 1,600 requests: 380 s of screens).
      const up = rise[m] + (k < 0 ? 0 : lodf >= 0 ? lodf * rise[k] : -lodf * fall[k]);
      const down = fall[m] + (k < 0 ? 0 : lodf >= 0 ? lodf * fall[k] : -lodf * rise[k]);
      // A prefix is also the whole award less a suffix, so it lies within [post − up, post +
      // down] too: the tighter of the two bounds on each side decides.
      const highest = Math.min(f0 + up, post + down);
      const lowest = Math.max(f0 - down, post - up);
      // A pair already in the LP holds at every prefix: order's ratio test kept each step within
      // every row (ACTIVSg10k, 1,600 requests: the binding pairs were most of the walks).
      if (
        (highest > hi + toleranceMw || lowest < lo - toleranceMw) &&
        !keys.has(`${w.situation}/${m}/${k}`)
      ) {
        over = prefixOver(m, k, lodf, f0, lo, hi);
      }
    }
    if (!(over > toleranceMw)) return;
    violated++;
    if (over > worstOverMw) worstOverMw = over;
    if (over > worst.threshold && !keys.has(`${w.situation}/${m}/${k}`)) {
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
  if (w.set !== null) {
    const record = (m: number, code: number, over: number) => {
      if (!(over > toleranceMw)) return;
      violated++;
      if (over > worstOverMw) worstOverMw = over;
      if (over > worst.threshold && !keys.has(`${w.situation}/${m}/${code}`)) {
        worst.offer({ monitored: m, contingency: code, lodf: 0, loading: over });
      }
    };
    screenSetAtAward(w, award, flow, awarded, toleranceMw, rise, fall, record);
  }
  let added = 0;
  const bySetIndex = new Map<number, number[]>();
  for (const v of worst.items) {
    const index = setIndexOfRow(v.contingency);
    if (index === null) {
      if (addRow(w, v.monitored, v.contingency, v.lodf)) added++;
    } else {
      bySetIndex.set(index, [...(bySetIndex.get(index) ?? []), v.monitored]);
    }
  }
  for (const [index, monitored] of bySetIndex) added += addSetRows(w, index, monitored);
  return { added, violated, worstOverMw };
}

/**
 * The set's contingencies that are not one branch, at the award: after c, the flows at x = 0
 * plus the award's change v = Σ x_i·D(·, b_i) + (Σ x_i)·shift_c compensated by c's outage. With
 * `awarded` in priority order (the order rule), every prefix too, walked only where the same
 * one-sided bounds as the stream's say some prefix could leave the range: v's rise and fall
 * plus Σ_j |A(m, K_j)|·Σ_i |y_ij|, y_i request i's compensation weights.
 */
function screenSetAtAward(
  w: WindowRows,
  award: Float64Array,
  flow: Float64Array,
  awarded: readonly number[],
  toleranceMw: number,
  rise: Float64Array | null,
  fall: Float64Array | null,
  record: (m: number, code: number, over: number) => void,
): void {
  const set = w.set!;
  const { ctx, columns, keys } = w;
  const { monitored, limitPostMw } = ctx;
  const f = ctx.baseFlowMw;
  const nl = f.length;
  const ignore = w.ignorePreExisting;
  let total = 0;
  for (let r = 0; r < award.length; r++) if (w.mw[r] !== 0) total += award[r];
  const flowsC = new Float64Array(nl);
  const v = new Float64Array(nl);
  for (const index of set.evaluated) {
    if (!evaluateSetContingency(set, index, flowsC)) continue;
    const code = setRowCode(index);
    const shift = sinkShiftOf(set, index);
    const s = shift instanceof Float64Array ? shift : null;
    for (let b = 0; b < nl; b++) v[b] = flow[b] - f[b] + (s ? total * s[b] : 0);
    const { outaged, columns: transfer, weights } = set.evaluator.compensation();
    const n = outaged.length;
    const y = Float64Array.from(outaged, (k) => v[k]);
    weights(y);
    const out = new Set(outaged);
    // The order rule's prefixes: each awarded request's own weights, and Σ_i |y_ij|.
    const prefix = rise !== null && fall !== null && awarded.length > 0;
    const yOf = prefix ? new Float64Array(awarded.length * n) : null;
    const spread = new Float64Array(n);
    if (yOf) {
      awarded.forEach((r, at) => {
        const yr = Float64Array.from(outaged, (k) => award[r] * (columns[r][k] + (s ? s[k] : 0)));
        weights(yr);
        yOf.set(yr, at * n);
        for (let j = 0; j < n; j++) spread[j] += Math.abs(yr[j]);
      });
    }
    for (let i = 0; i < monitored.length; i++) {
      const m = monitored[i];
      if (out.has(m)) continue;
      const limit = limitPostMw[i];
      const f0 = flowsC[m];
      let post = f0 + v[m];
      for (let j = 0; j < n; j++) post += transfer[j][m] * y[j];
      const slack = 1e-10 * Math.max(1, limit);
      const hi = f0 > limit + slack ? (ignore ? Infinity : f0) : limit;
      const lo = f0 < -limit - slack ? (ignore ? -Infinity : f0) : -limit;
      let over = post > hi ? post - hi : lo - post;
      if (yOf && rise && fall && !keys.has(`${w.situation}/${m}/${code}`)) {
        let reach = 0;
        for (let j = 0; j < n; j++) reach += Math.abs(transfer[j][m]) * spread[j];
        const sm = s ? s[m] : 0;
        const up = rise[m] + total * Math.max(0, sm) + reach;
        const down = fall[m] + total * Math.max(0, -sm) + reach;
        const highest = Math.min(f0 + up, post + down);
        const lowest = Math.max(f0 - down, post - up);
        if (highest > hi + toleranceMw || lowest < lo - toleranceMw) {
          let p = f0;
          awarded.forEach((r, at) => {
            let a = award[r] * (columns[r][m] + sm);
            for (let j = 0; j < n; j++) a += transfer[j][m] * yOf[at * n + j];
            p += a;
            over = Math.max(over, p - hi, lo - p);
          });
        }
      }
      record(m, code, over);
    }
  }
}
