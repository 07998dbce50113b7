import type { LuFactors } from '../linalg/lu';
import { luFactor, luRefactor, luSolve } from '../linalg/lu';
import { minimumDegree } from '../linalg/minimum-degree';
import { EngineError } from '../util/engine-error';
import { ybusCurrents, type Ybus } from './make-ybus';
import { fillJacobian, layoutJacobian } from './newton-jacobian';

export interface NewtonOptions {
  /** Infinity-norm mismatch tolerance in pu (MATPOWER pf.tol, default 1e-8). */
  readonly tolerance?: number;
  /** MATPOWER pf.nr.max_it, default 10. */
  readonly maxIterations?: number;
}

export interface NewtonResult {
  readonly converged: boolean;
  readonly iterations: number;
  readonly vm: Float64Array;
  readonly va: Float64Array;
  readonly mismatch: number;
}

/**
 * MATPOWER newtonpf (polar, full Newton). Bus roles come as masks: `isPvpq` buses solve for
 * angle, `isPq` buses also for magnitude; the rest (references, inactive) stay fixed. The
 * Jacobian pattern is laid out and ordered once; each iteration refactors numerically.
 */
export function newtonPf(
  y: Ybus,
  sRe: Float64Array,
  sIm: Float64Array,
  vm0: Float64Array,
  va0: Float64Array,
  isPvpq: Uint8Array,
  isPq: Uint8Array,
  options: NewtonOptions = {},
): NewtonResult {
  const tol = options.tolerance ?? 1e-8;
  const maxIt = options.maxIterations ?? 10;
  const n = y.n;
  const vm = Float64Array.from(vm0);
  // MATPOWER keeps angles as angle(V): wrapped to (−π, π], at the start and after each update.
  const va = Float64Array.from(va0, (a) => Math.atan2(Math.sin(a), Math.cos(a)));
  const vRe = new Float64Array(n);
  const vIm = new Float64Array(n);
  const iRe = new Float64Array(n);
  const iIm = new Float64Array(n);
  const lay = layoutJacobian(y, isPvpq, isPq);
  const f = new Float64Array(lay.size);
  const dx = new Float64Array(lay.size);

  const evaluate = (): number => {
    ybusCurrents(y, vm, va, vRe, vIm, iRe, iIm);
    let norm = 0;
    for (let i = 0; i < n; i++) {
      if (lay.vaPos[i] < 0) continue;
      // mis = V·conj(I) − S
      const pm = vRe[i] * iRe[i] + vIm[i] * iIm[i] - sRe[i];
      f[lay.vaPos[i]] = pm;
      norm = Math.max(norm, Math.abs(pm));
      if (lay.vmPos[i] >= 0) {
        const qm = vIm[i] * iRe[i] - vRe[i] * iIm[i] - sIm[i];
        f[lay.vmPos[i]] = qm;
        norm = Math.max(norm, Math.abs(qm));
      }
    }
    return norm;
  };

  let mismatch = evaluate();
  let converged = mismatch < tol;
  let iterations = 0;
  let lu: LuFactors | null = null;
  while (!converged && iterations < maxIt) {
    iterations++;
    fillJacobian(lay, y, vRe, vIm, vm, iRe, iIm);
    try {
      if (lu === null) lu = luFactor(lay.jac, minimumDegree(lay.jac));
      else luRefactor(lu, lay.jac);
    } catch (e) {
      if (!(e instanceof EngineError)) throw e;
      try {
        // A pivot that vanished under the old pivot order: factor afresh with new pivots.
        lu = luFactor(lay.jac, lu === null ? minimumDegree(lay.jac) : lu.colPerm);
      } catch (e2) {
        // A singular Jacobian is a failed solve (a result), not a crash.
        if (!(e2 instanceof EngineError)) throw e2;
        return { converged: false, iterations, vm, va, mismatch };
      }
    }
    luSolve(lu, f, dx);
    for (let i = 0; i < n; i++) {
      if (lay.vaPos[i] >= 0) {
        const a = va[i] - dx[lay.vaPos[i]];
        va[i] = Math.atan2(Math.sin(a), Math.cos(a));
      }
      if (lay.vmPos[i] >= 0) vm[i] -= dx[lay.vmPos[i]];
    }
    mismatch = evaluate();
    converged = mismatch < tol;
    if (!Number.isFinite(mismatch)) break;
  }
  return { converged, iterations, vm, va, mismatch };
}
