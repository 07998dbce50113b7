import { fromTriplets } from '../linalg/csc';
import { luFactor } from '../linalg/lu';
import { BATCH, luSolve4, makeBatch4Workspace } from '../linalg/lu-batch';
import { minimumDegree } from '../linalg/minimum-degree';
import type { Network } from '../model/network';
import { findBridges } from '../sensitivity/bridges';

/**
 * Three-phase short-circuit strength at every bus (issue #31), IEC 60909 style: the network's
 * positive-sequence series impedances (branches with their taps; line charging, shunts and loads
 * left out, phase shifts neglected) plus each in-service unit's source impedance to ground —
 * ZSORCE behind its step-up transformer (ZR + RT, ZX + XT on MBASE) from a RAW file, or a
 * subtransient reactance the user gives for units without machine data. Scc_k = c·S_base/|Z_kk|
 * with Z = Y⁻¹ (c = 1.1 for the maximum, 1.0 for the minimum), and the N-1 minimum from the
 * rank-one change of Z without each branch (Sherman–Morrison, as LODF does for flows):
 * Z′_kk = Z_kk + w_k²/(1/y_s − uᵀw), w = Z·u, u = e_f/|t| − e_t.
 */
export interface ShortCircuitOptions {
  /** Subtransient reactance, p.u. on each unit's MBASE, for units without machine data. */
  readonly xdPu?: number;
  /** Voltage factor of the maximum (default 1.1) and of the minimum (default 1.0). */
  readonly cMax?: number;
  readonly cMin?: number;
  /** The N-1 minimum (one solve per branch; default true). */
  readonly n1?: boolean;
}

export type ShortCircuitStatus =
  /** Computed. */
  | 'ok'
  /** No unit has a source impedance (a MATPOWER case without `xdPu`): nothing to compute. */
  | 'unavailable'
  /**
   * Every in-service unit carries the RAW export's placeholder (ZR 0, ZX 1 on MBASE = SBASE):
   * a figure from it would look plausible and mean nothing, so none is given without `xdPu`.
   */
  | 'placeholder';

export interface ShortCircuitResult {
  readonly status: ShortCircuitStatus;
  /** Per bus row (MVA); 0 where no source reaches the bus; empty unless status is 'ok'. */
  readonly sccMaxMva: Float64Array;
  /** The least of the base case and every branch outage that islands nothing, with cMin. */
  readonly sccMinMva: Float64Array;
  /** Per bus, the branch row whose outage gives sccMinMva; −1: the base case. */
  readonly minOutage: Int32Array;
  /** Initial symmetrical current of the maximum, kA (NaN where the bus has no base kV). */
  readonly faultCurrentKa: Float64Array;
  /** In-service units by where their impedance came from. */
  readonly machines: {
    readonly fromFile: number;
    readonly fromXd: number;
    readonly without: number;
    readonly placeholder: number;
  };
  readonly timingsMs: { factor: number; n0: number; n1: number };
}

/** The placeholder public RAW exports carry on every unit: ZR 0, ZX 1.0 on MBASE = SBASE. */
function isPlaceholder(net: Network, g: number): boolean {
  const s = net.generators.source!;
  return (
    s.zrPu[g] === 0 &&
    s.zxPu[g] === 1 &&
    (s.rtPu[g] ?? 0) === 0 &&
    (s.xtPu[g] ?? 0) === 0 &&
    net.generators.mBaseMva[g] === net.baseMva
  );
}

