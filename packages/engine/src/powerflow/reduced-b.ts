import type { Csc } from '../linalg/csc';
import { submatrix } from '../linalg/csc';
import type { LuFactors } from '../linalg/lu';
import { luFactor, luSolve } from '../linalg/lu';
import { minimumDegree } from '../linalg/minimum-degree';

/**
 * B with the grounded buses (reference / slack, and inactive buses) removed, factored once.
 * Solves map between full bus vectors and the reduced system so callers never see reduced
 * indices. Workspaces are allocated here, once, and reused by every solve.
 */
export interface ReducedB {
  readonly nBus: number;
  readonly lu: LuFactors;
  /** Reduced index per bus, -1 for a grounded bus. */
  readonly reducedOf: Int32Array;
  /** Bus per reduced index. */
  readonly busOf: Int32Array;
  readonly rhs: Float64Array;
  readonly sol: Float64Array;
}

export function factorReducedB(bbus: Csc, grounded: Uint8Array): ReducedB {
  const nb = bbus.nCols;
  const reducedOf = new Int32Array(nb).fill(-1);
  let n = 0;
  for (let i = 0; i < nb; i++) if (!grounded[i]) reducedOf[i] = n++;
  const busOf = new Int32Array(n);
  for (let i = 0; i < nb; i++) if (reducedOf[i] >= 0) busOf[reducedOf[i]] = i;
  const br = submatrix(bbus, reducedOf, reducedOf);
  const lu = luFactor(br, minimumDegree(br));
  return {
    nBus: nb,
    lu,
    reducedOf,
    busOf,
    rhs: new Float64Array(n),
    sol: new Float64Array(n),
  };
}

/**
 * θ = B⁻¹·p on the non-grounded buses; grounded entries of `thetaByBus` are left as they are
 * (the caller sets them: the reference angle, or 0 for a slack-relative solve).
 */
export function solveReducedB(
  rb: ReducedB,
  injectionByBus: ArrayLike<number>,
  thetaByBus: Float64Array,
): Float64Array {
  const { busOf, rhs, sol } = rb;
  for (let r = 0; r < busOf.length; r++) rhs[r] = injectionByBus[busOf[r]];
  luSolve(rb.lu, rhs, sol);
  for (let r = 0; r < busOf.length; r++) thetaByBus[busOf[r]] = sol[r];
  return thetaByBus;
}
