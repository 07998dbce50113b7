import { readReferenceText } from '@holgura/test-fixtures';
import { describe, expect, it } from 'vitest';
import { readMatpower } from '../io/matpower/read-matpower';
import type { Network } from '../model/network';
import { BusType } from '../model/network';
import { AcSolver, type AcSolution } from './ac-solver';
import { runAcPowerFlow } from './acpf';

const case118 = readMatpower(readReferenceText('cases/case118.m')).network;
const activsg200 = readMatpower(readReferenceText('cases/case_ACTIVSg200.m')).network;

const fileState = (net: Network) => ({ pgMw: net.generators.pgMw, pdMw: net.buses.pdMw });

function maxDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i]! - b[i]!));
  return worst;
}

/** Each bus's summed unit reactive range, where the case has units regulating. */
function reactiveRanges(net: Network): { qmin: Float64Array; qmax: Float64Array } {
  const qmin = new Float64Array(net.buses.count);
  const qmax = new Float64Array(net.buses.count);
  const g = net.generators;
  for (let k = 0; k < g.count; k++) {
    if (!g.inService[k]) continue;
    qmin[g.bus[k]] += g.qminMvar[k];
    qmax[g.bus[k]] += g.qmaxMvar[k];
  }
  return { qmin, qmax };
}

/** The voltage set point of each regulating bus (the last unit listed wins). */
function setPoints(net: Network): Float64Array {
  const v = new Float64Array(net.buses.count);
  const g = net.generators;
  for (let k = 0; k < g.count; k++) if (g.inService[k]) v[g.bus[k]] = g.vgPu[k];
  return v;
}

/** The complementarity of reactive limits: within range and on set point, or at a limit and off it. */
function expectReactiveLimitsHeld(net: Network, s: AcSolution): number {
  const { qmin, qmax } = reactiveRanges(net);
  const vSet = setPoints(net);
  let limited = 0;
  for (let i = 0; i < net.buses.count; i++) {
    const t = net.buses.type[i];
    if (t !== BusType.PV || s.isReference[i]) continue;
    const side = s.reactiveLimited[i]!;
    if (side === 0) {
      expect(s.qGenMvar[i]!).toBeGreaterThanOrEqual(qmin[i]! - 1e-3);
      expect(s.qGenMvar[i]!).toBeLessThanOrEqual(qmax[i]! + 1e-3);
      expect(s.vmPu[i]!).toBeCloseTo(vSet[i]!, 9);
    } else {
      limited++;
      expect(s.qGenMvar[i]!).toBeCloseTo(side > 0 ? qmax[i]! : qmin[i]!, 6);
      // At Qmax the voltage can only sag below its set point; at Qmin only rise above it.
      expect(side * (vSet[i]! - s.vmPu[i]!)).toBeGreaterThanOrEqual(-1e-9);
    }
  }
  return limited;
}

describe('AcSolver', () => {
  it('without reactive limits is runpf: the same voltages as runAcPowerFlow, with and without an outage', () => {
    for (const net of [case118, activsg200]) {
      const solver = new AcSolver(net, { enforceReactiveLimits: false });
      const s = solver.solve(fileState(net));
      const ref = runAcPowerFlow(net);
      expect(s.converged).toBe(true);
      expect(maxDiff(s.vmPu, ref.vmPu)).toBeLessThan(1e-9);
      const k = 5;
      const inService = Uint8Array.from(net.branches.inService);
      inService[k] = 0;
      const out = runAcPowerFlow({ ...net, branches: { ...net.branches, inService } });
      const so = solver.solve({ ...fileState(net), branchesOut: [k] }, s);
      expect(maxDiff(so.vmPu, out.vmPu)).toBeLessThan(1e-8);
      for (let m = 0; m < net.branches.count; m++) {
        if (m === k) {
          expect(so.branchMva[m]).toBe(0);
          continue;
        }
        const mva = Math.max(
          Math.hypot(out.pfMw[m]!, out.qfMvar[m]!),
          Math.hypot(out.ptMw[m]!, out.qtMvar[m]!),
        );
        expect(so.branchMva[m]!).toBeCloseTo(mva, 5);
      }
    }
  });

  it('holds every regulating unit within its reactive range, and a bus at a limit lets its voltage go the right way', () => {
    const solver = new AcSolver(case118);
    const s = solver.solve(fileState(case118));
    expect(s.converged).toBe(true);
    // case118's units at their file dispatch exceed their Q range at several buses.
    expect(expectReactiveLimitsHeld(case118, s)).toBeGreaterThan(0);
  });

  it('finds the same solution from a warm start of another state as from the case voltages', () => {
    const solver = new AcSolver(case118);
    const heavy = Float64Array.from(case118.buses.pdMw, (p) => p * 1.15);
    const pg = Float64Array.from(case118.generators.pgMw, (p) => p * 1.15);
    const start = solver.solve({ pgMw: pg, pdMw: heavy, branchesOut: [7] });
    expect(start.converged).toBe(true);
    const cold = new AcSolver(case118).solve(fileState(case118));
    const warm = solver.solve(fileState(case118), start);
    expect(warm.converged).toBe(true);
    expect(maxDiff(warm.vmPu, cold.vmPu)).toBeLessThan(1e-7);
    expect(Array.from(warm.reactiveLimited)).toEqual(Array.from(cold.reactiveLimited));
    expectReactiveLimitsHeld(case118, warm);
  });

  it('knows an outage that splits an island', () => {
    const solver = new AcSolver(activsg200);
    const br = activsg200.branches;
    // A bus with one branch only: its branch is a bridge.
    const degree = new Int32Array(activsg200.buses.count);
    for (let k = 0; k < br.count; k++) {
      if (!br.inService[k]) continue;
      degree[br.fromBus[k]!]++;
      degree[br.toBus[k]!]++;
    }
    let bridge = -1;
    for (let k = 0; k < br.count && bridge < 0; k++) {
      if (br.inService[k] && (degree[br.fromBus[k]!] === 1 || degree[br.toBus[k]!] === 1))
        bridge = k;
    }
    expect(bridge).toBeGreaterThanOrEqual(0);
    expect(solver.splits([bridge])).toBe(true);
    expect(solver.splits([])).toBe(false);
  });
});
