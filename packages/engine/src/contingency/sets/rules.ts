import type { Network } from '../../model/network';
import { branchKv } from '../n1';
import { countContingencies, type Contingency, type ContingencySet } from './contingency-set';

/**
 * Contingencies by rule instead of a file (issue #30): what a planner ticks in a form. Each rule
 * takes only equipment in service (never a closed switch or jumper, docs/analysis.md §1); the
 * filters apply to all of them.
 */
export interface ContingencyRules {
  /** Each branch alone (N-1). */
  readonly singleBranches: boolean;
  /** Every set of two or more circuits between the same two buses, out together (N-2 or more). */
  readonly parallelCircuits: boolean;
  /** Each generating unit alone, its output made up by the others (G-1). */
  readonly units: boolean;
  /** Only elements whose higher-voltage end (a unit: its bus) is at least this many kV. */
  readonly minKv?: number;
  /** Only elements with a bus in one of these areas (a branch: either end). */
  readonly areas?: readonly number[];
  /** The same by zone. */
  readonly zones?: readonly number[];
}

/**
 * The contingencies the rules give on `net`, in case order: branches (`N-1 1`, …), then parallel
 * circuits (`N-2 1`, … whatever their count), then units (`G-1 1`, …). A unit that produces
 * nothing is left out: losing it changes no flow.
 */
export function expandContingencyRules(net: Network, rules: ContingencyRules): ContingencySet {
  const { buses, branches, generators } = net;
  const areas = rules.areas === undefined ? null : new Set(rules.areas);
  const zones = rules.zones === undefined ? null : new Set(rules.zones);
  const minKv = rules.minKv ?? 0;
  const busIn = (b: number) =>
    (areas === null || areas.has(buses.area[b]!)) && (zones === null || zones.has(buses.zone[b]!));
  const branchIn = (k: number) =>
    branches.inService[k] === 1 &&
    !branches.switch?.[k] &&
    branchKv(net, k) >= minKv &&
    (busIn(branches.fromBus[k]!) || busIn(branches.toBus[k]!));

  const contingencies: Contingency[] = [];
  if (rules.singleBranches) {
    let n = 0;
    for (let k = 0; k < branches.count; k++) {
      if (branchIn(k)) contingencies.push({ label: `N-1 ${++n}`, branches: [k], generators: [] });
    }
  }
  if (rules.parallelCircuits) {
    const byPair = new Map<string, number[]>();
    for (let k = 0; k < branches.count; k++) {
      if (!branchIn(k)) continue;
      const a = branches.fromBus[k]!;
      const b = branches.toBus[k]!;
      const key = a < b ? `${a}-${b}` : `${b}-${a}`;
      byPair.set(key, [...(byPair.get(key) ?? []), k]);
    }
    let n = 0;
    for (const circuits of byPair.values()) {
      if (circuits.length < 2) continue;
      contingencies.push({ label: `N-2 ${++n}`, branches: circuits, generators: [] });
    }
  }
  if (rules.units) {
    let n = 0;
    for (let g = 0; g < generators.count; g++) {
      const bus = generators.bus[g]!;
      if (generators.inService[g] !== 1 || generators.pgMw[g] === 0) continue;
      if (buses.baseKv[bus]! < minKv || !busIn(bus)) continue;
      contingencies.push({ label: `G-1 ${++n}`, branches: [], generators: [g] });
    }
  }
  return { contingencies, unresolved: [], counts: countContingencies(contingencies) };
}
