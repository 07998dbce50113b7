import type { DcModel } from '../../powerflow/dcpf';
import { solveReducedB } from '../../powerflow/reduced-b';
import { findBridges } from '../../sensitivity/bridges';
import type { Contingency } from './contingency-set';

/**
 * Who makes up a lost unit's output (issue #30): 'slack', the island's reference, as MATPOWER's
 * rundcpf does after `apply_changes`; 'headroom', every other in-service unit of the island in
 * proportion to its room up (Pmax − Pg), as the product's sink moves generation.
 */
export type GenerationPickup = 'slack' | 'headroom';

export type OutageOutcome =
  /** `flows` holds every branch's post-contingency MW (0 on the branches taken out). */
  | { readonly kind: 'flows'; readonly pickupShortMw: number }
  /** The outage splits its island: no flows; `disconnectedMw` is the net MW the cut carried. */
  | { readonly kind: 'islanding'; readonly disconnectedMw: number; readonly buses: number }
  /**
   * Nothing to compute: every element named is already out of service, or a lost unit has no
   * one to make up its output (the reference unit alone under 'slack', no room under 'headroom').
   */
  | { readonly kind: 'skipped'; readonly reason: 'already-out' | 'no-pickup' };

export interface OutageEvaluator {
  /** Post-contingency flows of `c` into `flows` (length: branches), or why there are none. */
  evaluate(c: Contingency, flows: Float64Array): OutageOutcome;
  /**
   * The last contingency evaluate() gave flows for, applied to other flows (a transfer's per
   * MW): its branches cancelled by the same columns and system, no unit moved. Cheap: no solve.
   */
  compensate(input: ArrayLike<number>, out: Float64Array): void;
  /**
   * compensate() one entry at a time, for rows of a linear program (a window's, issue #30):
   * the last contingency's outaged branches K and their transfer columns A(·, j); weights(y)
   * turns y = v_K into the solution of (I − A_KK)·y = v_K, after which the compensated
   * v(m) = v(m) + Σ_j A(m, K_j)·y_j (0 on K itself). |K|² per input, not a pass over every branch.
   */
  compensation(): OutageCompensation;
}

export interface OutageCompensation {
  readonly outaged: readonly number[];
  readonly columns: readonly Float64Array[];
  weights(y: Float64Array): void;
}

/**
 * Exact DC flows after any set of simultaneous outages, from the intact network's factors
 * (no refactorisation): a lost unit's output moves to its pickup first; then the outaged
 * branches' flows are cancelled by the compensation method — for branches K, transfers x
 * across their terminals with (I − A_KK)·x = f_K, A(m, j) the MW on m per MW moved across
 * branch j, and f'(m) = f(m) + Σ_j A(m, j)·x_j. One K is one LODF column (N-1); a singular
 * (I − A_KK) is islanding, detected beforehand by connectivity.
 *
 * `base` are the flows (MW, as runDcPowerFlow gives them, phase shifts included) and unit
 * outputs the contingencies start from.
 */
