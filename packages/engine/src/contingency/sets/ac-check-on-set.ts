import { busbarStudy } from '../../busbar/setup';
import type { Network } from '../../model/network';
import { runAcPowerFlow } from '../../powerflow/acpf';
import { acCheckOf, branchMva, type AcCheck } from '../../transfer/ac-check';
import { networkAtTransfer } from '../../transfer/dispatch';
import { EngineError } from '../../util/engine-error';
import {
  busbarCapacityOnSet,
  interfaceOfMonitored,
  type BusbarOnSetOptions,
  type SetConstraint,
} from './busbar-on-set';
import type { Contingency } from './contingency-set';
import { lostSinkShare } from './lost-sink';

/** A busbar's AC check on a planner's set: its DC figure, what sets it, the AC power flow there. */
export interface BusbarAcCheckOnSet {
  readonly capacityMw: number;
  /** null when nothing binds before the cap (or the sink's room): nothing to check. */
  readonly limiting: SetConstraint | null;
  readonly acCheck: AcCheck | null;
}

/**
 * The AC check of one bus's capacity on a contingency set (issues #25 and #30): the figure by
 * busbarCapacityOnSet, then a Newton power flow of the file's own dispatch with the new unit at
 * the bus injecting the capacity and the limiting contingency applied as the DC figure assumes —
 * its branches out; its units out, their output at that transfer made up by the other units of
 * their island in proportion to their room up, and their share of the sink given to the rest.
 * A limit on a .mon interface compares |Σ coefficient · P| at the members' from-ends, MW, with
 * its rating.
 */
export function busbarAcCheckOnSet(
  net: Network,
  bus: number,
  contingencies: readonly Contingency[],
  options: BusbarOnSetOptions = {},
): BusbarAcCheckOnSet {
  const figure = busbarCapacityOnSet(net, bus, contingencies, options);
  if (figure.capacityMw === null) {
    throw new EngineError(
      'TRANSFER_BUS_OUTSIDE_ISLAND',
      `bus ${net.buses.number[bus]} is outside the island that hosts the transfer`,
    );
  }
  const limiting = figure.limiting;
  if (limiting === null) return { capacityMw: figure.capacityMw, limiting: null, acCheck: null };
  const { model, setup } = busbarStudy(net, { ...options, buses: [bus] });
  const contingency = limiting.contingency < 0 ? null : contingencies[limiting.contingency]!;
  const lost = new Set(
    (contingency?.generators ?? []).filter((u) => model.active.genActive[u] === 1),
  );
  // The transfer's sink without the lost units, the rest renormalised (as the DC figure).
  const lostShare = lostSinkShare(setup.unitParticipation, [...lost], model.active.genActive);
  const unitParticipation = Float64Array.from(setup.unitParticipation, (p, u) =>
    lost.has(u) ? 0 : lostShare > 0 ? p / (1 - lostShare) : p,
  );
  const transferMw = limiting.transferAtLimitMw;
  const atLimit = networkAtTransfer(
    net,
    { unitParticipation, loadSinkByBus: setup.loadSinkByBus, newUnitBus: bus },
    transferMw,
  );
  const branchInService = Uint8Array.from(atLimit.branches.inService);
  for (const k of contingency?.branches ?? []) branchInService[k] = 0;
  const genInService = Uint8Array.from(atLimit.generators.inService);
  const pgMw = Float64Array.from(atLimit.generators.pgMw);
  const g = net.generators;
  const island = model.islands.islandByBus;
  for (const u of lost) {
    // The sink already leaves it out: what it loses is its own output.
    const lostMw = pgMw[u]!;
    genInService[u] = 0;
    pgMw[u] = 0;
    let room = 0;
    const pickers: number[] = [];
    for (let k = 0; k < g.count; k++) {
      if (lost.has(k) || !model.active.genActive[k]) continue;
      if (island[g.bus[k]!] !== island[g.bus[u]!]) continue;
      const up = Math.max(g.pmaxMw[k]! - pgMw[k]!, 0);
      if (up > 0) {
        pickers.push(k);
        room += up;
      }
    }
    for (const k of pickers) pgMw[k]! += (lostMw * Math.max(g.pmaxMw[k]! - pgMw[k]!, 0)) / room;
  }
  const ac = runAcPowerFlow({
    ...atLimit,
    branches: { ...atLimit.branches, inService: branchInService },
    generators: { ...atLimit.generators, inService: genInService, pgMw },
  });
  const flowgate = interfaceOfMonitored(limiting.monitored);
  const acFlow =
    flowgate === null
      ? branchMva(ac, limiting.monitored)
      : Math.abs(
          options.interfaces![flowgate]!.members.reduce(
            (sum, m) => sum + m.coefficient * ac.pfMw[m.branch]!,
            0,
          ),
        );
  const dcFlowMw = limiting.flowAtZeroMw + limiting.distributionFactor * transferMw;
  return {
    capacityMw: figure.capacityMw,
    limiting,
    acCheck: acCheckOf(ac, acFlow, limiting.limitMw, dcFlowMw),
  };
}
