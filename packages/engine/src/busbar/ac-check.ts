import type { Network } from '../model/network';
import type { AcCheck } from '../transfer/ac-check';
import { acCheckAtTransfer } from '../transfer/ac-check';
import { EngineError } from '../util/engine-error';
import type { BusbarCapacityOptions, BusbarConstraint } from './capacity';
import { busbarCapacity } from './capacity';

/** A busbar's AC check: its DC capacity (one figure), what sets it, and the AC power flow there. */
export interface BusbarAcCheck {
  readonly capacityMw: number;
  /** null when nothing binds before the cap (or the sink's room): nothing to check. */
  readonly limiting: BusbarConstraint | null;
  readonly acCheck: AcCheck | null;
}

/**
 * The AC check of one bus's capacity (issue #25): its capacity with `options` (the figure by
 * `preExisting`), then a Newton power flow of the file's own dispatch — which covers the AC
 * losses the DC base dispatch takes off the units — with the new unit at the bus injecting the
 * capacity, the sink giving it, and the limiting contingency out. Cost: one bus's capacity (a
 * DC model and one outage stream) and one AC power flow.
 */
export function busbarAcCheck(
  net: Network,
  bus: number,
  options: BusbarCapacityOptions = {},
): BusbarAcCheck {
  const result = busbarCapacity(net, { ...options, buses: [bus], top: 1 });
  const capacity = result.results[0];
  if (capacity === undefined) {
    throw new EngineError(
      'TRANSFER_BUS_OUTSIDE_ISLAND',
      `bus ${net.buses.number[bus]} is outside the island that hosts the transfer`,
    );
  }
  const limiting = capacity.limiting;
  if (limiting === null) return { capacityMw: capacity.capacityMw, limiting: null, acCheck: null };
  const acCheck = acCheckAtTransfer(
    net,
    {
      unitParticipation: result.unitParticipation,
      loadSinkByBus: result.loadSinkByBus,
      newUnitBus: bus,
    },
    limiting.transferAtLimitMw,
    {
      monitored: limiting.monitored,
      contingency: limiting.contingency,
      limitMw: limiting.limitMw,
      dcFlowMw: limiting.flowAtZeroMw + limiting.distributionFactor * limiting.transferAtLimitMw,
    },
  );
  return { capacityMw: capacity.capacityMw, limiting, acCheck };
}
