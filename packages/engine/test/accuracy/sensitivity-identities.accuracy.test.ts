import { describe, expect, it } from 'vitest';
import type { Network } from '../../src/model/network';
import { buildDcModel, dcInjections, runDcPowerFlow } from '../../src/powerflow/dcpf';
import { findBridges } from '../../src/sensitivity/bridges';
import { lodfColumn, makeDfactors, ptdfColumn, ptdfRow } from '../../src/sensitivity/dfactors';
import type { CaseName } from '../support/reference';
import { loadCase } from '../support/reference';

function withBranchOut(net: Network, k: number): Network {
  const inService = Uint8Array.from(net.branches.inService);
  inService[k] = 0;
  return { ...net, branches: { ...net.branches, inService } };
}

// As MATPOWER's t_makePTDF / t_makeLODF: identities and brute force on small real cases.
describe('PTDF and LODF identities', () => {
  for (const name of ['case9', 'case14', 'case30', 'case118', 'case_ACTIVSg200'] as const) {
    it(`${name}: flow = PTDF × injection, and PTDF rows equal PTDF columns`, () => {
      const net = loadCase(name);
      const model = buildDcModel(net);
      const d = makeDfactors(model);
      const pf = runDcPowerFlow(net, model);
      const p = dcInjections(model, pf.pgMw);
      const nb = net.buses.count;
      const nl = net.branches.count;
      const flow = new Float64Array(nl);
      const col = new Float64Array(nl);
      const ptdf: Float64Array[] = [];
      for (let j = 0; j < nb; j++) {
        ptdfColumn(d, j, col);
        ptdf.push(Float64Array.from(col));
        for (let m = 0; m < nl; m++) flow[m] += col[m] * p[j];
      }
      for (let m = 0; m < nl; m++) {
        const expected = pf.pfMw[m] / net.baseMva - model.bdc.pfinj[m];
        if (Math.abs(flow[m] - expected) > 1e-9) {
          expect.fail(
            `PTDF·P flow on branch row ${m + 1} of ${name}: ${flow[m]} vs DC ${expected}`,
          );
        }
      }
      const row = new Float64Array(nb);
      for (let m = 0; m < nl; m += Math.max(1, Math.floor(nl / 15))) {
        ptdfRow(d, m, row);
        for (let j = 0; j < nb; j++) {
          if (Math.abs(row[j] - ptdf[j][m]) > 1e-10) {
            expect.fail(
              `PTDF row ${m + 1}, bus row ${j + 1} of ${name}: ${row[j]} vs ${ptdf[j][m]}`,
            );
          }
        }
      }
    });
  }
  const bruteForce: [CaseName, number][] = [
    ['case9', 25],
    ['case14', 25],
    ['case30', 25],
    ['case118', 25],
    ['case_ACTIVSg200', 25],
    ['case300', 15],
    ['case_ACTIVSg2000', 6],
    ['case2383wp', 6],
  ];
  for (const [name, samples] of bruteForce) {
    it(`${name}: each LODF column equals a DC re-solve with that branch out`, () => {
      const net = loadCase(name);
      const model = buildDcModel(net);
      const d = makeDfactors(model);
      const base = runDcPowerFlow(net, model);
      const bridges = findBridges(net, model.active.branchActive);
      const nl = net.branches.count;
      const col = new Float64Array(nl);
      let checked = 0;
      for (let k = 0; k < nl; k += Math.max(1, Math.floor(nl / samples))) {
        if (bridges[k] || Math.abs(base.pfMw[k]) < 1e-3) continue;
        lodfColumn(d, k, col);
        const out = runDcPowerFlow(withBranchOut(net, k));
        for (let m = 0; m < nl; m++) {
          if (m === k) continue;
          const predicted = base.pfMw[m] + col[m] * base.pfMw[k];
          if (Math.abs(predicted - out.pfMw[m]) > 1e-7) {
            expect.fail(
              `post-outage flow in ${name}, branch row ${m + 1} with row ${k + 1} out: ` +
                `LODF gives ${predicted} MW, re-solve ${out.pfMw[m]} MW`,
            );
          }
        }
        checked++;
      }
      expect(checked, `non-bridge outages checked in ${name}`).toBeGreaterThanOrEqual(3);
    });
  }
});
