import type { LuFactors } from '../linalg/lu';
import { luFactor, luRefactor, luSolve } from '../linalg/lu';
import { minimumDegree } from '../linalg/minimum-degree';
import { inServiceMask, type InService } from '../model/indexing';
import { findIslands } from '../model/islands';
import type { Network } from '../model/network';
import { BusType } from '../model/network';
import { EngineError } from '../util/engine-error';
import type { Ybus } from './make-ybus';
import { makeYbus, ybusCurrents } from './make-ybus';
import { fillJacobian, layoutJacobian, type JacobianLayout } from './newton-jacobian';

/** What changes from the network the solver was built on: the dispatch, the load and outages. */
export interface AcState {
  /** Active power per generator row, MW. */
  readonly pgMw: Float64Array;
  /** Active load per bus row, MW. */
  readonly pdMw: Float64Array;
  /** Branch rows out of service (must not split an energised island: see `splits`). */
  readonly branchesOut?: readonly number[];
  /** Generator rows out of service. */
  readonly generatorsOut?: readonly number[];
}

export interface AcSolution {
  readonly converged: boolean;
  /** Newton iterations over every round of reactive-limit switching. */
  readonly iterations: number;
  readonly vmPu: Float64Array;
  /** Radians. */
  readonly vaRad: Float64Array;
  /** Per branch, the larger of its two ends' apparent power, MVA (0 when out). */
  readonly branchMva: Float64Array;
  /** Reactive power the units at each bus give, Mvar (0 where no unit regulates). */
  readonly qGenMvar: Float64Array;
  /**
   * At a voltage-regulating bus whose units reached a reactive limit and let the voltage go: +1
   * at Qmax (the voltage sags below the set point), −1 at Qmin (it rises above); else 0.
   */
  readonly reactiveLimited: Int8Array;
  /** 1 at a reference bus. */
  readonly isReference: Uint8Array;
}

/** Where a solve starts: a previous solution of a nearby state, with its reactive-limit switches. */
export type AcStart = Pick<AcSolution, 'vmPu' | 'vaRad'> &
  Partial<Pick<AcSolution, 'reactiveLimited'>>;

export interface AcSolverOptions {
  /** Infinity-norm mismatch tolerance in pu (MATPOWER pf.tol, default 1e-8). */
  readonly tolerance?: number;
  /** Newton iterations per round (MATPOWER pf.nr.max_it, default 10). */
  readonly maxIterations?: number;
  /** Switch regulating buses to PQ at their units' reactive limits (default true). */
  readonly enforceReactiveLimits?: boolean;
}

/** Reactive excess below which a unit is within its limits, Mvar (round-off of the solve). */
const Q_LIMIT_SLACK_MVAR = 1e-4;
/** Mismatch (pu) below which a Newton step may reuse the last factors (a chord step). */
const CHORD_MISMATCH_PU = 1e-3;
/** A chord step follows only a step that cut the mismatch at least this much. */
const CHORD_RATIO = 0.05;
/** Mismatch (pu) below which the units' Q is near enough its final value to switch on. */
const SWITCH_MISMATCH_PU = 1e-3;

/**
 * Newton power flows of one network under many dispatches and outages (issue #31's AC
 * verification: the same case solved tens of times at different injections and contingencies).
 *
 * What makes it cheap: every energised bus other than a reference keeps both its angle and its
 * magnitude as unknowns; a voltage-regulating bus writes the equation ΔVm = 0 in its reactive
 * row. The Jacobian's pattern is then the same whatever the roles, the reactive-limit switches
 * or the branch outages (an outage takes the branch's numbers out of the admittance matrix and
 * leaves its pattern), so it is ordered once and every solve only refactors numbers.
 *
 * Reactive limits as MATPOWER's runpf with pf.enforce_q_lims = 1: after a converged solve, every
 * regulating bus whose units would give more than their summed Qmax (less than Qmin) becomes PQ
 * at that limit, and the flow is solved again from there, until none is beyond. Reference buses
 * hold their voltage whatever their Q (their units' excess is reported, not switched).
 */
