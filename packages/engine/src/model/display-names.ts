import { busDisplayName, busIndex, type BusIndex, type Network } from './network';

/** kV as the screens write it (es-CO, at most two decimals): 138 → "138", 13.8 → "13,8". */
function kvText(kv: number): string {
  return String(Math.round(kv * 100) / 100).replace('.', ',');
}

/**
 * A bus as engineers find it in PSS/E and PowerWorld (issue #29): «NOMBRE (número, kV)», e.g.
 * «PFLUGERVILLE 2 (7001, 138 kV)»; without a base kV, «NOMBRE (número)»; without a name,
 * «7001 (138 kV)».
 */
export function busLabel(net: Network, bus: BusIndex): string {
  const kv = net.buses.baseKv[bus] ?? 0;
  const number = net.buses.number[bus];
  const voltage = kv > 0 ? `${kvText(kv)} kV` : '';
  // Without a name in the file, the number leads: «7001 (138 kV)», not «B7001 (7001, 138 kV)».
  if (!net.buses.name[bus]) return voltage === '' ? `${number}` : `${number} (${voltage})`;
  return `${busDisplayName(net, bus)} (${number}${voltage === '' ? '' : `, ${voltage}`})`;
}

/**
 * Display name of a branch (docs/analysis.md §1): «desde – hasta ckt c», each end as
 * `busLabel` names it, so two circuits or a transformer's two windings never read alike.
 * `branch` is 0-based.
 */
export function branchDisplayName(net: Network, branch: number): string {
  const from = busLabel(net, busIndex(net.branches.fromBus[branch]));
  const to = busLabel(net, busIndex(net.branches.toBus[branch]));
  const circuit = String(net.branches.circuit[branch] ?? '').trim();
  return `${from} – ${to} ckt ${circuit === '' ? '1' : circuit}`;
}
