import { describe, expect, it } from 'vitest';
import { AcSolver } from '../../src/powerflow/ac-solver';
import { ALL_CASES, asArray, expectClose, loadCase, loadReference } from '../support/reference';

/**
 * Issue #31's AC verification solves on one fixed Jacobian pattern (every bus with both
 * unknowns, a regulating bus writing ΔVm = 0): without reactive limits it must be MATPOWER's
 * runpf, whatever the pattern trick — the same voltages and the same branch MVA on every case.
 */
describe('AcSolver without reactive limits matches MATPOWER runpf', () => {
  for (const name of ALL_CASES) {
    it(`${name}: |V| to 1e-6 pu, angles to 1e-4 deg, branch MVA to 1e-4`, () => {
      const net = loadCase(name);
      const ref = loadReference(name).acpf;
      const s = new AcSolver(net, { enforceReactiveLimits: false }).solve({
        pgMw: net.generators.pgMw,
        pdMw: net.buses.pdMw,
      });
      expect(s.converged).toBe(ref.success);
      const vm = expectClose(s.vmPu, asArray(ref.vm_pu), 1e-6, 'vm_pu', name);
      const va = expectClose(
        Float64Array.from(s.vaRad, (a) => (a * 180) / Math.PI),
        asArray(ref.va_deg),
        1e-4,
        'va_deg',
        name,
      );
      const pf = asArray(ref.pf_mw);
      const qf = asArray(ref.qf_mvar);
      const pt = asArray(ref.pt_mw);
      const qt = asArray(ref.qt_mvar);
      const mva = Float64Array.from(s.branchMva, (_, k) =>
        net.branches.inService[k]
          ? Math.max(Math.hypot(pf[k]!, qf[k]!), Math.hypot(pt[k]!, qt[k]!))
          : 0,
      );
      const flows = expectClose(s.branchMva, Array.from(mva), 1e-4, 'branch MVA', name);
      console.info(
        `ac-solver ${name}: ${s.iterations} iterations, |Δvm| ${vm.toExponential(2)} pu, |Δva| ${va.toExponential(2)} deg, MVA ${flows.toExponential(2)}`,
      );
    });
  }
});
