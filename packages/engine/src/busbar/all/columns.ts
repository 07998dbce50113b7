import {
  BATCH,
  factorStepOf,
  luSolve4Sparse,
  makeSparseBatch4Workspace,
} from '../../linalg/lu-batch';
import type { AllBusbarsContext } from './context';
import type { CentreAndSpread } from './bounds';

/**
 * Stage 3a of the all-busbar capacity (capacities.ts): the columns D(·, b) = PTDF(·, b) −
 * PTDF(·,·)·sink of a group's buses, each solved once, four per pass over the factors, with
 * the spreads of the group and of each of its clusters and each bus's outage reach taken while
 * the column is still in cache. The clusters' centres are solved first, so every centre is
 * known before the columns measured against it.
 */
export interface GroupColumns {
  /** nl + 1: D(x, bus at position j) is values[j·stride + x]; entry nl is 0 (N-0). */
  readonly stride: number;
  readonly values: Float64Array;
  /** Per position: max over the outages of |D(k, b)|, for the envelopes. */
  readonly outageReach: Float64Array;
  /** Cluster q is positions [clusterStart[q], clusterStart[q + 1]); its first is its centre. */
  readonly clusterStart: Int32Array;
  /** Bus index per position. */
  readonly busAt: Int32Array;
  readonly group: CentreAndSpread;
  readonly clusters: CentreAndSpread[];
}

export interface GroupColumnSolver {
  solve(clusters: readonly (readonly number[])[]): GroupColumns;
}

/** Workspaces for groups of up to `maxBuses` buses in up to `maxClusters` clusters. */
export function makeGroupColumnSolver(
  ctx: AllBusbarsContext,
  maxBuses: number,
  maxClusters: number,
): GroupColumnSolver {
  const { lu, reducedOf } = ctx.reduced;
  const nR = lu.n;
  const { fromBus, toBus, nl, sinkFlow, outages } = ctx;
  const stride = nl + 1;
  // Angles are read in factor order (luSolve4Sparse); grounded buses (the slack) map to step
  // nR, always 0.
  const stepOf = factorStepOf(lu);
  const slot = (i: number): number => BATCH * (reducedOf[i] >= 0 ? stepOf[reducedOf[i]] : nR);
  const slotFrom = Int32Array.from(fromBus, slot);
  const slotTo = Int32Array.from(toBus, slot);
  const bx = ctx.branchB;
  const ws = makeSparseBatch4Workspace(nR);
  const rows = new Int32Array(BATCH);
  const x = ws.y;
  const values = new Float64Array(maxBuses * stride);
  const spreads = Array.from({ length: maxClusters + 1 }, () => new Float64Array(stride));
  const at = new Int32Array(BATCH);

  const reach = (o: number): number => {
    let r = 0;
    for (let kk = 0; kk < outages.length; kk++) {
      const a = Math.abs(values[o + outages[kk]]);
      if (a > r) r = a;
    }
    return r;
  };

  return {
    solve(clusters) {
      const nc = clusters.length;
      const clusterStart = new Int32Array(nc + 1);
      clusters.forEach((c, q) => (clusterStart[q + 1] = clusterStart[q] + c.length));
      const n = clusterStart[nc];
      const busAt = Int32Array.from(clusters.flat());
      const clusterOf = new Int32Array(n);
      for (let q = 0; q < nc; q++) clusterOf.fill(q, clusterStart[q], clusterStart[q + 1]);
      // Centres first (the group's centre is the first cluster's), then the others in order.
      const order = Int32Array.from(clusterStart.subarray(0, nc));
      const rest = Int32Array.from({ length: n }, (_, p) => p).filter(
        (p) => clusterStart[clusterOf[p]] !== p,
      );
      const solveOrder = Int32Array.from([...order, ...rest]);
      const groupSpread = spreads[nc].fill(0);
      for (let q = 0; q < nc; q++) spreads[q].fill(0);
      const outageReach = new Float64Array(n);
      for (let start = 0; start < n; start += BATCH) {
        const count = Math.min(BATCH, n - start);
        let nRows = 0;
        for (let j = 0; j < count; j++) {
          at[j] = solveOrder[start + j];
          const r = reducedOf[busAt[at[j]]];
          if (r >= 0) {
            ws.r[BATCH * r + j] = 1;
            rows[nRows++] = r;
          }
        }
        luSolve4Sparse(lu, rows.subarray(0, nRows), ws);
        for (let j = 0; j < count; j++) {
          const p = at[j];
          const o = p * stride;
          const q = clusterOf[p];
          const c = clusterStart[q] * stride;
          const cs = spreads[q];
          // The column and both spreads in one pass, while the angles are in cache. An
          // inactive branch has b = 0 and no sink flow, so it gets 0 with no test. Math.abs and
          // a rarely taken branch: a sign test would mispredict half the time.
          for (let b = 0; b < nl; b++) {
            const v = bx[b] * (x[slotFrom[b] + j] - x[slotTo[b] + j]) - sinkFlow[b];
            values[o + b] = v;
            const dg = Math.abs(v - values[b]);
            if (dg > groupSpread[b]) groupSpread[b] = dg;
            const dc = Math.abs(v - values[c + b]);
            if (dc > cs[b]) cs[b] = dc;
          }
          values[o + nl] = 0;
          outageReach[p] = reach(o);
        }
      }
      const set = (from: number, to: number, spread: Float64Array): CentreAndSpread => {
        let r = 0;
        for (let p = from; p < to; p++) r = Math.max(r, outageReach[p]);
        return { centre: values.subarray(from * stride, (from + 1) * stride), spread, reach: r };
      };
      return {
        stride,
        values,
        outageReach,
        clusterStart,
        busAt,
        group: set(0, n, groupSpread),
        clusters: clusters.map((_, q) => set(clusterStart[q], clusterStart[q + 1], spreads[q])),
      };
    },
  };
}