export class AcSolver {
  private readonly net: Network;
  private readonly active: InService;
  private readonly energised: Uint8Array;
  private readonly isRefBase: Uint8Array;
  private readonly islandCount: number;
  private readonly y: Ybus;
  private readonly baseRe: Float64Array;
  private readonly baseIm: Float64Array;
  private readonly lay: JacobianLayout;
  private readonly ordering: Int32Array;
  /** Per bus row i: the Jacobian value slots of its reactive row, and its diagonal slot. */
  private readonly qRowStart: Int32Array;
  private readonly qRowSlots: Int32Array;
  private readonly qDiagSlot: Int32Array;
  private readonly tolerance: number;
  private readonly maxIterations: number;
  private readonly enforceReactiveLimits: boolean;
  /**
   * The last factors, refactored with their pivots by the next solve: one fresh factorisation
   * costs as much as the rest of a warm solve. A solve that fails to converge on reused pivots
   * is done again on fresh ones, so a stale pivot order never reads as a divergent case.
   */
  private lu: LuFactors | null = null;
  /** What the solver has done so far (for benchmarks): solves, Newton steps, factorisations. */
  readonly work = { solves: 0, iterations: 0, factorizations: 0, switches: 0 };

  constructor(net: Network, options: AcSolverOptions = {}) {
    this.net = net;
    this.tolerance = options.tolerance ?? 1e-8;
    this.maxIterations = options.maxIterations ?? 10;
    this.enforceReactiveLimits = options.enforceReactiveLimits ?? true;
    const { buses, generators: gen } = net;
    const nb = buses.count;
    this.active = inServiceMask(net);
    const islands = findIslands(net, this.active);
    this.islandCount = islands.count;
    const hasGen = new Uint8Array(nb);
    for (let g = 0; g < gen.count; g++) if (this.active.genActive[g]) hasGen[gen.bus[g]] = 1;
    this.energised = new Uint8Array(nb);
    this.isRefBase = new Uint8Array(nb);
    const isVar = new Uint8Array(nb);
    for (let i = 0; i < nb; i++) {
      const isl = islands.islandByBus[i];
      if (isl < 0 || !islands.hasGeneration[isl]) continue;
      this.energised[i] = 1;
      if (islands.refBus[isl] === i || (buses.type[i] === BusType.REF && hasGen[i])) {
        this.isRefBase[i] = 1;
      } else {
        isVar[i] = 1;
      }
    }
    this.y = makeYbus(net, this.active.branchActive);
    this.baseRe = Float64Array.from(this.y.re);
    this.baseIm = Float64Array.from(this.y.im);
    this.lay = layoutJacobian(this.y, isVar, isVar);
    this.ordering = minimumDegree(this.lay.jac);
    const { colPtr, rowIdx } = this.y;
    const count = new Int32Array(nb + 1);
    for (let p = 0; p < rowIdx.length; p++) count[rowIdx[p] + 1]++;
    this.qRowStart = new Int32Array(nb + 1);
    for (let i = 0; i < nb; i++) this.qRowStart[i + 1] = this.qRowStart[i] + 2 * count[i + 1];
    this.qRowSlots = new Int32Array(this.qRowStart[nb]).fill(-1);
    this.qDiagSlot = new Int32Array(nb).fill(-1);
    const fill = Int32Array.from(this.qRowStart.subarray(0, nb));
    for (let k = 0; k < nb; k++) {
      for (let p = colPtr[k]; p < colPtr[k + 1]; p++) {
        const i = rowIdx[p];
        this.qRowSlots[fill[i]++] = this.lay.slot[4 * p + 2];
        this.qRowSlots[fill[i]++] = this.lay.slot[4 * p + 3];
        if (i === k) this.qDiagSlot[i] = this.lay.slot[4 * p + 3];
      }
    }
  }

