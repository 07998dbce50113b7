import { describe, expect, it } from 'vitest';
import { runDcPowerFlow } from '../../src/powerflow/dcpf';
import { ALL_CASES, asArray, expectClose, loadCase, loadReference } from '../support/reference';

describe('DC power flow matches MATPOWER rundcpf', () => {
  for (const name of ALL_CASES) {
    it(`${name}: angles and flows to 1e-6, generator outputs to 1e-6 MW`, () => {
      const net = loadCase(name);
      const ref = loadReference(name);
      const pf = runDcPowerFlow(net);
      expect(pf.converged).toBe(ref.dcpf.success);
      const busLabel = (i: number): string => `bus ${net.buses.number[i]} (row ${i + 1})`;
      const va = expectClose(pf.vaDeg, asArray(ref.dcpf.va_deg), 1e-6, 'va_deg', name, busLabel);
      const flow = expectClose(pf.pfMw, asArray(ref.dcpf.pf_mw), 1e-6, 'pf_mw', name);
      const pg = expectClose(pf.pgMw, asArray(ref.dcpf.pg_mw), 1e-6, 'pg_mw', name);
      console.info(
        `dcpf ${name}: max |Δva| ${va.toExponential(2)} deg, |Δpf| ${flow.toExponential(2)} MW, |Δpg| ${pg.toExponential(2)} MW`,
      );
    });
  }
});
