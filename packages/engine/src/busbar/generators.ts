import type { Network } from '../model/network';
import type { DcModel } from '../powerflow/dcpf';
import type { BusbarCapacity, BusbarCapacityResult } from './capacity';
import { groupPlants } from '../transfer/plants';
import { constraintSensitivities, type SensitivityTarget } from '../transfer/sensitivities';

/** Spec §5: only generators whose sensitivity exceeds this (in absolute value) count. */
export const GENERATOR_SENSITIVITY_THRESHOLD = 0.01;

/**
 * One plant's effect on a busbar's limiting constraint (the generator chart of /resultados):
 * its sensitivity s is dF/dP of the constraint's post-contingency flow when the plant rises
 * 1 MW and the busbar transfer's sink gives it, so moving it by ΔP moves that flow by s·ΔP
 * exactly in the DC model, the same arithmetic as the transfer itself.
 */
export interface BusbarGenerator {
  /** 0-based plant index (groupPlants). */
  readonly plant: number;
  readonly name: string;
  readonly busNumber: number;
  readonly initialMw: number;
  readonly maxMw: number;
  readonly sensitivity: number;
  /**
   * The plant's output at which the constraint reaches its limit with no new unit at the
   * busbar, if it alone moves: P0 + (sign(d)·L − f0)/s; null when that is outside [0, Pmax].
   */
  readonly dispatchAtLimitMw: number | null;
}

/**
 * The plants with |s| > GENERATOR_SENSITIVITY_THRESHOLD on each busbar's limiting constraint,
 * by |s| descending (ties: plant index). One solve per four limiting constraints; busbars whose
 * cap binds get null. `capacities` must come from `result`, computed on `net` with `model`.
 */
export function busbarLimitingGenerators(
  net: Network,
  model: DcModel,
  result: Pick<BusbarCapacityResult, 'sinkByBus'>,
  capacities: readonly BusbarCapacity[],
  onSet?: {
    /** The limiting constraint's row when it is not (monitored branch, LODF) — a set's. */
    readonly targetOf: (capacity: BusbarCapacity) => SensitivityTarget;
    /** The sink's share per generator row, for lost units leaving it. */
    readonly sinkShareByUnit: Float64Array;
  },
): (BusbarGenerator[] | null)[] {
  const plants = groupPlants(net, model.active).list;
  const withLimit = capacities.filter((c) => c.limiting !== null);
  if (withLimit.length === 0) return capacities.map(() => null);
  // Every busbar of one result lives in the transfer island: its plants are the ones that move.
  const island = model.islands.islandByBus[withLimit[0].bus];
  const eligible = Uint8Array.from(plants, (p) =>
    p.generators.length > 0 && model.islands.islandByBus[p.bus] === island ? 1 : 0,
  );
  // The threshold is strict (spec: "above 0.01"); the solver keeps |s| ≥ cutoff.
  const targets: SensitivityTarget[] = withLimit.map((c) =>
    onSet === undefined ? c.limiting! : onSet.targetOf(c),
  );
  const rows = constraintSensitivities(
    model,
    targets,
    result.sinkByBus,
    plants,
    eligible,
    GENERATOR_SENSITIVITY_THRESHOLD,
    onSet?.sinkShareByUnit,
  );
  const byBus = new Map<number, BusbarGenerator[]>();
  withLimit.forEach((capacity, i) => {
    const c = capacity.limiting!;
    const target = (c.distributionFactor >= 0 ? 1 : -1) * c.limitMw;
    const row = rows[i];
    const lost = new Set(targets[i].generatorOutages ?? []);
    const list: BusbarGenerator[] = [];
    row.plants.forEach((p, j) => {
      const s = row.values[j];
      if (Math.abs(s) <= GENERATOR_SENSITIVITY_THRESHOLD) return;
      const plant = plants[p];
      // A plant the contingency takes out entirely cannot move.
      if (lost.size > 0 && plant.generators.every((g) => lost.has(g))) return;
      const atLimit = plant.pInitialMw + (target - c.flowAtZeroMw) / s;
      list.push({
        plant: p,
        name: plant.name,
        busNumber: plant.busNumber,
        initialMw: plant.pInitialMw,
        maxMw: plant.pMaxMw,
        sensitivity: s,
        dispatchAtLimitMw: atLimit >= 0 && atLimit <= plant.pMaxMw ? atLimit : null,
      });
    });
    list.sort((a, b) => Math.abs(b.sensitivity) - Math.abs(a.sensitivity) || a.plant - b.plant);
    byBus.set(capacity.bus, list);
  });
  return capacities.map((c) => (c.limiting === null ? null : (byBus.get(c.bus) ?? null)));
}