export function shortCircuitStrength(
  net: Network,
  options: ShortCircuitOptions = {},
): ShortCircuitResult {
  const t0 = performance.now();
  const nb = net.buses.count;
  const nl = net.branches.count;
  const cMax = options.cMax ?? 1.1;
  const cMin = options.cMin ?? 1.0;
  const gens = net.generators;
  const busType = net.buses.type;
  const busActive = (i: number) => busType[i] !== 4;
  const branchActive = new Uint8Array(nl);
  const { fromBus, toBus, rPu, xPu, tapRatio, inService } = net.branches;
  for (let k = 0; k < nl; k++) {
    const z2 = rPu[k]! * rPu[k]! + xPu[k]! * xPu[k]!;
    branchActive[k] =
      inService[k] && busActive(fromBus[k]!) && busActive(toBus[k]!) && z2 > 0 ? 1 : 0;
  }

  // Each in-service unit's admittance to ground, on the system base.
  const gShunt = new Float64Array(nb);
  const bShunt = new Float64Array(nb);
  const machines = { fromFile: 0, fromXd: 0, without: 0, placeholder: 0 };
  const source = gens.source;
  const units: number[] = [];
  for (let g = 0; g < gens.count; g++) {
    if (gens.inService[g] && busActive(gens.bus[g]!)) units.push(g);
  }
  const placeholders = source === undefined ? [] : units.filter((g) => isPlaceholder(net, g));
  machines.placeholder = placeholders.length;
  const everyPlaceholder = units.length > 0 && placeholders.length === units.length;
  for (const g of units) {
    let r = Number.NaN;
    let x = Number.NaN;
    const known =
      source !== undefined &&
      Number.isFinite(source.zxPu[g]!) &&
      Number.isFinite(source.zrPu[g]!) &&
      (source.zrPu[g] !== 0 || source.zxPu[g] !== 0) &&
      !(everyPlaceholder && isPlaceholder(net, g));
    if (known) {
      r = source.zrPu[g]! + (Number.isFinite(source.rtPu[g]!) ? source.rtPu[g]! : 0);
      x = source.zxPu[g]! + (Number.isFinite(source.xtPu[g]!) ? source.xtPu[g]! : 0);
      machines.fromFile++;
    } else if (options.xdPu !== undefined) {
      r = 0;
      x = options.xdPu;
      machines.fromXd++;
    } else {
      machines.without++;
      continue;
    }
    // On MBASE → on the system base: Z_sys = Z_mbase · S_base / MBASE.
    const scale = net.baseMva / (gens.mBaseMva[g]! > 0 ? gens.mBaseMva[g]! : net.baseMva);
    r *= scale;
    x *= scale;
    const d = r * r + x * x;
    gShunt[gens.bus[g]!]! += r / d;
    bShunt[gens.bus[g]!]! -= x / d;
  }
  const empty = (status: ShortCircuitStatus): ShortCircuitResult => ({
    status,
    sccMaxMva: new Float64Array(0),
    sccMinMva: new Float64Array(0),
    minOutage: new Int32Array(0),
    faultCurrentKa: new Float64Array(0),
    machines,
    timingsMs: { factor: 0, n0: 0, n1: 0 },
  });
  if (machines.fromFile + machines.fromXd === 0) {
    return empty(everyPlaceholder ? 'placeholder' : 'unavailable');
  }

  // Buses no source reaches (their island has no unit) are left out: grounded to keep Y regular.
  const reached = reachedBySources(net, branchActive, gShunt, bShunt);

  // Y = G + jB as the real 2n system [G −B; B G], bus i's real part at 2i, imaginary at 2i + 1.
  const rows: number[] = [];
  const cols: number[] = [];
  const vals: number[] = [];
  const add = (i: number, j: number, g: number, b: number) => {
    rows.push(2 * i, 2 * i, 2 * i + 1, 2 * i + 1);
    cols.push(2 * j, 2 * j + 1, 2 * j, 2 * j + 1);
    vals.push(g, -b, b, g);
  };
  const ysG = new Float64Array(nl);
  const ysB = new Float64Array(nl);
  const ratio = new Float64Array(nl);
  for (let k = 0; k < nl; k++) {
    if (!branchActive[k]) continue;
    const d = rPu[k]! * rPu[k]! + xPu[k]! * xPu[k]!;
    ysG[k] = rPu[k]! / d;
    ysB[k] = -xPu[k]! / d;
    ratio[k] = tapRatio[k]! === 0 ? 1 : tapRatio[k]!;
    const f = fromBus[k]!;
    const t = toBus[k]!;
    const a = ratio[k]!;
    add(f, f, ysG[k]! / (a * a), ysB[k]! / (a * a));
    add(t, t, ysG[k]!, ysB[k]!);
    add(f, t, -ysG[k]! / a, -ysB[k]! / a);
    add(t, f, -ysG[k]! / a, -ysB[k]! / a);
  }
  for (let i = 0; i < nb; i++) {
    if (reached[i]) add(i, i, gShunt[i]!, bShunt[i]!);
    else add(i, i, 1, 0);
  }
  const y = fromTriplets(2 * nb, 2 * nb, rows, cols, vals);
  const lu = luFactor(y, minimumDegree(y));
  const t1 = performance.now();

  // Z_kk: a column of Z per bus reached, four at once (luSolve4, lane j of row i at 4i + j).
  const zr = new Float64Array(nb);
  const zi = new Float64Array(nb);
  const n2 = 2 * nb;
  const rhs = new Float64Array(BATCH * n2);
  const sol = new Float64Array(BATCH * n2);
  const ws = makeBatch4Workspace(n2);
  const buses = [...Array(nb).keys()].filter((k) => reached[k]);
  for (let at = 0; at < buses.length; at += BATCH) {
    const batch = buses.slice(at, at + BATCH);
    batch.forEach((k, j) => (rhs[BATCH * 2 * k + j] = 1));
    luSolve4(lu, rhs, sol, ws);
    batch.forEach((k, j) => {
      rhs[BATCH * 2 * k + j] = 0;
      zr[k] = sol[BATCH * 2 * k + j]!;
      zi[k] = sol[BATCH * (2 * k + 1) + j]!;
    });
  }
  const sccMaxMva = new Float64Array(nb);
  const sccMinMva = new Float64Array(nb);
  const minOutage = new Int32Array(nb).fill(-1);
  const faultCurrentKa = new Float64Array(nb);
  for (let k = 0; k < nb; k++) {
    const z = Math.hypot(zr[k]!, zi[k]!);
    sccMaxMva[k] = reached[k] ? (cMax * net.baseMva) / z : 0;
    sccMinMva[k] = reached[k] ? (cMin * net.baseMva) / z : 0;
    const kv = net.buses.baseKv[k]!;
    faultCurrentKa[k] = kv > 0 ? sccMaxMva[k]! / (Math.sqrt(3) * kv) : Number.NaN;
  }
  const t2 = performance.now();

  if (options.n1 !== false) {
    // Each branch whose outage islands nothing: Z′_kk = Z_kk + w_k² / (1/y_s − uᵀw), w = Z·u.
    const bridges = findBridges(net, branchActive);
    const outages = [...Array(nl).keys()].filter(
      (l) => branchActive[l] && !bridges[l] && reached[fromBus[l]!] && reached[toBus[l]!],
    );
    const at = (i: number, j: number) => BATCH * i + j;
    for (let first = 0; first < outages.length; first += BATCH) {
      const batch = outages.slice(first, first + BATCH);
      batch.forEach((l, j) => {
        rhs[at(2 * fromBus[l]!, j)] = 1 / ratio[l]!;
        rhs[at(2 * toBus[l]!, j)] = -1;
      });
      luSolve4(lu, rhs, sol, ws);
      batch.forEach((l, j) => {
        const f = fromBus[l]!;
        const t = toBus[l]!;
        const a = ratio[l]!;
        rhs[at(2 * f, j)] = 0;
        rhs[at(2 * t, j)] = 0;
        // d = 1/y_s − uᵀw, with 1/y_s = r + jx.
        const dR = rPu[l]! - (sol[at(2 * f, j)]! / a - sol[at(2 * t, j)]!);
        const dI = xPu[l]! - (sol[at(2 * f + 1, j)]! / a - sol[at(2 * t + 1, j)]!);
        const dd = dR * dR + dI * dI;
        if (dd < 1e-24) return;
        for (const k of buses) {
          const wR = sol[at(2 * k, j)]!;
          const wI = sol[at(2 * k + 1, j)]!;
          if (wR === 0 && wI === 0) continue;
          // w_k² / d
          const sR = wR * wR - wI * wI;
          const sI = 2 * wR * wI;
          const qR = (sR * dR + sI * dI) / dd;
          const qI = (sI * dR - sR * dI) / dd;
          const scc = (cMin * net.baseMva) / Math.hypot(zr[k]! + qR, zi[k]! + qI);
          if (scc < sccMinMva[k]!) {
            sccMinMva[k] = scc;
            minOutage[k] = l;
          }
        }
      });
    }
  }
  const t3 = performance.now();
  return {
    status: 'ok',
    sccMaxMva,
    sccMinMva,
    minOutage,
    faultCurrentKa,
    machines,
    timingsMs: { factor: t1 - t0, n0: t2 - t1, n1: t3 - t2 },
  };
}

/** Buses connected (over in-service branches) to a bus with a source admittance. */
function reachedBySources(
  net: Network,
  branchActive: Uint8Array,
  gShunt: Float64Array,
  bShunt: Float64Array,
): Uint8Array {
  const nb = net.buses.count;
  const adj: number[][] = Array.from({ length: nb }, () => []);
  const { fromBus, toBus } = net.branches;
  for (let k = 0; k < branchActive.length; k++) {
    if (!branchActive[k]) continue;
    adj[fromBus[k]!]!.push(toBus[k]!);
    adj[toBus[k]!]!.push(fromBus[k]!);
  }
  const reached = new Uint8Array(nb);
  const queue: number[] = [];
  for (let i = 0; i < nb; i++) {
    if (gShunt[i] !== 0 || bShunt[i] !== 0) {
      reached[i] = 1;
      queue.push(i);
    }
  }
  for (let head = 0; head < queue.length; head++) {
    for (const j of adj[queue[head]!]!) {
      if (reached[j]) continue;
      reached[j] = 1;
      queue.push(j);
    }
  }
  return reached;
}
