import {
  asReferenceFile,
  readReference,
  readReferenceText,
  referenceFiles,
} from '@holgura/test-fixtures';
import { describe, expect, it } from 'vitest';
import type { PsseCase } from '../../src/io/psse';
import { readPsse } from '../../src/io/psse';
import { inServiceMask } from '../../src/model/indexing';
import { findIslands } from '../../src/model/islands';
import type { Network } from '../../src/model/network';
import { runAcPowerFlow } from '../../src/powerflow/acpf';
import { runDcPowerFlow } from '../../src/powerflow/dcpf';
import { isEngineError } from '../../src/util/engine-error';

// PowerModels.jl's RAW parser tests (test/pti.jl, test/psse.jl) on its own files: the malformed
// ones are refused with a coded error naming the line, every other one is read.
/** PowerModels.jl's PSS/E RAW parser test files, unchanged (see their README). */
const PTI = 'unscored/pti/';

/** Decoded as uploads are (load-case.ts): UTF-8. */
function read(file: string): PsseCase {
  return readPsse(new TextDecoder('utf-8').decode(readReference(asReferenceFile(`${PTI}${file}`))));
}

const REFUSED: Record<string, { code: string; line: number; field?: string }> = {
  // MATPOWER's tokenizer torture file: record 1 is 'Header 1', not a case identification.
  'case0.raw': { code: 'PARSE_RAW_FIELD_INVALID', line: 1, field: 'IC' },
  // A transformer between buses 1005 and 1002 of an empty bus data.
  'parser_test_b.raw': { code: 'PARSE_RAW_BUS_UNKNOWN', line: 9, field: 'I' },
  // A case identification and one title line, nothing else.
  'parser_test_d.raw': { code: 'PARSE_RAW_SECTION_TRUNCATED', line: 2 },
  // `'26' Drop … '`: the name's inner quote is not written twice, so a quote never closes.
  'parser_test_j.raw': { code: 'PARSE_RAW_FIELD_INVALID', line: 5, field: 'NAME' },
  // `'      '      '` at the end of a transformer record: the same.
  'parser_test_l.raw': { code: 'PARSE_RAW_FIELD_INVALID', line: 9, field: 'VECGRP' },
};

interface Expected {
  /** Buses in the bus data (3-winding star buses come on top). */
  readonly buses: number;
  readonly lines?: number;
  readonly xf2?: number;
  readonly xf3?: number;
  readonly gens?: number;
  readonly loads?: number;
  readonly fixedShunts?: number;
  readonly switchedShunts?: number;
  readonly rev?: number;
  /** Lines of the records (or sections) warned as not modelled, each named. */
  readonly ignored?: readonly number[];
}

