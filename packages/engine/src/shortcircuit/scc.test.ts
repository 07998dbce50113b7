import { readFileSync } from 'node:fs';
import { readReferenceText, referencePath } from '@holgura/test-fixtures';
import { describe, expect, it } from 'vitest';
import { loadCase } from '../io/load-case';
import { readMatpower } from '../io/matpower/read-matpower';
import type { Network } from '../model/network';
import { findBridges } from '../sensitivity/bridges';
import { shortCircuitStrength } from './scc';

/**
 * Short-circuit strength (issue #31) against the slow ways: Z_kk from a dense complex inverse
 * of Y built here from the branch data (Gauss–Jordan, nothing of the engine's sparse LU), and
 * the N-1 minimum from the network refactorised without each branch.
 */

type C = [number, number];
const mul = (a: C, b: C): C => [a[0] * b[0] - a[1] * b[1], a[0] * b[1] + a[1] * b[0]];
const div = (a: C, b: C): C => {
  const d = b[0] * b[0] + b[1] * b[1];
  return [(a[0] * b[0] + a[1] * b[1]) / d, (a[1] * b[0] - a[0] * b[1]) / d];
};

/** |Z_kk| for every bus by a dense inverse of Y (series branches with taps, units j·xd). */
function denseZkk(net: Network, xdPu: number): number[] {
  const n = net.buses.count;
  const y: C[][] = Array.from({ length: n }, () => Array.from({ length: n }, (): C => [0, 0]));
  const addTo = (i: number, j: number, v: C) => {
    y[i]![j] = [y[i]![j]![0] + v[0], y[i]![j]![1] + v[1]];
  };
  const b = net.branches;
  for (let k = 0; k < b.count; k++) {
    if (!b.inService[k]) continue;
    const ys = div([1, 0], [b.rPu[k]!, b.xPu[k]!]);
    const a = b.tapRatio[k] === 0 ? 1 : b.tapRatio[k]!;
    const f = b.fromBus[k]!;
    const t = b.toBus[k]!;
    addTo(f, f, [ys[0] / (a * a), ys[1] / (a * a)]);
    addTo(t, t, ys);
    addTo(f, t, [-ys[0] / a, -ys[1] / a]);
    addTo(t, f, [-ys[0] / a, -ys[1] / a]);
  }
  const g = net.generators;
  for (let u = 0; u < g.count; u++) {
    if (!g.inService[u]) continue;
    addTo(g.bus[u]!, g.bus[u]!, div([1, 0], [0, (xdPu * net.baseMva) / g.mBaseMva[u]!]));
  }
  // Gauss–Jordan on [Y | I].
  const inv: C[][] = Array.from({ length: n }, (_, i) =>
    Array.from({ length: n }, (_, j): C => (i === j ? [1, 0] : [0, 0])),
  );
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) {
      if (Math.hypot(...y[r]![c]!) > Math.hypot(...y[p]![c]!)) p = r;
    }
    [y[c], y[p]] = [y[p]!, y[c]!];
    [inv[c], inv[p]] = [inv[p]!, inv[c]!];
    const pivot = y[c]![c]!;
    for (let j = 0; j < n; j++) {
      y[c]![j] = div(y[c]![j]!, pivot);
      inv[c]![j] = div(inv[c]![j]!, pivot);
    }
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = y[r]![c]!;
      if (f[0] === 0 && f[1] === 0) continue;
      for (let j = 0; j < n; j++) {
        const a = mul(f, y[c]![j]!);
        y[r]![j] = [y[r]![j]![0] - a[0], y[r]![j]![1] - a[1]];
        const e = mul(f, inv[c]![j]!);
        inv[r]![j] = [inv[r]![j]![0] - e[0], inv[r]![j]![1] - e[1]];
      }
    }
  }
  return inv.map((row, k) => Math.hypot(...row[k]!));
}

const cases = {
  case9: readMatpower(readReferenceText('cases/case9.m')).network,
  case30: readMatpower(readReferenceText('cases/case30.m')).network,
  case118: readMatpower(readReferenceText('cases/case118.m')).network,
};