export function makeOutageEvaluator(
  model: DcModel,
  base: { readonly flowsMw: ArrayLike<number>; readonly pgMw: ArrayLike<number> },
  options: { readonly pickup?: GenerationPickup } = {},
): OutageEvaluator {
  const pickup = options.pickup ?? 'slack';
  const { net, active, islands, bdc } = model;
  const nb = net.buses.count;
  const nl = net.branches.count;
  const { fromBus, toBus } = net.branches;
  const b = bdc.b;
  const baseMva = net.baseMva;
  const gens = net.generators;
  const bridges = findBridges(net, active.branchActive);
  const injection = new Float64Array(nb);
  const theta = new Float64Array(nb);
  // Per outaged branch j (at most `columns.length` at once): A(·, j) over every branch.
  let columns: Float64Array[] = [];
  const seen = new Int32Array(nb).fill(-1);
  let stamp = 0;
  // Adjacency of the in-service network, for islanding checks of several outages at once.
  const adjStart = new Int32Array(nb + 1);
  for (let k = 0; k < nl; k++) {
    if (!active.branchActive[k]) continue;
    adjStart[fromBus[k]! + 1]!++;
    adjStart[toBus[k]! + 1]!++;
  }
  for (let i = 0; i < nb; i++) adjStart[i + 1]! += adjStart[i]!;
  const adjBus = new Int32Array(adjStart[nb]!);
  const adjBranch = new Int32Array(adjStart[nb]!);
  {
    const fill = adjStart.slice(0, nb);
    for (let k = 0; k < nl; k++) {
      if (!active.branchActive[k]) continue;
      adjBus[fill[fromBus[k]!]!] = toBus[k]!;
      adjBranch[fill[fromBus[k]!]!++] = k;
      adjBus[fill[toBus[k]!]!] = fromBus[k]!;
      adjBranch[fill[toBus[k]!]!++] = k;
    }
  }
  const queue = new Int32Array(nb);
  const queueB = new Int32Array(nb);
  // Net base injection per bus (MW), for what an islanding outage cuts off.
  const netInjectionMw = new Float64Array(nb);
  for (let k = 0; k < nl; k++) {
    if (!active.branchActive[k]) continue;
    netInjectionMw[fromBus[k]!]! += base.flowsMw[k]!;
    netInjectionMw[toBus[k]!]! -= base.flowsMw[k]!;
  }

  /** Flows (MW) of the injection pattern in `injection` (pu); the island's slack absorbs. */
  function flowsOfInjection(out: Float64Array): void {
    theta.fill(0);
    solveReducedB(model.sensitivity, injection, theta);
    for (let m = 0; m < nl; m++) {
      out[m] = b[m] === 0 ? 0 : b[m]! * (theta[fromBus[m]!]! - theta[toBus[m]!]!) * baseMva;
    }
  }

  /** Buses reachable from `start` without the branches marked in `cut`; returns their count. */
  function reach(start: number, cut: Set<number>): number {
    stamp++;
    let head = 0;
    let tail = 0;
    queue[tail++] = start;
    seen[start] = stamp;
    while (head < tail) {
      const i = queue[head++]!;
      for (let p = adjStart[i]!; p < adjStart[i + 1]!; p++) {
        if (cut.has(adjBranch[p]!)) continue;
        const j = adjBus[p]!;
        if (seen[j] === stamp) continue;
        seen[j] = stamp;
        queue[tail++] = j;
      }
    }
    return tail;
  }

  /**
   * Whether `a` and `b` stay connected without the branches in `cut`: two searches in lockstep,
   * one from each end, so a radial part cut off costs its own size, not the island's. null when
   * they meet; else the side that ran out first, its buses left in `queue` or `queueB`.
   */
  function separated(
    a: number,
    b: number,
    cut: Set<number>,
  ): { fromA: boolean; count: number } | null {
    const stampA = ++stamp;
    const stampB = ++stamp;
    let headA = 0;
    let tailA = 0;
    let headB = 0;
    let tailB = 0;
    queue[tailA++] = a;
    seen[a] = stampA;
    queueB[tailB++] = b;
    seen[b] = stampB;
    for (;;) {
      if (headA === tailA) return { fromA: true, count: tailA };
      if (headB === tailB) return { fromA: false, count: tailB };
      const i = queue[headA++]!;
      for (let p = adjStart[i]!; p < adjStart[i + 1]!; p++) {
        if (cut.has(adjBranch[p]!)) continue;
        const j = adjBus[p]!;
        if (seen[j] === stampB) return null;
        if (seen[j] === stampA) continue;
        seen[j] = stampA;
        queue[tailA++] = j;
      }
      const u = queueB[headB++]!;
      for (let p = adjStart[u]!; p < adjStart[u + 1]!; p++) {
        if (cut.has(adjBranch[p]!)) continue;
        const j = adjBus[p]!;
        if (seen[j] === stampA) return null;
        if (seen[j] === stampB) continue;
        seen[j] = stampB;
        queueB[tailB++] = j;
      }
    }
  }

  /**
   * Whether taking out `outaged` splits an island: some outaged branch's ends no longer meet.
   * The part without the island's slack is what is cut off.
   */
  function islanding(outaged: number[]): { disconnectedMw: number; buses: number } | null {
    if (outaged.length === 1) {
      const k = outaged[0]!;
      if (!bridges[k]) return null;
    }
    const cut = new Set(outaged);
    for (const k of outaged) {
      const split = separated(fromBus[k]!, toBus[k]!, cut);
      if (split === null) continue;
      const part = split.fromA ? queue : queueB;
      let buses = split.count;
      const slack = islands.refBus[islands.islandByBus[fromBus[k]!]!]!;
      let holdsSlack = false;
      for (let q = 0; q < buses && slack >= 0; q++) if (part[q] === slack) holdsSlack = true;
      // The slack's side ran out first (a small network around it): the rest is cut off.
      if (holdsSlack) buses = reach(split.fromA ? toBus[k]! : fromBus[k]!, cut);
      const cutOff = holdsSlack ? queue : part;
      let mw = 0;
      for (let q = 0; q < buses; q++) mw += netInjectionMw[cutOff[q]!]!;
      return { disconnectedMw: Math.abs(mw), buses };
    }
    return null;
  }

  /** Moves each lost unit's output to its pickup: adds the flow change to `flows`. */
  function loseGenerators(lost: number[], flows: Float64Array, scratch: Float64Array): number {
    injection.fill(0);
    let short = 0;
    for (const g of lost) {
      const mw = base.pgMw[g]!;
      const bus = gens.bus[g]!;
      injection[bus]! -= mw / baseMva;
      const island = islands.islandByBus[bus]!;
      if (pickup === 'slack') {
        // The reference bus absorbs: nothing to inject there (it is grounded).
        continue;
      }
      let room = 0;
      for (let k = 0; k < gens.count; k++) {
        if (!active.genActive[k] || lost.includes(k)) continue;
        if (islands.islandByBus[gens.bus[k]!] !== island) continue;
        room += Math.max(gens.pmaxMw[k]! - base.pgMw[k]!, 0);
      }
      if (room <= 0) return Number.NaN;
      short += Math.max(mw - room, 0);
      for (let k = 0; k < gens.count; k++) {
        if (!active.genActive[k] || lost.includes(k)) continue;
        if (islands.islandByBus[gens.bus[k]!] !== island) continue;
        const share = Math.max(gens.pmaxMw[k]! - base.pgMw[k]!, 0) / room;
        injection[gens.bus[k]!]! += (mw * share) / baseMva;
      }
    }
    flowsOfInjection(scratch);
    for (let m = 0; m < nl; m++) flows[m]! += scratch[m]!;
    return short;
  }

  /** Under 'slack', a lost unit alone at its island's reference leaves nobody to pick up. */
  function slackUnitAlone(lost: number[]): boolean {
    if (pickup !== 'slack') return false;
    for (const g of lost) {
      const bus = gens.bus[g]!;
      const island = islands.islandByBus[bus]!;
      if (model.slackBuses.indexOf(bus) < 0 || islands.refBus[island] !== bus) continue;
      let others = false;
      for (let k = 0; k < gens.count; k++) {
        if (k !== g && active.genActive[k] && gens.bus[k] === bus && !lost.includes(k)) {
          others = true;
        }
      }
      if (!others) return true;
    }
    return false;
  }

  const scratch = new Float64Array(nl);
  /** The last evaluated contingency's outaged branches and its (I − A_KK), for compensate(). */
  let lastOutaged: number[] = [];
  let lastSystem = new Float64Array(0);
  const weights = (y: Float64Array): void => {
    const n = lastOutaged.length;
    if (n > 0) solveDense(Float64Array.from(lastSystem), y, n);
  };
  return {
    compensation: () => ({ outaged: lastOutaged, columns, weights }),
    compensate(input, out) {
      for (let m = 0; m < nl; m++) out[m] = input[m]!;
      const n = lastOutaged.length;
      if (n === 0) return;
      const x = Float64Array.from(lastOutaged, (k) => input[k]!);
      solveDense(Float64Array.from(lastSystem), x, n);
      for (let j = 0; j < n; j++) {
        const column = columns[j]!;
        const xj = x[j]!;
        for (let m = 0; m < nl; m++) out[m]! += column[m]! * xj;
      }
      for (const k of lastOutaged) out[k] = 0;
    },
    evaluate(c, flows) {
      lastOutaged = [];
      const outaged = c.branches.filter((k) => active.branchActive[k] && b[k] !== 0);
      const lost = c.generators.filter((g) => active.genActive[g] && base.pgMw[g] !== 0);
      const anyInService =
        c.branches.some((k) => active.branchActive[k]) ||
        c.generators.some((g) => active.genActive[g]);
      if (!anyInService) return { kind: 'skipped', reason: 'already-out' };
      const split = outaged.length === 0 ? null : islanding(outaged);
      if (split !== null) return { kind: 'islanding', ...split };
      if (slackUnitAlone(lost)) return { kind: 'skipped', reason: 'no-pickup' };

      for (let m = 0; m < nl; m++) flows[m] = base.flowsMw[m]!;
      let short = 0;
      if (lost.length > 0) {
        short = loseGenerators(lost, flows, scratch);
        if (Number.isNaN(short)) return { kind: 'skipped', reason: 'no-pickup' };
      }
      const n = outaged.length;
      if (n > 0) {
        while (columns.length < n) columns = [...columns, new Float64Array(nl)];
        for (let j = 0; j < n; j++) {
          const k = outaged[j]!;
          injection.fill(0);
          injection[fromBus[k]!] = 1;
          injection[toBus[k]!] = -1;
          theta.fill(0);
          solveReducedB(model.sensitivity, injection, theta);
          const column = columns[j]!;
          for (let m = 0; m < nl; m++) {
            column[m] = b[m] === 0 ? 0 : b[m]! * (theta[fromBus[m]!]! - theta[toBus[m]!]!);
          }
        }
        // (I − A_KK)·x = f_K, by Gaussian elimination with partial pivoting (n is small).
        const a = new Float64Array(n * n);
        const x = new Float64Array(n);
        for (let i = 0; i < n; i++) {
          x[i] = flows[outaged[i]!]!;
          for (let j = 0; j < n; j++) {
            a[i * n + j] = (i === j ? 1 : 0) - columns[j]![outaged[i]!]!;
          }
        }
        lastSystem = Float64Array.from(a);
        lastOutaged = outaged;
        solveDense(a, x, n);
        for (let j = 0; j < n; j++) {
          const column = columns[j]!;
          const xj = x[j]!;
          for (let m = 0; m < nl; m++) flows[m]! += column[m]! * xj;
        }
        for (const k of outaged) flows[k] = 0;
      }
      for (const k of c.branches) flows[k] = active.branchActive[k] ? flows[k]! : 0;
      return { kind: 'flows', pickupShortMw: short };
    },
  };
}

/** Solves a·x = rhs in place (row-major n×n, partial pivoting); `rhs` becomes x. */
export function solveDense(a: Float64Array, rhs: Float64Array, n: number): void {
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) {
      if (Math.abs(a[r * n + col]!) > Math.abs(a[pivot * n + col]!)) pivot = r;
    }
    if (pivot !== col) {
      for (let j = 0; j < n; j++) {
        const t = a[col * n + j]!;
        a[col * n + j] = a[pivot * n + j]!;
        a[pivot * n + j] = t;
      }
      const t = rhs[col]!;
      rhs[col] = rhs[pivot]!;
      rhs[pivot] = t;
    }
    const d = a[col * n + col]!;
    for (let r = col + 1; r < n; r++) {
      const f = a[r * n + col]! / d;
      if (f === 0) continue;
      for (let j = col; j < n; j++) a[r * n + j]! -= f * a[col * n + j]!;
      rhs[r]! -= f * rhs[col]!;
    }
  }
  for (let r = n - 1; r >= 0; r--) {
    let s = rhs[r]!;
    for (let j = r + 1; j < n; j++) s -= a[r * n + j]! * rhs[j]!;
    rhs[r] = s / a[r * n + r]!;
  }
}
