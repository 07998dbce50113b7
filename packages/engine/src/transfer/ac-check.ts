import type { Network } from '../model/network';
import { runAcPowerFlow } from '../powerflow/acpf';
import { EngineError } from '../util/engine-error';
import type { BusbarCapacityOptions, BusbarConstraint } from './busbar-capacity';
import { busbarCapacity } from './busbar-capacity';
import type { TransferPattern } from './dispatch';
import { networkAtTransfer } from './dispatch';

export interface AcCheck {
  readonly converged: boolean;
  readonly iterations: number;
  /** Apparent power on the monitored branch, the larger of its two ends, MVA. */
  readonly acFlowMva: number;
  /** AC MVA over the limit, %. */
  readonly acLoadingPercent: number;
  /** DC |flow| over the limit at the same dispatch, % (100 at T(c) by construction). */
  readonly dcLoadingPercent: number;
  /** AC and DC loadings differ by more than 5 % of the DC figure. */
  readonly flagged: boolean;
}

/** Relative AC-versus-DC difference above which a constraint is flagged (issue 4 item 6). */
export const AC_DC_FLAG_RATIO = 0.05;

/**
 * The AC check of a DC limit (issue 4 item 6): a full Newton power flow of the dispatch at the
 * transfer `transferMw`, with the contingency branch out, and the monitored branch's MVA against
 * its limit. DC ignores losses, reactive flows and voltages; this says by how much that matters
 * at the constraint that sets the figure.
 */
export function acCheckAtTransfer(
  net: Network,
  pattern: TransferPattern,
  transferMw: number,
  constraint: { monitored: number; contingency: number; limitMw: number; dcFlowMw: number },
): AcCheck {
  const atLimit = networkAtTransfer(net, pattern, transferMw, constraint.contingency);
  const ac = runAcPowerFlow(atLimit);
  const m = constraint.monitored;
  const from = Math.hypot(ac.pfMw[m], ac.qfMvar[m]);
  const to = Math.hypot(ac.ptMw[m], ac.qtMvar[m]);
  const acFlowMva = ac.converged ? Math.max(from, to) : Number.NaN;
  const limit = constraint.limitMw;
  const acLoadingPercent = (100 * acFlowMva) / limit;
  const dcLoadingPercent = (100 * Math.abs(constraint.dcFlowMw)) / limit;
  return {
    converged: ac.converged,
    iterations: ac.iterations,
    acFlowMva,
    acLoadingPercent,
    dcLoadingPercent,
    flagged:
      !ac.converged ||
      Math.abs(acLoadingPercent - dcLoadingPercent) > AC_DC_FLAG_RATIO * dcLoadingPercent,
  };
}

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
