import { describe, expect, it } from 'vitest';
import type { Network } from '../../src/model/network';
import type { AcPowerFlow } from '../../src/powerflow/acpf';
import { runAcPowerFlow } from '../../src/powerflow/acpf';
import { ALL_CASES, asArray, expectClose, loadCase, loadReference } from '../support/reference';

/** max over buses of |Σ Qg − Qd + |V|²·Bs − Σ Q leaving on branches|, in MVAr. */
function maxReactiveImbalance(net: Network, pf: AcPowerFlow): number {
  const { buses, branches: br, generators: g } = net;
  const q = Float64Array.from(buses.qdMvar, (qd, i) => -qd + pf.vmPu[i] ** 2 * buses.bsMvar[i]);
  for (let k = 0; k < g.count; k++) if (g.inService[k]) q[g.bus[k]] += pf.qgMvar[k];
  for (let k = 0; k < br.count; k++) {
    if (!br.inService[k]) continue;
    q[br.fromBus[k]] -= pf.qfMvar[k];
    q[br.toBus[k]] -= pf.qtMvar[k];
  }
  let worst = 0;
  for (let i = 0; i < buses.count; i++) worst = Math.max(worst, Math.abs(q[i]));
  return worst;
}

describe('AC power flow matches MATPOWER runpf (Newton)', () => {
  for (const name of ALL_CASES) {
    it(`${name}: same iterations, |V| to 1e-6 pu, angles to 1e-4 deg, flows and outputs`, () => {
      const net = loadCase(name);
      const ref = loadReference(name).acpf;
      const pf = runAcPowerFlow(net);
      expect(pf.converged, `convergence in ${name}`).toBe(ref.success);
      expect(pf.iterations, `Newton iterations in ${name}`).toBe(ref.iterations);
      const bus = (i: number): string => `bus ${net.buses.number[i]} (row ${i + 1})`;
      const vm = expectClose(pf.vmPu, asArray(ref.vm_pu), 1e-6, 'vm_pu', name, bus);
      const va = expectClose(pf.vaDeg, asArray(ref.va_deg), 1e-4, 'va_deg', name, bus);
      // Flows and outputs: MW-scale quantities of the same solution, checked at 1e-4 MW/MVAr.
      const flows = Math.max(
        expectClose(pf.pfMw, asArray(ref.pf_mw), 1e-4, 'pf_mw', name),
        expectClose(pf.qfMvar, asArray(ref.qf_mvar), 1e-4, 'qf_mvar', name),
        expectClose(pf.ptMw, asArray(ref.pt_mw), 1e-4, 'pt_mw', name),
        expectClose(pf.qtMvar, asArray(ref.qt_mvar), 1e-4, 'qt_mvar', name),
      );
      const pg = expectClose(pf.pgMw, asArray(ref.pg_mw), 1e-4, 'pg_mw', name);
      // MATPOWER 8's reported Qg for case_ACTIVSg10k disagrees with its own voltages at 65 buses
      // (its system total is 15 MVAr off the nodal balance); there we check the balance only.
      const qg =
        name === 'case_ACTIVSg10k'
          ? NaN
          : expectClose(pf.qgMvar, asArray(ref.qg_mvar), 1e-4, 'qg_mvar', name);
      const balance = maxReactiveImbalance(net, pf);
      expect(balance, `reactive power balance at buses of ${name} (MVAr)`).toBeLessThan(1e-5);
      const gens = Number.isNaN(qg) ? pg : Math.max(pg, qg);
      console.info(
        `acpf ${name}: ${pf.iterations} iterations, max |Δvm| ${vm.toExponential(2)} pu, ` +
          `|Δva| ${va.toExponential(2)} deg, flows ${flows.toExponential(2)} MW/MVAr, gens ${gens.toExponential(2)}, Q balance ${balance.toExponential(2)} MVAr`,
      );
    });
  }
});