// Record counts of each file; test/pti.jl asserts the same for case73 and the frankenstein files.
const VALID: Record<string, Expected> = {
  'case14.raw': { buses: 14, lines: 17, xf2: 3, gens: 5, loads: 11, switchedShunts: 1 },
  'case24.raw': { buses: 24, lines: 33, xf2: 5, gens: 33, loads: 17, switchedShunts: 1 },
  'case3.raw': { buses: 3, lines: 3, gens: 5, loads: 3 },
  'case30.raw': { buses: 30, lines: 34, xf2: 7, gens: 6, loads: 21, switchedShunts: 2 },
  'case3_2wtf_vmon0.raw': { buses: 3, lines: 1, xf2: 1, gens: 1, loads: 1 },
  'case4_3wtf_vnom0_cw2.raw': { buses: 3, xf3: 1, gens: 1, loads: 1 },
  'case4_3wtf_vnom0_cw3.raw': { buses: 3, xf3: 1, gens: 1, loads: 1 },
  'case5.raw': { buses: 5, lines: 5, xf2: 4, gens: 5, loads: 3 },
  'case5_alc.raw': { buses: 5, lines: 5, xf2: 2, gens: 5, loads: 3 },
  'case73.raw': { buses: 73, lines: 105, xf2: 15, gens: 99, loads: 51, switchedShunts: 3 },
  'case7_tplgy.raw': {
    ...{ buses: 7, lines: 8, gens: 3, loads: 4, fixedShunts: 4 },
    ignored: [39, 42, 45], // three VSC DC lines
  },
  'frankenstein_00.raw': { buses: 4, lines: 2, xf2: 1, gens: 3, loads: 2, fixedShunts: 1 },
  'frankenstein_00_2.raw': { buses: 4, lines: 2, xf2: 1, gens: 3, loads: 2, fixedShunts: 1 },
  'frankenstein_20.raw': {
    ...{ buses: 6, lines: 2, xf2: 1, xf3: 1, gens: 4, loads: 2, fixedShunts: 1 },
    switchedShunts: 2,
  },
  'frankenstein_70.raw': {
    ...{ buses: 9, lines: 3, xf2: 2, xf3: 1, gens: 5, loads: 3, fixedShunts: 1 },
    switchedShunts: 2,
    // 2-terminal DC, VSC DC, 2 impedance correction tables, multi-terminal DC, 2 FACTS.
    ignored: [46, 50, 54, 55, 57, 74, 75],
  },
  'parser_test_a.raw': { buses: 2 },
  'parser_test_c.raw': { buses: 0, rev: 32, ignored: [4] },
  'parser_test_defaults.raw': {
    ...{ buses: 3, lines: 1, xf3: 1, gens: 1, loads: 1, fixedShunts: 1, switchedShunts: 1 },
    ignored: [24, 28, 32, 34, 39, 43, 47],
  },
  'parser_test_e.raw': { buses: 0, ignored: [14] },
  'parser_test_f.raw': { buses: 0, ignored: [14] },
  'parser_test_g.raw': { buses: 0, ignored: [14] },
  'parser_test_h.raw': { buses: 0, ignored: [21] },
  'parser_test_i.raw': { buses: 2 },
  'parser_test_k.raw': { buses: 3, lines: 3, gens: 2, loads: 4 },
  'three_winding_mag_test.raw': { buses: 3, xf3: 1, gens: 2, loads: 1 },
  'three_winding_test.raw': { buses: 3, xf3: 5, gens: 2, loads: 1 },
  'three_winding_test_2.raw': { buses: 3, xf3: 1, gens: 2, loads: 1 },
  'two-terminal-hvdc_test.raw': { buses: 2, lines: 1, gens: 1, loads: 1, ignored: [16] },
  'two_winding_mag_test.raw': { buses: 2, xf2: 1, gens: 2, loads: 2 },
  'vsc-hvdc_test.raw': { buses: 2, lines: 1, gens: 1, loads: 1, ignored: [17] },
};

/** max |Σ flows out − (Pg − Pd − Gs)| over the buses of energised islands, MW. */
function kclMismatchMw(net: Network): number {
  const pf = runDcPowerFlow(net);
  const active = inServiceMask(net);
  const islands = findIslands(net, active);
  const b = net.branches;
  const balance = Float64Array.from(net.buses.pdMw, (pd, i) => pd + net.buses.gsMw[i]);
  for (let k = 0; k < b.count; k++) {
    balance[b.fromBus[k]] += pf.pfMw[k];
    balance[b.toBus[k]] -= pf.pfMw[k];
  }
  const g = net.generators;
  for (let k = 0; k < g.count; k++) if (active.genActive[k]) balance[g.bus[k]] -= pf.pgMw[k];
  let worst = 0;
  balance.forEach((m, i) => {
    const isl = islands.islandByBus[i];
    if (isl >= 0 && islands.hasGeneration[isl]) worst = Math.max(worst, Math.abs(m));
  });
  return worst;
}

