import type { Network } from '../model/network';

/**
 * The network at a transfer T, as a full case a power flow can check (docs/analysis.md §4: "every
 * T(c) must be checkable"): each unit at P0 + T·participation, the loads of a load sink at
 * Pd + T·share, a new busbar unit as a negative load of T at its bus, and the contingency
 * branch, if any, out of service. Returns a copy; the input network is not touched. The AC
 * check at the limit dispatch builds its case the same way.
 */
export interface TransferPattern {
  /** dP/dT per generator row. */
  readonly unitParticipation: Float64Array;
  /** dPd/dT per bus with a load sink, else null. */
  readonly loadSinkByBus: Float64Array | null;
  /** Bus of a new unit injecting T (busbar capacity), or −1. */
  readonly newUnitBus?: number;
}

export function networkAtTransfer(
  net: Network,
  pattern: TransferPattern,
  transferMw: number,
  outage = -1,
): Network {
  const pgMw = Float64Array.from(net.generators.pgMw);
  for (let k = 0; k < pgMw.length; k++) pgMw[k] += transferMw * pattern.unitParticipation[k];
  const pdMw = Float64Array.from(net.buses.pdMw);
  const loads = pattern.loadSinkByBus;
  if (loads) for (let i = 0; i < pdMw.length; i++) pdMw[i] += transferMw * loads[i];
  const newBus = pattern.newUnitBus ?? -1;
  if (newBus >= 0) pdMw[newBus] -= transferMw;
  const inService = Uint8Array.from(net.branches.inService);
  if (outage >= 0) inService[outage] = 0;
  return {
    ...net,
    buses: { ...net.buses, pdMw },
    branches: { ...net.branches, inService },
    generators: { ...net.generators, pgMw },
  };
}