  /** Whether taking these branches out splits an energised island (the solver refuses those). */
  splits(branchesOut: readonly number[]): boolean {
    if (branchesOut.length === 0) return false;
    const branchActive = Uint8Array.from(this.active.branchActive);
    for (const k of branchesOut) branchActive[k] = 0;
    const islands = findIslands(this.net, { ...this.active, branchActive });
    return islands.count !== this.islandCount;
  }

  /**
   * One AC power flow of `state`, from `start` (a previous solution of a nearby state: two or
   * three iterations instead of four or five) or from the case's voltages with the units' set
   * points, as MATPOWER's runpf.
   */
  solve(state: AcState, start?: AcStart): AcSolution {
    const first = this.solveOnce(state, start);
    if (first.converged || (start === undefined && this.lu === null)) return first;
    // Reused pivots or a warm start from a state too far away can fail where MATPOWER's start
    // (the case's voltages, fresh factors) does not: a failure is only reported from there.
    this.lu = null;
    return this.solveOnce(state);
  }

  private solveOnce(state: AcState, start?: AcStart): AcSolution {
    this.work.solves++;
    const { net } = this;
    const { buses, generators: gen, branches: br } = net;
    const nb = buses.count;
    const base = net.baseMva;
    const branchesOut = state.branchesOut ?? [];
    const genOn = Uint8Array.from(this.active.genActive);
    for (const g of state.generatorsOut ?? []) genOn[g] = 0;
    for (const k of branchesOut) this.removeBranch(k);
    try {
      const hasGen = new Uint8Array(nb);
      const qmin = new Float64Array(nb);
      const qmax = new Float64Array(nb);
      const sRe = new Float64Array(nb);
      const sIm = new Float64Array(nb);
      for (let i = 0; i < nb; i++) {
        sRe[i] = -state.pdMw[i] / base;
        sIm[i] = -buses.qdMvar[i] / base;
      }
      for (let g = 0; g < gen.count; g++) {
        if (!genOn[g]) continue;
        const i = gen.bus[g];
        sRe[i] += state.pgMw[g] / base;
        sIm[i] += gen.qgMvar[g] / base;
        // A unit regulates only where the case says so (a PV or REF bus), as in runpf.
        if (buses.type[i] === BusType.PV || buses.type[i] === BusType.REF) {
          hasGen[i] = 1;
          qmin[i] += gen.qminMvar[g];
          qmax[i] += gen.qmaxMvar[g];
        }
      }
      // Roles: 2 reference, 1 regulating (ΔVm = 0), 0 PQ.
      const role = new Uint8Array(nb);
      for (let i = 0; i < nb; i++) {
        if (!this.energised[i]) continue;
        if (this.isRefBase[i]) role[i] = 2;
        else if (hasGen[i]) role[i] = 1;
      }
      const vm = new Float64Array(nb);
      const va = new Float64Array(nb);
      if (start) {
        vm.set(start.vmPu);
        va.set(start.vaRad);
      } else {
        vm.set(buses.vmPu);
        for (let i = 0; i < nb; i++) va[i] = (buses.vaDeg[i] * Math.PI) / 180;
      }
      // Set points at regulating and reference buses (the last unit listed wins, as runpf).
      const vSet = new Float64Array(nb);
      for (let g = 0; g < gen.count; g++) {
        const i = gen.bus[g];
        if (genOn[g] && role[i] !== 0) vSet[i] = gen.vgPu[g];
      }
      const reactiveLimited = new Int8Array(nb);
      const qFree = Float64Array.from(sIm);
      const pin = (i: number, side: number): void => {
        role[i] = 0;
        reactiveLimited[i] = side;
        sIm[i] = ((side > 0 ? qmax[i] : qmin[i]) - buses.qdMvar[i]) / base;
      };
      for (let i = 0; i < nb; i++) {
        if (role[i] === 0) continue;
        const side = start?.reactiveLimited?.[i] ?? 0;
        if (role[i] === 1 && side !== 0 && this.enforceReactiveLimits) pin(i, side);
        else vm[i] = vSet[i];
      }
      let iterations = 0;
      let converged = false;
      const qInj = new Float64Array(nb);
      const switchAtLimits = (): number => {
        this.reactiveInjections(vm, va, qInj);
        let switched = 0;
        for (let i = 0; i < nb; i++) {
          if (role[i] === 1) {
            const q = qInj[i] * base + buses.qdMvar[i];
            if (q > qmax[i] + Q_LIMIT_SLACK_MVAR) pin(i, 1);
            else if (q < qmin[i] - Q_LIMIT_SLACK_MVAR) pin(i, -1);
            else continue;
            switched++;
          } else if (reactiveLimited[i] !== 0) {
            // Back to regulating when the voltage sits on the set point's wrong side for the
            // limit held (at Qmax it can only sag): a warm start from a heavier state, or a
            // switch an earlier round made that this state no longer needs.
            const side = reactiveLimited[i];
            if ((side > 0 && vm[i] <= vSet[i]) || (side < 0 && vm[i] >= vSet[i])) continue;
            role[i] = 1;
            reactiveLimited[i] = 0;
            sIm[i] = qFree[i];
            vm[i] = vSet[i];
            switched++;
          }
        }
        return switched;
      };
      const switcher = this.enforceReactiveLimits ? switchAtLimits : null;
      for (let round = 0; round < 20; round++) {
        const r = this.newton(sRe, sIm, vm, va, role, switcher);
        iterations += r.iterations;
        converged = r.converged;
        // Switches made near the solution are checked once more at it.
        if (!converged || switcher === null || switcher() === 0) break;
        converged = false;
      }
      this.reactiveInjections(vm, va, qInj);
      const qGenMvar = new Float64Array(nb);
      const isReference = new Uint8Array(nb);
      for (let i = 0; i < nb; i++) {
        if (role[i] === 2) isReference[i] = 1;
        if (role[i] !== 0) qGenMvar[i] = qInj[i] * base + buses.qdMvar[i];
        else if (reactiveLimited[i]) qGenMvar[i] = sIm[i] * base + buses.qdMvar[i];
        if (!this.energised[i]) {
          vm[i] = 0;
          va[i] = 0;
        }
      }
      const branchMva = new Float64Array(br.count);
      if (converged) this.branchFlows(vm, va, branchMva, branchesOut);
      return {
        converged,
        iterations,
        vmPu: vm,
        vaRad: va,
        branchMva,
        qGenMvar,
        reactiveLimited,
        isReference,
      };
    } finally {
      this.y.re.set(this.baseRe);
      this.y.im.set(this.baseIm);
    }
  }

