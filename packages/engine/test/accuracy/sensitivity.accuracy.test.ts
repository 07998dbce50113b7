import { describe, expect, it } from 'vitest';
import { buildDcModel } from '../../src/powerflow/dcpf';
import { findBridges } from '../../src/sensitivity/bridges';
import { lodfColumn, makeDfactors, ptdfColumn } from '../../src/sensitivity/dfactors';
import { ALL_CASES, asArray, loadCase, loadReference } from '../support/reference';

function truthy(v: unknown): boolean {
  return v === true || v === 1;
}

describe('PTDF, LODF and bridges match MATPOWER', () => {
  for (const name of ALL_CASES) {
    it(`${name}: PTDF and LODF samples to 1e-8, bridges = MATPOWER's islanding outages`, () => {
      const net = loadCase(name);
      const ref = loadReference(name);
      const model = buildDcModel(net);
      const d = makeDfactors(model);
      const nl = net.branches.count;
      const col = new Float64Array(nl);

      const ps = ref.ptdf_sample;
      const rows = asArray(ps.rows) as number[];
      let ptdfErr = 0;
      asArray(ps.cols).forEach((busRow, c) => {
        ptdfColumn(d, (busRow as number) - 1, col);
        rows.forEach((branchRow, r) => {
          const e = ps.values[r][c];
          if (e === null) return;
          const err = Math.abs(col[branchRow - 1] - e);
          ptdfErr = Math.max(ptdfErr, err);
          if (!(err <= 1e-8)) {
            expect.fail(
              `PTDF in ${name}: branch row ${branchRow}, bus row ${busRow} is ` +
                `${col[branchRow - 1]}, MATPOWER ${e}`,
            );
          }
        });
      });

      const ls = ref.lodf_sample;
      const lrows = asArray(ls.rows) as number[];
      const islandingCol = Array.isArray(ls.col_is_islanding)
        ? ls.col_is_islanding
        : [ls.col_is_islanding];
      const bridges = findBridges(net, model.active.branchActive);
      let lodfErr = 0;
      asArray(ls.cols).forEach((outRow, c) => {
        const k = (outRow as number) - 1;
        expect(bridges[k] === 1, `bridge test for branch row ${outRow} in ${name}`).toBe(
          truthy(islandingCol[c]),
        );
        if (bridges[k]) return;
        lodfColumn(d, k, col);
        lrows.forEach((branchRow, r) => {
          const e = ls.values[r][c];
          if (e === null) return;
          const err = Math.abs(col[branchRow - 1] - e);
          lodfErr = Math.max(lodfErr, err);
          if (!(err <= 1e-8)) {
            expect.fail(
              `LODF in ${name}: monitored row ${branchRow}, outage row ${outRow} is ` +
                `${col[branchRow - 1]}, MATPOWER ${e}`,
            );
          }
        });
      });

      const expected = new Set(asArray(ref.n1.islanding_branch_rows) as number[]);
      const ours: number[] = [];
      for (let k = 0; k < nl; k++) if (bridges[k]) ours.push(k + 1);
      const missing = [...expected].filter((r) => !bridges[r - 1]);
      const extra = ours.filter((r) => !expected.has(r));
      expect({ missing, extra }, `bridge rows vs MATPOWER islanding rows in ${name}`).toEqual({
        missing: [],
        extra: [],
      });
      console.info(
        `sensitivity ${name}: max |ΔPTDF| ${ptdfErr.toExponential(2)}, ` +
          `|ΔLODF| ${lodfErr.toExponential(2)}, bridges ${ours.length}`,
      );
    });
  }
});