describe("PowerModels.jl's PSS/E RAW test files", () => {
  const files = referenceFiles(PTI)
    .filter((f) => f.endsWith('.raw'))
    .map((f) => f.slice(PTI.length));

  it("refuses exactly the files the folder's README names as malformed", () => {
    const readme = readReferenceText('unscored/pti/README.md').replace(/\s+/g, ' ');
    const sentence = /expect (.*?) to be refused/.exec(readme)?.[1] ?? '';
    const named = [...sentence.matchAll(/`([^`]+)`/g)].map((m) => `${m[1]}.raw`);
    expect(named.sort()).toEqual(Object.keys(REFUSED).sort());
    expect(files.sort()).toEqual([...Object.keys(REFUSED), ...Object.keys(VALID)].sort());
  });

  for (const [file, want] of Object.entries(REFUSED)) {
    it(`refuses ${file} with ${want.code} at line ${want.line}`, () => {
      let error: unknown;
      try {
        read(file);
      } catch (e) {
        error = e;
      }
      expect(isEngineError(error), `${file} is refused with an EngineError`).toBe(true);
      if (!isEngineError(error)) return;
      expect([error.code, error.line, error.field]).toEqual([want.code, want.line, want.field]);
      expect(error.message).toMatch(new RegExp(`^line ${want.line}: `));
    });
  }

  for (const [file, want] of Object.entries(VALID)) {
    it(`reads ${file}: record counts, warnings naming each unmodelled record, DC flow`, () => {
      const c = read(file);
      const n = c.network;
      const [xf2, xf3] = [want.xf2 ?? 0, want.xf3 ?? 0];
      expect(c.revision, `${file} revision`).toBe(want.rev ?? 33);
      expect(n.buses.count, `${file} buses`).toBe(want.buses + xf3);
      expect(n.branches.count, `${file} branches`).toBe((want.lines ?? 0) + xf2 + 3 * xf3);
      expect(n.generators.count, `${file} generators`).toBe(want.gens ?? 0);
      expect(c.records).toEqual({
        loads: want.loads ?? 0,
        fixedShunts: want.fixedShunts ?? 0,
        switchedShunts: want.switchedShunts ?? 0,
        twoWindingTransformers: xf2,
        threeWindingTransformers: xf3,
      });
      const ignored = c.warnings.filter((w) => /^PARSE_RAW_(RECORD|SECTION)_IGNORED$/.test(w.code));
      expect(ignored.map((w) => w.line)).toEqual(want.ignored ?? []);
      for (const w of ignored) expect(w.message).toMatch(/^lines? \d+/);
      for (const w of c.warnings) expect(w.line, `${file}: ${w.message}`).toBeGreaterThan(0);
      if (n.buses.count > 0) {
        const mismatch = kclMismatchMw(n);
        console.info(
          `${file}: DC power flow, max bus balance error ${mismatch.toExponential(1)} MW`,
        );
        expect(mismatch, `${file} DC power flow bus balance`).toBeLessThan(1e-6);
      }
    });
  }
});

describe("what PowerModels' tests assert of these files, in our model", () => {
  /** Values of 1-based branches `k` (test/psse.jl's branch keys). */
  const rows = (k: readonly number[], col: ArrayLike<number>): number[] => k.map((i) => col[i - 1]);

  it("names keep doubled quotes, commas and slashes: '1'' DROP' is 1' DROP, ',/,' is ,/,", () => {
    const c3 = read('case3.raw');
    expect(c3.network.buses.name).toEqual(["1' DROP", '2', '3']);
    expect(c3.network.buses.baseKv[0]).toBe(240);
    expect(c3.generatorIds).toEqual(['1', 'DC', '1', 'DC', '1']);
    // "reserved characters in comments": titles '0' and 'Q' do not end anything.
    const a = read('parser_test_a.raw');
    expect(a.titles).toEqual(['0', 'Q']);
    expect(Array.from(a.network.buses.number)).toEqual([1002, 1005]);
    expect(a.network.buses.name).toEqual(['œ\u0090ZÄW1ùÃWPZÄ', ',/,']);
    expect([a.network.buses.baseKv[1], a.network.buses.vaDeg[1]]).toEqual([87, 3]);
    expect(read('parser_test_i.raw').network.buses.name).toEqual(['', '']);
  });

  it('parser_test_c: a bus record numbered 0 ends the bus data (warned), revision 32 is read', () => {
    const c = read('parser_test_c.raw');
    expect(c.network.buses.count).toBe(0);
    expect(c.warnings.find((w) => w.line === 4)?.message).toContain('bus record numbered 0');
  });

  it('unmodelled records are warned by name: HVDC, FACTS, impedance tables, GNE', () => {
    const names = (file: string): string[] =>
      read(file)
        .warnings.filter((w) => w.code === 'PARSE_RAW_RECORD_IGNORED')
        .map((w) => /record '([^']*)'/.exec(w.message)?.[1] ?? '');
    expect(names('frankenstein_70.raw')).toEqual([
      'TTDC Ln 1',
      'VSCDC Ln 1',
      '1 -60.00 1.00000',
      '2 -70.00 1.00000',
      'MTDC Ln 1',
      '1',
      '1',
    ]);
    // Multi-terminal DC records of 1 + NCONV + NDCBS + NDCLN lines, each one record.
    for (const f of ['parser_test_e.raw', 'parser_test_f.raw', 'parser_test_g.raw']) {
      expect(names(f), f).toEqual(['MTDC Ln 1']);
    }
    expect(names('parser_test_defaults.raw')).toEqual([
      'TWO-TERMINAL',
      'VSC',
      '1',
      'MULTI-TERM',
      '1 2',
      '1 2',
      'FACTS',
    ]);
    expect(read('parser_test_h.raw').warnings[0].message).toContain('GNE device data ignored');
  });

  it('parser_test_defaults: blank fields take the PSS/E defaults', () => {
    const c = read('parser_test_defaults.raw');
    const { buses, generators: g, branches: b } = c.network;
    expect(c.warnings[0]).toMatchObject({ code: 'PARSE_RAW_REVISION_ASSUMED', line: 1 });
    expect(c.titles).toEqual(['default values test', '']);
    expect(c.network.baseMva).toBe(100);
    for (let i = 0; i < 3; i++) {
      expect([buses.type[i], buses.baseKv[i], buses.vmPu[i], buses.vaDeg[i]]).toEqual([1, 0, 1, 0]);
      expect([buses.area[i], buses.zone[i], buses.name[i]]).toEqual([1, 1, '']);
    }
    expect([g.pgMw[0], g.qmaxMvar[0], g.qminMvar[0], g.vgPu[0], g.mBaseMva[0]]).toEqual([
      0, 9999, -9999, 1, 100,
    ]);
    expect([g.pmaxMw[0], g.pminMw[0], g.inService[0]]).toEqual([9999, -9999, 1]);
    expect([b.rPu[0], b.xPu[0], b.bPu[0], b.rateAMva[0], b.inService[0]]).toEqual([
      0.1, 0.1, 0, 0, 1,
    ]);
    // 3-winding with X1-2 = X2-3 = X3-1 = 0.1: 0.05 per winding, unit ratio.
    for (let k = 1; k <= 3; k++) {
      expect(b.xPu[k]).toBeCloseTo(0.05, 15);
      expect([b.rPu[k], b.tapRatio[k], b.shiftDeg[k]]).toEqual([0, 1, 0]);
    }
    expect(c.areaNames.get(1)).toBe('');
  });

  it('three_winding_test: star buses, winding impedances, ratios, ratings and STAT 0–4', () => {
    const net = read('three_winding_test.raw').network;
    const b = net.branches;
    expect([net.buses.count, b.count]).toEqual([8, 15]);
    expect(Array.from(net.buses.number.slice(3))).toEqual([10001, 10002, 10003, 10004, 10005]);
    expect(Array.from(net.buses.type.slice(3))).toEqual([4, 1, 1, 1, 1]);
    const k = [4, 5, 6];
    rows(k, b.rPu).forEach((v, i) => expect(v).toBeCloseTo([0.00225, 0.00225, -0.00155][i], 4));
    rows(k, b.xPu).forEach((v, i) => expect(v).toBeCloseTo([0.05, 0.15, 0.15][i], 4));
    expect(rows(k, b.tapRatio)).toEqual([1.1, 1, 1]);
    expect(rows(k, b.shiftDeg)).toEqual([0, 0, 0]);
    expect(rows(k, b.rateAMva)).toEqual([200, 100, 100]);
    expect(rows(k, b.rateCMva)).toEqual([400, 100, 100]);
    const off = [1, 2, 3, 8, 12, 13];
    b.inService.forEach((s, i) => expect(s, `branch ${i + 1}`).toBe(off.includes(i + 1) ? 0 : 1));
    const two = read('three_winding_test_2.raw').network.branches;
    rows([1, 2, 3], two.xPu).forEach((v, i) => expect(v).toBeCloseTo([0.05, 0.15, 0.15][i], 4));
    rows([1, 2, 3], two.rPu).forEach((v) => expect(v).toBeCloseTo(0, 4));
    expect(rows([1, 2, 3], two.tapRatio)).toEqual([1.1, 1, 1]);
  });

  it('frankenstein_00_2: 2-winding CW 3 / CZ 3 in pu of the system base', () => {
    const b = read('frankenstein_00_2.raw').network.branches;
    expect(b.rPu[2]).toBeCloseTo(0, 2);
    expect(b.xPu[2]).toBeCloseTo(0.179, 2);
    expect(b.tapRatio[2]).toBeCloseTo(1.019, 2);
    expect([b.shiftDeg[2], b.rateAMva[2], b.rateBMva[2], b.rateCMva[2]]).toEqual([0, 84, 84, 84]);
  });

  it('magnetizing admittance G 5e-3, B 6.74e-3 pu: 0.5 MW and 0.674 MVAr of shunt', () => {
    const two = read('two_winding_mag_test.raw').network;
    expect(two.branches.count).toBe(1);
    const from = two.branches.fromBus[0];
    expect([two.buses.gsMw[from], two.buses.bsMvar[from]]).toEqual([0.5, 0.674]);
    // On the star bus here; PowerModels puts it on winding 1's branch end (same DC flows).
    const three = read('three_winding_mag_test.raw').network;
    expect(three.branches.count).toBe(3);
    expect([three.buses.gsMw[3], three.buses.bsMvar[3]]).toEqual([0.5, 0.674]);
  });

  it('case5: 2-winding transformers with STAT 0 and STAT 2 are out of service', () => {
    const c = read('case5.raw');
    expect(Array.from(c.network.branches.inService)).toEqual([1, 1, 1, 1, 1, 1, 1, 0, 0]);
    expect(c.warnings.map((w) => w.line)).toEqual([39]);
  });

  it('case7_tplgy: out-of-service loads, shunts and branches contribute nothing', () => {
    const net = read('case7_tplgy.raw').network;
    expect(Array.from(net.buses.pdMw)).toEqual([0, 100, 0, 100, 0, 0, 50]);
    expect(Array.from(net.buses.gsMw)).toEqual([0, 1, 0, 0, 1, 0, 1]);
    expect(Array.from(net.branches.inService)).toEqual([0, 0, 0, 0, 1, 1, 1, 1]);
  });

  it('parser_test_k: constant-current and constant-admittance loads at the case voltage', () => {
    const c = read('parser_test_k.raw');
    const vm = c.network.buses.vmPu[2];
    expect(vm).toBe(0.99341);
    // Loads: 250 + j30; 250·V + j30·V; 250·V² + j30·V²; 250 + 250·V + j(30 + 30·V²).
    expect(c.network.buses.pdMw[2]).toBeCloseTo(500 + 500 * vm + 250 * vm * vm, 9);
    expect(c.network.buses.qdMvar[2]).toBeCloseTo(60 + 30 * vm + 60 * vm * vm, 9);
    expect(c.warnings.map((w) => w.line)).toEqual([9, 10, 11]);
  });

  // test/psse.jl's AC power flow results, with its tolerances (0.1 pu, 0.01 rad).
  const AC: [string, number[], number[], number[]][] = [
    [
      'frankenstein_00_2.raw',
      [1002, 1005, 1008, 1009],
      [1.0032721, 1.0199983, 1.0203627, 1.03],
      [2.946182, 0.129922, -0.002062, 0],
    ],
    [
      'three_winding_test.raw',
      [1001, 1002, 1003, 10002, 10003, 10004],
      [1.098, 1, 1, 0.999, 0.999, 0.999],
      [0.0135, 0, 0.0382, 0.0157, 0.0197, 0.018].map((r) => (r * 180) / Math.PI),
    ],
    [
      'three_winding_test_2.raw',
      [1001, 1002, 1003, 10001],
      [1.09, 1, 1, 0.997],
      [2.304, 0, 6.042244, 2.5901],
    ],
    [
      'three_winding_mag_test.raw',
      [1001, 1002, 1003, 10001],
      [1.0965262, 1, 0.999954, 0.9978417],
      [2.234718, 0, 5.98576, 2.538179],
    ],
    ['two_winding_mag_test.raw', [1, 2], [1.093294, 1.06414], [0.928781, 0]],
  ];
  for (const [file, buses, vm, vaDeg] of AC) {
    it(`${file}: AC power flow voltages as PowerModels solves them`, () => {
      const net = read(file).network;
      const pf = runAcPowerFlow(net);
      expect(pf.converged).toBe(true);
      const row = new Map(Array.from(net.buses.number, (n, i) => [n, i] as const));
      let dvm = 0;
      let dva = 0;
      buses.forEach((n, k) => {
        const i = row.get(n)!;
        dvm = Math.max(dvm, Math.abs(pf.vmPu[i] - vm[k]));
        dva = Math.max(dva, (Math.abs(pf.vaDeg[i] - vaDeg[k]) * Math.PI) / 180);
      });
      console.info(
        `${file}: max |ΔVm| ${dvm.toExponential(1)} pu, |ΔVa| ${dva.toExponential(1)} rad`,
      );
      expect(dvm, `${file} Vm vs PowerModels`).toBeLessThan(0.1);
      expect(dva, `${file} Va vs PowerModels`).toBeLessThan(0.01);
    });
  }
});
