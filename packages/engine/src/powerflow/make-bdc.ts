import type { Csc } from '../linalg/csc';
import { fromTriplets } from '../linalg/csc';
import type { Network } from '../model/network';
import { EngineError } from '../util/engine-error';

export interface Bdc {
  /** Nodal susceptance matrix, nb × nb (B in Pbus = B·θ). */
  readonly bbus: Csc;
  /** Branch flow matrix, nl × nb (Pf = Bf·θ + Pfinj). */
  readonly bf: Csc;
  /** Flow offsets from phase shifters, per branch (pu). */
  readonly pfinj: Float64Array;
  /** Bus injection offsets from phase shifters, per bus (pu). */
  readonly pbusinj: Float64Array;
  /** Series susceptance per branch, 1/(x·tap), 0 for inactive branches. */
  readonly b: Float64Array;
}

/**
 * MATPOWER makeBdc: b = status/(x·tap) with tap = 1 where TAP is 0; Bf = b·(Cf − Ct);
 * Bbus = Cftᵀ·Bf; Pfinj = −b·shift (rad); Pbusinj = Cftᵀ·Pfinj. `branchActive` plays the
 * role of BR_STATUS after ext2int (branches at isolated buses count as out of service).
 */
export function makeBdc(net: Network, branchActive: Uint8Array): Bdc {
  const nb = net.buses.count;
  const { count: nl, fromBus, toBus, xPu, tapRatio, shiftDeg } = net.branches;
  const b = new Float64Array(nl);
  const pfinj = new Float64Array(nl);
  const pbusinj = new Float64Array(nb);
  const fr = new Int32Array(2 * nl);
  const fc = new Int32Array(2 * nl);
  const fv = new Float64Array(2 * nl);
  const br = new Int32Array(4 * nl);
  const bc = new Int32Array(4 * nl);
  const bv = new Float64Array(4 * nl);
  let nf = 0;
  let nbz = 0;
  for (let k = 0; k < nl; k++) {
    if (!branchActive[k]) continue;
    if (xPu[k] === 0) {
      // 1/x would put Inf and then NaN in every angle; MATPOWER returns them silently.
      throw new EngineError(
        'MODEL_BRANCH_ZERO_REACTANCE',
        `branch ${k + 1} has zero reactance: the DC model cannot represent it`,
        { field: 'branch.BR_X' },
      );
    }
    const tap = tapRatio[k] === 0 ? 1 : tapRatio[k];
    const bk = 1 / xPu[k] / tap;
    b[k] = bk;
    const f = fromBus[k];
    const t = toBus[k];
    fr[nf] = k;
    fc[nf] = f;
    fv[nf++] = bk;
    fr[nf] = k;
    fc[nf] = t;
    fv[nf++] = -bk;
    br[nbz] = f;
    bc[nbz] = f;
    bv[nbz++] = bk;
    br[nbz] = t;
    bc[nbz] = t;
    bv[nbz++] = bk;
    br[nbz] = f;
    bc[nbz] = t;
    bv[nbz++] = -bk;
    br[nbz] = t;
    bc[nbz] = f;
    bv[nbz++] = -bk;
    const inj = (-bk * shiftDeg[k] * Math.PI) / 180;
    pfinj[k] = inj;
    pbusinj[f] += inj;
    pbusinj[t] -= inj;
  }
  return {
    bbus: fromTriplets(nb, nb, br, bc, bv, nbz),
    bf: fromTriplets(nl, nb, fr, fc, fv, nf),
    pfinj,
    pbusinj,
    b,
  };
}
