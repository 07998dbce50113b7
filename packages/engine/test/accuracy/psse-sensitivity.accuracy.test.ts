import { asReferenceFile, readReferenceText } from '@holgura/test-fixtures';
import { describe, expect, it } from 'vitest';
import { readPsse } from '../../src/io/psse';
import type { Network } from '../../src/model/network';
import { buildDcModel } from '../../src/powerflow/dcpf';
import { findBridges } from '../../src/sensitivity/bridges';
import { lodfColumn, makeDfactors, ptdfColumn } from '../../src/sensitivity/dfactors';

const CASES = [
  ['raw/IEEE_14_bus.raw', 'raw/IEEE_14_bus'],
  ['raw/IEEE_30_bus.raw', 'raw/IEEE_30_bus'],
  ['unscored/raw/IEEE_118_Bus_v2.raw', 'unscored/raw/IEEE_118_bus'],
] as const;

const csv = (file: string): string[][] =>
  readReferenceText(asReferenceFile(file), 'latin1')
    .trim()
    .split(/\r?\n/)
    .map((l) => l.split(',').map((c) => c.trim()));

/** PSS/E's DC model (DFAX) ignores off-nominal transformer ratios: b = 1/x for every branch. */
function withoutTaps(net: Network): Network {
  return { ...net, branches: { ...net.branches, tapRatio: new Float64Array(net.branches.count) } };
}

interface Tables {
  ptdfErr: number;
  lodfErr: number;
  bridges: number;
  compared: number;
}

/**
 * Our PTDF/LODF against PSS/E's CSVs: rows are branches (nodefrom, nodeto, ckt), PTDF columns
 * `NUDO<bus>` (PSS/E's sign: flow per MW withdrawn at the bus, the opposite of makePTDF), LODF
 * columns `<from>_<to>(<ckt>)` outages. Bridge outages (PSS/E prints numbers, we report
 * islanding) are skipped and counted.
 */
function compare(net: Network, prefix: string): Tables {
  const model = buildDcModel(net);
  const d = makeDfactors(model);
  const nb = net.buses.number;
  const busIndex = new Map(Array.from(nb, (n, i) => [n, i] as const));
  const keys = new Map<string, number>();
  for (let k = 0; k < net.branches.count; k++) {
    keys.set(
      `${nb[net.branches.fromBus[k]]}_${nb[net.branches.toBus[k]]}(${net.branches.circuit[k]})`,
      k,
    );
  }
  const find = (f: string, t: string, c: string): { k: number; sign: number } => {
    const k = keys.get(`${f}_${t}(${c})`);
    if (k !== undefined) return { k, sign: 1 };
    const r = keys.get(`${t}_${f}(${c})`);
    if (r === undefined) throw new Error(`${prefix}: no branch ${f}-${t} (${c})`);
    return { k: r, sign: -1 };
  };
  const col = new Float64Array(net.branches.count);
  const out: Tables = { ptdfErr: 0, lodfErr: 0, bridges: 0, compared: 0 };

  const ptdf = csv(`${prefix}_PTDF_PSSe.csv`);
  const rows = ptdf.slice(1).map((r) => find(r[0], r[2], r[4]));
  for (let c = 5; c < ptdf[0].length; c++) {
    const bus = busIndex.get(Number(ptdf[0][c].replace(/^\D+/, '')));
    expect(bus, `${prefix} PTDF column ${ptdf[0][c]}`).toBeDefined();
    ptdfColumn(d, bus!, col);
    rows.forEach(({ k, sign }, r) => {
      const err = Math.abs(-sign * col[k] - Number(ptdf[r + 1][c]));
      out.ptdfErr = Math.max(out.ptdfErr, err);
      out.compared++;
    });
  }

  const lodf = csv(`${prefix}_LODF_PSSe.csv`);
  const lrows = lodf.slice(1).map((r) => find(r[0], r[2], r[4]));
  const bridges = findBridges(net, model.active.branchActive);
  for (let c = 5; c < lodf[0].length; c++) {
    const m = /^(\d+)_(\d+)\((.*)\)$/.exec(lodf[0][c]);
    expect(m, `${prefix} LODF column ${lodf[0][c]}`).not.toBeNull();
    const o = find(m![1], m![2], m![3]);
    if (bridges[o.k]) {
      out.bridges++;
      continue;
    }
    lodfColumn(d, o.k, col);
    lrows.forEach(({ k, sign }, r) => {
      const err = Math.abs(sign * o.sign * col[k] - Number(lodf[r + 1][c]));
      out.lodfErr = Math.max(out.lodfErr, err);
      out.compared++;
    });
  }
  return out;
}

describe('PTDF and LODF from RAW files match PSS/E to 1e-4', () => {
  for (const [raw, prefix] of CASES) {
    it(`${raw}`, () => {
      const net = readPsse(readReferenceText(raw, 'latin1')).network;
      const t = compare(withoutTaps(net), prefix);
      const withTaps = compare(net, prefix);
      console.info(
        `${raw}: max |ΔPTDF| ${t.ptdfErr.toExponential(2)}, |ΔLODF| ${t.lodfErr.toExponential(2)} ` +
          `over ${t.compared} entries, ${t.bridges} bridge outages skipped; with MATPOWER's ` +
          `tap-scaled b: |ΔPTDF| ${withTaps.ptdfErr.toExponential(2)}, |ΔLODF| ${withTaps.lodfErr.toExponential(2)}`,
      );
      expect(t.ptdfErr).toBeLessThan(1e-4);
      expect(t.lodfErr).toBeLessThan(1e-4);
    });
  }
});