  /** The Newton iterations of one round (MATPOWER newtonpf, polar), in place on vm and va. */
  private newton(
    sRe: Float64Array,
    sIm: Float64Array,
    vm: Float64Array,
    va: Float64Array,
    role: Uint8Array,
    switcher: (() => number) | null,
  ): { converged: boolean; iterations: number } {
    const { y, lay } = this;
    const n = y.n;
    const vRe = new Float64Array(n);
    const vIm = new Float64Array(n);
    const iRe = new Float64Array(n);
    const iIm = new Float64Array(n);
    const f = new Float64Array(lay.size);
    const dx = new Float64Array(lay.size);
    const evaluate = (): number => {
      ybusCurrents(y, vm, va, vRe, vIm, iRe, iIm);
      let norm = 0;
      for (let i = 0; i < n; i++) {
        if (lay.vaPos[i] < 0) continue;
        const pm = vRe[i] * iRe[i] + vIm[i] * iIm[i] - sRe[i];
        f[lay.vaPos[i]] = pm;
        norm = Math.max(norm, Math.abs(pm));
        if (role[i] === 0) {
          const qm = vIm[i] * iRe[i] - vRe[i] * iIm[i] - sIm[i];
          f[lay.vmPos[i]] = qm;
          norm = Math.max(norm, Math.abs(qm));
        } else {
          f[lay.vmPos[i]] = 0;
        }
      }
      return norm;
    };
    let mismatch = evaluate();
    let iterations = 0;
    // Each switch gives the solve a fresh budget of iterations (the flow moves again), within
    // five budgets in all.
    let sinceSwitch = 0;
    let mayswitch = true;
    let switches = 0;
    // The round of switches this.lu was factored in (−1: none yet in this call).
    let factoredAtSwitch = -1;
    let previous = Infinity;
    while (
      mismatch >= this.tolerance &&
      sinceSwitch < this.maxIterations &&
      iterations < 5 * this.maxIterations
    ) {
      // Reactive limits are checked as soon as Q is near its final value, not after a full
      // solve: one Newton solve then settles the flow and the switches together.
      if (switcher !== null && mayswitch && mismatch < SWITCH_MISMATCH_PU) {
        mayswitch = false;
        if (switcher() > 0) {
          switches++;
          this.work.switches++;
          sinceSwitch = 0;
          mismatch = evaluate();
          continue;
        }
      }
      iterations++;
      this.work.iterations++;
      sinceSwitch++;
      // Near the solution the last factors still fit (a chord step), as long as no role
      // changed since and the last step cut the mismatch well; else refactor.
      const chord =
        factoredAtSwitch === switches &&
        mismatch < CHORD_MISMATCH_PU &&
        mismatch < CHORD_RATIO * previous;
      if (!chord) {
        this.factor(vRe, vIm, vm, iRe, iIm, role);
        if (this.lu === null) return { converged: false, iterations };
        factoredAtSwitch = switches;
      }
      previous = mismatch;
      const lu = this.lu;
      if (lu === null) return { converged: false, iterations };
      luSolve(lu, f, dx);
      for (let i = 0; i < n; i++) {
        if (lay.vaPos[i] < 0) continue;
        const a = va[i] - dx[lay.vaPos[i]];
        va[i] = Math.atan2(Math.sin(a), Math.cos(a));
        vm[i] -= dx[lay.vmPos[i]];
      }
      mismatch = evaluate();
      mayswitch = true;
      if (!Number.isFinite(mismatch)) break;
    }
    return { converged: mismatch < this.tolerance, iterations };
  }

