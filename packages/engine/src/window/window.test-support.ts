import type { Highs } from 'highs';
import { postLimit } from '../contingency/n1';
import type { Network } from '../model/network';
import { buildDcModel, runDcPowerFlow } from '../powerflow/dcpf';
import { findBridges } from '../sensitivity/bridges';
import { lodfColumn, makeDfactors, ptdfColumn } from '../sensitivity/dfactors';
import type { WindowResult } from './allocate';
import { flowRange } from './rows';

/**
 * The slow ways, for tests: the awards checked by full DC re-solves (every award at its bus,
 * the sink taking their total, the base and each single-branch outage solved anew), and the
 * window's LP with every N-0 and N-1 row built up front from PTDF and LODF columns
 * (dfactors.ts, not the LODF stream). Memory is rows × requests: small cases only.
 */

/** Monitored and outaged as busbar capacity takes them by default (no switches, every kV). */
function sets(net: Network): { monitored: number[]; outages: number[] } {
  const active = buildDcModel(net).active.branchActive;
  const bridges = findBridges(net, active);
  const monitored: number[] = [];
  const outages: number[] = [];
  for (let k = 0; k < net.branches.count; k++) {
    if (!active[k] || net.branches.switch?.[k]) continue;
    if (net.branches.rateAMva[k] !== 0) monitored.push(k);
    if (!bridges[k]) outages.push(k);
  }
  return { monitored, outages };
}

/** The network with `mw` per request applied: pd lowered at its bus, the sink's share raised. */
function withAwards(result: WindowResult, mw: ArrayLike<number>): Network {
  const net = result.network;
  const pdMw = Float64Array.from(net.buses.pdMw);
  let total = 0;
  result.requests.forEach((r, i) => {
    pdMw[r.busRow] -= mw[i];
    total += mw[i];
  });
  result.sinkByBus.forEach((s, b) => (pdMw[b] += s * total));
  return { ...net, buses: { ...net.buses, pdMw } };
}

function flowsByOutage(net: Network, outages: number[]): Map<number, Float64Array> {
  const out = new Map<number, Float64Array>([[-1, runDcPowerFlow(net).pfMw]]);
  for (const k of outages) {
    const inService = Uint8Array.from(net.branches.inService);
    inService[k] = 0;
    out.set(k, runDcPowerFlow({ ...net, branches: { ...net.branches, inService } }).pfMw);
  }
  return out;
}

/**
 * The largest excess over the allowed range (flowRange: the limit, or with 'limit' the flow at
 * zero award on a side already over it), MW, over the base and every outage, by full re-solves.
 */
export function worstExcessByResolve(
  result: WindowResult,
  mw: ArrayLike<number> = result.requests.map((r) => r.awardedMw),
): number {
  const { monitored, outages } = sets(result.network);
  const zero = flowsByOutage(result.network, outages);
  const awarded = flowsByOutage(withAwards(result, mw), outages);
  const ignore = result.preExisting === 'ignore';
  let worst = 0;
  for (const [k, flow] of awarded) {
    const f0 = zero.get(k) as Float64Array;
    for (const m of monitored) {
      if (m === k) continue;
      const limit =
        k < 0
          ? result.network.branches.rateAMva[m]
          : postLimit(result.network, m, result.postContingencyRating);
      const [lo, hi] = flowRange(f0[m], limit, ignore);
      worst = Math.max(worst, flow[m] - hi, lo - flow[m]);
    }
  }
  return worst;
}

export interface DenseLp {
  /** Every row: lo ≤ Σ a_i x_i ≤ hi. */
  readonly rows: { a: Float64Array; lo: number; hi: number }[];
  readonly mw: number[];
}

/** Every N-0 and N-1 row of the window, from PTDF and LODF columns. */
export function denseRows(result: WindowResult): DenseLp {
  const net = result.network;
  const model = buildDcModel(net);
  const d = makeDfactors(model);
  const nl = net.branches.count;
  const { monitored, outages } = sets(net);
  const sinkFlow = new Float64Array(nl);
  const col = new Float64Array(nl);
  result.sinkByBus.forEach((s, b) => {
    if (s !== 0) ptdfColumn(d, b, col).forEach((v, x) => (sinkFlow[x] += s * v));
  });
  const D = result.requests.map((r) =>
    Float64Array.from(ptdfColumn(d, r.busRow, new Float64Array(nl)), (v, x) => v - sinkFlow[x]),
  );
  const f = runDcPowerFlow(net).pfMw;
  const ignore = result.preExisting === 'ignore';
  const rows: DenseLp['rows'] = [];
  const push = (a: Float64Array, f0: number, limit: number) => {
    const [lo, hi] = flowRange(f0, limit, ignore);
    rows.push({ a, lo: lo - f0, hi: hi - f0 });
  };
  for (const m of monitored)
    push(
      Float64Array.from(D, (c) => c[m]),
      f[m],
      net.branches.rateAMva[m],
    );
  const lodf = new Float64Array(nl);
  for (const k of outages) {
    lodfColumn(d, k, lodf);
    for (const m of monitored) {
      if (m === k) continue;
      push(
        Float64Array.from(D, (c) => c[m] + lodf[m] * c[k]),
        f[m] + lodf[m] * f[k],
        postLimit(net, m, result.postContingencyRating),
      );
    }
  }
  if (Number.isFinite(result.sinkRoomMw)) {
    rows.push({ a: new Float64Array(D.length).fill(1), lo: -Infinity, hi: result.sinkRoomMw });
  }
  return { rows, mw: result.requests.map((r) => r.requestedMw) };
}

/**
 * Maximises costs·x over the dense rows with x_i in [lower_i, upper_i], in one HiGHS solve
 * (a fresh model: nothing shared with the window's LP).
 */
export function solveDense(
  highs: Highs,
  lp: DenseLp,
  costs: number[],
  lower: number[],
  upper: number[],
): Float64Array {
  const n = lp.mw.length;
  const inf = highs.infinity;
  const starts = [0];
  const indices: number[] = [];
  const values: number[] = [];
  for (const r of lp.rows) {
    r.a.forEach((v, i) => {
      if (v !== 0) {
        indices.push(i);
        values.push(v);
      }
    });
    starts.push(indices.length);
  }
  return highs.withModel(
    {
      numCols: n,
      numRows: lp.rows.length,
      sense: highs.constants.objectiveSense.maximize,
      colCost: costs,
      colLower: lower,
      colUpper: upper,
      rowLower: lp.rows.map((r) => (Number.isFinite(r.lo) ? r.lo : -inf)),
      rowUpper: lp.rows.map((r) => (Number.isFinite(r.hi) ? r.hi : inf)),
      matrix: {
        format: 'csr',
        numRows: lp.rows.length,
        numCols: n,
        starts: Int32Array.from(starts),
        indices: Int32Array.from(indices),
        values: Float64Array.from(values),
      },
    },
    (model) => {
      model.options.set({ output_flag: false, primal_feasibility_tolerance: 1e-9 });
      model.run();
      if (model.getModelStatus() !== highs.constants.modelStatus.optimal) {
        throw new Error(`dense LP status ${model.getModelStatus()}`);
      }
      return Float64Array.from(model.getSolution().colValue);
    },
  );
}
