import {
  GENERATOR_SENSITIVITY_THRESHOLD,
  type BusbarCapacity,
  type BusbarConstraint,
  type BusbarGenerator,
} from '@holgura/contracts';
import type { DispatchAdjustments } from '../../components/charts/generator-bars';

/** What the generator chart can show for one case. */
export type GeneratorChartData =
  | { kind: 'capBinds' }
  /** Stored before results carried generators: nothing to show, nothing invented. */
  | { kind: 'noData' }
  | {
      kind: 'ready';
      limiting: BusbarConstraint & { flowAtZeroMw: number };
      generators: BusbarGenerator[];
      capacityMw: number;
      tmaxMw: number;
    };

/**
 * Spec §5: only generators whose sensitivity is above 0.01 count. The server already keeps only
 * those; the rule is applied again so that no stored row below it is ever drawn.
 */
export function generatorChartData(capacity: BusbarCapacity): GeneratorChartData {
  const { limiting } = capacity;
  if (limiting === null) return { kind: 'capBinds' };
  const { generators, flowAtZeroMw } = limiting;
  if (generators === undefined || flowAtZeroMw === undefined) return { kind: 'noData' };
  return {
    kind: 'ready',
    limiting: { ...limiting, flowAtZeroMw },
    generators: generators.filter((g) => Math.abs(g.sensitivity) > GENERATOR_SENSITIVITY_THRESHOLD),
    capacityMw: capacity.capacityMw,
    tmaxMw: capacity.tmaxMw,
  };
}

export type WhatIf = {
  /** Σ sensitivity·(P − P0) over the adjusted plants: how far the limiting flow moves, MW. */
  shiftMw: number;
  /** The limiting element's post-contingency flow with the case's capacity connected, MW. */
  flowAtCapacityMw: number;
  /**
   * The capacity this constraint allows after the adjustments, MW, capped at the study's Tmax:
   * T' = (sign(d)·L − f0 − shift)/d, at least 0 (docs/analysis.md §4 with the moved f0).
   */
  recalculatedMw: number;
};

/**
 * The what-if of the generator chart (docs/analysis.md §5): each adjusted plant moves the limiting
 * post-contingency flow by its sensitivity times its change, with the busbar transfer's sink
 * taking the difference, as the engine computed the sensitivities. Linear on the limiting
 * constraint only.
 */
export function whatIf(
  data: Extract<GeneratorChartData, { kind: 'ready' }>,
  /** Manual dispatch (MW) per plant, keyed by its bus number (one plant per bus). */
  adjustments: DispatchAdjustments,
): WhatIf {
  const { limiting, generators, capacityMw, tmaxMw } = data;
  let shiftMw = 0;
  for (const g of generators) {
    const mw = adjustments[g.busNumber];
    if (mw !== undefined) shiftMw += g.sensitivity * (mw - g.initialMw);
  }
  const d = limiting.distributionFactor;
  const f0 = limiting.flowAtZeroMw + shiftMw;
  const raw = d > 0 ? (limiting.limitMw - f0) / d : (limiting.limitMw + f0) / -d;
  return {
    shiftMw,
    flowAtCapacityMw: limiting.flowAtZeroMw + d * capacityMw + shiftMw,
    recalculatedMw: Math.min(tmaxMw, Math.max(0, raw)),
  };
}
