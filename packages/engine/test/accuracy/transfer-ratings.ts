import type { Network } from '../../src/model/network';
import { runDcPowerFlow } from '../../src/powerflow/dcpf';

/**
 * case118 as MATPOWER ships it has no branch ratings (RATE_A = 0: nothing is monitored), so
 * every transfer would reach its cap untested. For the transfer checks only, each branch gets
 * RATE_B = 1.1·(its worst |flow| over the base case and every single outage, by full DC power
 * flows) + 10 MW and RATE_A = RATE_B: no violation at T = 0, and constraints that bind within
 * the study's range. Other cases are used as they are.
 */
export function withTestRatings(name: string, net: Network): Network {
  if (name !== 'case118') return net;
  const worst = runDcPowerFlow(net).pfMw.map(Math.abs);
  for (let k = 0; k < net.branches.count; k++) {
    const inService = Uint8Array.from(net.branches.inService);
    inService[k] = 0;
    const f = runDcPowerFlow({ ...net, branches: { ...net.branches, inService } }).pfMw;
    for (let m = 0; m < f.length; m++) worst[m] = Math.max(worst[m], Math.abs(f[m]));
  }
  const rateBMva = worst.map((v) => Math.round(1.1 * v + 10));
  return { ...net, branches: { ...net.branches, rateAMva: rateBMva, rateBMva } };
}
