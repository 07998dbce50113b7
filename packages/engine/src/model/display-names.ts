import type { Network } from './network';
import { busDisplayName, busIndex } from './network';

/**
 * Display name of a branch (docs/analysis.md §1): `<from bus name>-<to bus name>`, with ` <ckt>`
 * appended when the circuit id is not `1`. `branch` is 0-based.
 */
export function branchDisplayName(net: Network, branch: number): string {
  const from = busDisplayName(net, busIndex(net.branches.fromBus[branch]));
  const to = busDisplayName(net, busIndex(net.branches.toBus[branch]));
  const circuit = String(net.branches.circuit[branch] ?? '').trim();
  return circuit === '' || circuit === '1' ? `${from}-${to}` : `${from}-${to} ${circuit}`;
}
