import { BATCH, luSolve4, makeBatch4Workspace } from '../linalg/lu-batch';
import type { DcModel } from '../powerflow/dcpf';

/**
 * Columns D(·, b) = PTDF(·, b) − PTDF(·,·)·sink of a new unit at bus b against the sink, four
 * buses per pass over the factors. Workspaces are allocated once per analysis.
 */
export interface BusColumns {
  /** Solves the columns of buses[start .. start + 4); returns how many. */
  solve(buses: readonly number[], start: number): number;
  /** D(x, b) for bus j of the last pass into out[0 .. nl); out[nl] is left as it is. */
  fill(j: number, out: Float64Array): Float64Array;
}

export function makeBusColumns(model: DcModel, sinkFlow: Float64Array): BusColumns {
  const { lu, reducedOf } = model.sensitivity;
  const nR = lu.n;
  const { fromBus, toBus, count: nl } = model.net.branches;
  // Angles live in the reduced system; grounded buses (the slack) map to slot nR, always 0.
  const slot = (i: number): number => BATCH * (reducedOf[i] >= 0 ? reducedOf[i] : nR);
  const slotFrom = Int32Array.from(fromBus, slot);
  const slotTo = Int32Array.from(toBus, slot);
  const bx = model.bdc.b;
  const ws = makeBatch4Workspace(nR);
  const rhs = new Float64Array(BATCH * nR);
  const x = new Float64Array(BATCH * (nR + 1));
  return {
    solve(buses, start) {
      const count = Math.min(BATCH, buses.length - start);
      rhs.fill(0);
      for (let j = 0; j < count; j++) {
        const r = reducedOf[buses[start + j]];
        if (r >= 0) rhs[BATCH * r + j] = 1;
      }
      luSolve4(lu, rhs, x, ws);
      return count;
    },
    fill(j, out) {
      for (let b = 0; b < nl; b++) {
        out[b] = bx[b] === 0 ? 0 : bx[b] * (x[slotFrom[b] + j] - x[slotTo[b] + j]) - sinkFlow[b];
      }
      return out;
    },
  };
}