  /** The Jacobian at the current iterate, factored into this.lu (null when singular). */
  private factor(
    vRe: Float64Array,
    vIm: Float64Array,
    vm: Float64Array,
    iRe: Float64Array,
    iIm: Float64Array,
    role: Uint8Array,
  ): void {
    const { y, lay } = this;
    const n = y.n;
    const jv = lay.jac.values;
    this.work.factorizations++;
    fillJacobian(lay, y, vRe, vIm, vm, iRe, iIm);
    // A regulating bus: its reactive row becomes ΔVm = 0 and, since its ΔVm is then 0, its
    // magnitude column is cleared too — the pivot stays on the diagonal and adds no fill.
    const { colPtr } = y;
    for (let i = 0; i < n; i++) {
      if (lay.vmPos[i] < 0 || role[i] === 0) continue;
      for (let s = this.qRowStart[i]; s < this.qRowStart[i + 1]; s++) {
        const q = this.qRowSlots[s];
        if (q >= 0) jv[q] = 0;
      }
      for (let p = colPtr[i]; p < colPtr[i + 1]; p++) {
        const q1 = lay.slot[4 * p + 1];
        const q3 = lay.slot[4 * p + 3];
        if (q1 >= 0) jv[q1] = 0;
        if (q3 >= 0) jv[q3] = 0;
      }
      jv[this.qDiagSlot[i]] = 1;
    }
    try {
      if (this.lu === null) this.lu = luFactor(lay.jac, this.ordering);
      else luRefactor(this.lu, lay.jac);
    } catch (e) {
      if (!(e instanceof EngineError)) throw e;
      try {
        // A pivot that vanished under the kept pivot order: factor afresh with new pivots.
        this.lu = luFactor(lay.jac, this.ordering);
      } catch (e2) {
        // A singular Jacobian is a failed solve (a result), not a crash.
        if (!(e2 instanceof EngineError)) throw e2;
        this.lu = null;
      }
    }
  }