describe('shortCircuitStrength', () => {
  it.each(Object.keys(cases) as (keyof typeof cases)[])(
    '%s: Scc max of every bus equals c·S/|Z_kk| of a dense inverse of Y',
    (name) => {
      const net = cases[name];
      const r = shortCircuitStrength(net, { xdPu: 0.2, n1: false });
      expect(r.status).toBe('ok');
      expect(r.machines.fromXd).toBe(net.generators.inService.reduce((s, v) => s + v, 0));
      const z = denseZkk(net, 0.2);
      z.forEach((zkk, k) => {
        expect(r.sccMaxMva[k]! / ((1.1 * net.baseMva) / zkk)).toBeCloseTo(1, 10);
        expect(r.sccMinMva[k]! / ((1.0 * net.baseMva) / zkk)).toBeCloseTo(1, 10);
        const kv = net.buses.baseKv[k]!;
        if (kv > 0) {
          expect(r.faultCurrentKa[k]).toBeCloseTo(r.sccMaxMva[k]! / (Math.sqrt(3) * kv), 9);
        }
      });
    },
  );

  it.each(['case30', 'case118'] as const)(
    '%s: the N-1 minimum equals the network refactorised without each branch',
    (name) => {
      const net = cases[name];
      const r = shortCircuitStrength(net, { xdPu: 0.2 });
      const bridges = findBridges(net, Uint8Array.from(net.branches.inService));
      const least = Float64Array.from(
        shortCircuitStrength(net, { xdPu: 0.2, n1: false }).sccMinMva,
      );
      const byOutage = new Map<number, Float64Array>();
      for (let l = 0; l < net.branches.count; l++) {
        if (!net.branches.inService[l] || bridges[l]) continue;
        const inService = Uint8Array.from(net.branches.inService);
        inService[l] = 0;
        const without = shortCircuitStrength(
          { ...net, branches: { ...net.branches, inService } },
          { xdPu: 0.2, n1: false },
        );
        byOutage.set(l, without.sccMinMva);
        without.sccMinMva.forEach((v, k) => (least[k] = Math.min(least[k]!, v)));
      }
      least.forEach((v, k) => {
        expect(r.sccMinMva[k]! / v, `bus ${k}`).toBeCloseTo(1, 9);
        // The outage it names gives that minimum (parallel circuits tie: either may be named).
        const named = r.minOutage[k]!;
        if (named >= 0) expect(byOutage.get(named)![k]! / v, `bus ${k}`).toBeCloseTo(1, 9);
      });
      // The N-1 minimum is below the base case's minimum somewhere.
      expect(r.minOutage.some((l) => l >= 0)).toBe(true);
    },
  );

  it('says unavailable for a MATPOWER case without a reactance, and placeholder for a RAW export', async () => {
    expect(shortCircuitStrength(cases.case30).status).toBe('unavailable');
    const raw = async (name: 'case30.raw' | 'three_winding_test.raw') =>
      (await loadCase(new Uint8Array(readFileSync(referencePath(`unscored/pti/${name}`))))).network;
    const exported = shortCircuitStrength(await raw('case30.raw'));
    expect(exported.status).toBe('placeholder');
    expect(exported.sccMaxMva).toHaveLength(0);
    expect(exported.machines.placeholder).toBe(6);
    // With a reactance given, the placeholder units take it.
    const given = shortCircuitStrength(await raw('case30.raw'), { xdPu: 0.25 });
    expect(given.status).toBe('ok');
    expect(given.machines.fromXd).toBe(6);
    // Real machine data: ZSORCE behind the step-up transformer, on MBASE.
    const real = shortCircuitStrength(await raw('three_winding_test.raw'));
    expect(real.status).toBe('ok');
    expect(real.machines).toMatchObject({ fromFile: 2, fromXd: 0, without: 0 });
    expect(real.sccMaxMva.some((v) => v > 0)).toBe(true);
  });
});