  /** Q injected at every bus by the network (Ybus as it stands), pu. */
  private reactiveInjections(vm: Float64Array, va: Float64Array, out: Float64Array): void {
    const n = this.y.n;
    const vRe = new Float64Array(n);
    const vIm = new Float64Array(n);
    const iRe = new Float64Array(n);
    const iIm = new Float64Array(n);
    ybusCurrents(this.y, vm, va, vRe, vIm, iRe, iIm);
    for (let i = 0; i < n; i++) out[i] = vIm[i] * iRe[i] - vRe[i] * iIm[i];
  }

  private branchFlows(
    vm: Float64Array,
    va: Float64Array,
    out: Float64Array,
    branchesOut: readonly number[],
  ): void {
    const { y } = this;
    const br = this.net.branches;
    const base = this.net.baseMva;
    const off = new Set(branchesOut);
    for (let k = 0; k < br.count; k++) {
      if (!this.active.branchActive[k] || off.has(k)) continue;
      const f = br.fromBus[k];
      const t = br.toBus[k];
      const fRe = vm[f] * Math.cos(va[f]);
      const fIm = vm[f] * Math.sin(va[f]);
      const tRe = vm[t] * Math.cos(va[t]);
      const tIm = vm[t] * Math.sin(va[t]);
      const ifRe = y.yffRe[k] * fRe - y.yffIm[k] * fIm + y.yftRe[k] * tRe - y.yftIm[k] * tIm;
      const ifIm = y.yffRe[k] * fIm + y.yffIm[k] * fRe + y.yftRe[k] * tIm + y.yftIm[k] * tRe;
      const itRe = y.ytfRe[k] * fRe - y.ytfIm[k] * fIm + y.yttRe[k] * tRe - y.yttIm[k] * tIm;
      const itIm = y.ytfRe[k] * fIm + y.ytfIm[k] * fRe + y.yttRe[k] * tIm + y.yttIm[k] * tRe;
      // |S| = |V|·|I| at each end.
      const sf = vm[f] * Math.hypot(ifRe, ifIm);
      const st = vm[t] * Math.hypot(itRe, itIm);
      out[k] = Math.max(sf, st) * base;
    }
  }

  /** Takes branch k's admittances out of the matrix's numbers (its pattern stays). */
  private removeBranch(k: number): void {
    if (!this.active.branchActive[k]) return;
    const y = this.y;
    const f = this.net.branches.fromBus[k];
    const t = this.net.branches.toBus[k];
    const sub = (i: number, j: number, re: number, im: number): void => {
      const p = this.entry(i, j);
      y.re[p] -= re;
      y.im[p] -= im;
    };
    sub(f, f, y.yffRe[k], y.yffIm[k]);
    sub(t, t, y.yttRe[k], y.yttIm[k]);
    sub(f, t, y.yftRe[k], y.yftIm[k]);
    sub(t, f, y.ytfRe[k], y.ytfIm[k]);
  }

  private entry(i: number, j: number): number {
    const { colPtr, rowIdx } = this.y;
    let lo = colPtr[j];
    let hi = colPtr[j + 1] - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (rowIdx[mid] < i) lo = mid + 1;
      else if (rowIdx[mid] > i) hi = mid - 1;
      else return mid;
    }
    throw new Error(`Ybus entry (${i}, ${j}) missing from its own pattern`);
  }
}
