import { describe, expect, it } from 'vitest';
import type { EngineError } from '../../util/engine-error';
import { readPsse } from './read-psse';

const END = (what: string): string => `0 / END OF ${what} DATA`;
const zeros = (n: number): string => Array.from({ length: n }, () => '0').join('\n');
const WINDING = (v: string, ang: string, rates: string, tab = '0'): string =>
  `${v}, ${ang}, ${rates}, 0, 0, 1.1, 0.9, 1.1, 0.9, 33, ${tab}, 0, 0, 0`;

/** A rev-33 case: 3 buses, a line with explicit shunts, three transformers, two switched shunts. */
const V33 = [
  '0, 100.00, 33, 0, 0, 60.00 / synthetic test',
  'TITLE ONE',
  'TITLE TWO',
  "1,'ONE         ', 230.0, 3, 1, 1, 1, 1.0, 0.0, 1.1, 0.9, 1.1, 0.9",
  "2,'TWO', 115.0, 1, 1, 1, 1, 1.0, 0.0, 1.1, 0.9, 1.1, 0.9",
  "3,'THREE', 13.8, 2, 1, 1, 1, 1.0, 0.0, 1.1, 0.9, 1.1, 0.9",
  `${END('BUS')}, BEGIN LOAD DATA`,
  "2,'1',1,1,1, 50.0, 10.0, 0,0,0,0, 1,1,0",
  "2,'2',0,1,1, 99.0, 99.0",
  END('LOAD'),
  "3,'1',1, 2.0, 3.0",
  END('FIXED SHUNT'),
  "1,'1', 50,0, 100,-100, 1.0, 0, 100, 0,1,0,0,1, 1, 100, 200, 0, 1,1",
  "3,'G2', 10,0 ,,, 1.02",
  END('GENERATOR'),
  "1, 2,'A ', 0.01, 0.1, 0.02, 100,110,120, 0.01, 0.02, 0.03, 0.04, 1, 1, 0",
  `${END('BRANCH')}, BEGIN TRANSFORMER DATA`,
  // CW 2 (kV), CZ 2 (winding base), CM 2 (W and pu current); NOMV2 = 0 means bus base.
  "1, 2, 0, '1', 2, 2, 2, 50000, 0.01, 2, 'T1', 1, 1, 1.0",
  '0.01, 0.1, 50',
  WINDING('235, 230', '5.0', '100, 110, 120'),
  '115, 0',
  // CW 3 (pu of NOMV), CZ 3 (load loss in W, |Z|), with an impedance correction table.
  "1, 2, 0, '2', 3, 3, 1, 0, 0, 2, 'T2', 1, 1, 1.0",
  '100000, 0.1, 100',
  WINDING('1.05, 240', '0', '0, 0, 0', '1'),
  '1.0, 115',
  // 3-winding, winding 3 out of service (STAT 3).
  "1, 2, 3, '1', 1, 1, 1, 0.001, -0.002, 2, 'T3W', 3, 1, 1.0",
  '0.01, 0.1, 100, 0.02, 0.2, 100, 0.03, 0.3, 100, 1.01, -5.0',
  WINDING('1.02, 0', '1.5', '200, 210, 220'),
  WINDING('1.0, 0', '0', '201, 211, 221'),
  WINDING('0.98, 0', '-2', '202, 212, 222'),
  `${END('TRANSFORMER')}, BEGIN AREA DATA`,
  "1, 0, 0, 10, 'AREA ONE'",
  zeros(3), // area end, 2-terminal DC, VSC
  zeros(2), // impedance correction, multi-terminal DC
  "1, 2, '&1', 1, 3",
  END('MULTI-SECTION LINE'),
  "1, 'ZONE ONE'",
  zeros(3), // zone end, inter-area, owner
  "'FX1', 1, 2, 1",
  END('FACTS'),
  "3, 1, 0, 0, 1.1, 0.9, 0, 100, '', 25.0, 1, 25.0",
  "2, 1, 0, 1, 1.1, 0.9, 0, 100, '', 10.0, 1, 10.0",
  END('SWITCHED SHUNT'),
  zeros(2),
  'Q',
].join('\n');

describe('readPsse conversion (rev 33)', () => {
  const c = readPsse(V33);
  const net = c.network;
  const bus = (n: number): number => net.buses.number.indexOf(n);

  it('reads identification, buses, loads and shunts as psse2mpc does', () => {
    expect(c.revision).toBe(33);
    expect(c.titles).toEqual(['TITLE ONE', 'TITLE TWO']);
    expect(net.baseMva).toBe(100);
    expect(Array.from(net.buses.number)).toEqual([1, 2, 3, 11]);
    expect(net.buses.name.slice(0, 3)).toEqual(['ONE', 'TWO', 'THREE']);
    expect(net.buses.pdMw[bus(2)]).toBe(50); // the out-of-service load is left out
    expect(net.buses.qdMvar[bus(2)]).toBe(10);
    expect(net.buses.gsMw[bus(3)]).toBe(2);
    // Fixed shunt 3 + switched shunt 0 (out of service): PSS/E leaves it out.
    expect(net.buses.bsMvar[bus(3)]).toBe(3);
    // Line shunts GJ, BJ × SBASE and the in-service switched shunt at BINIT.
    expect(net.buses.gsMw[bus(2)]).toBeCloseTo(3, 12);
    expect(net.buses.bsMvar[bus(2)]).toBeCloseTo(4 + 10, 12);
    expect(c.records).toEqual({
      loads: 2,
      fixedShunts: 1,
      switchedShunts: 2,
      twoWindingTransformers: 2,
      threeWindingTransformers: 1,
    });
    expect(c.areaNames.get(1)).toBe('AREA ONE');
    expect(c.zoneNames.get(1)).toBe('ZONE ONE');
  });

  it('generators: fields and defaults (MBASE = SBASE, QT/QB/PT/PB ±9999)', () => {
    const g = net.generators;
    expect(Array.from(g.pmaxMw)).toEqual([200, 9999]);
    expect(Array.from(g.pminMw)).toEqual([0, -9999]);
    expect(Array.from(g.qmaxMvar)).toEqual([100, 9999]);
    expect(g.mBaseMva[1]).toBe(100);
    expect(g.vgPu[1]).toBe(1.02);
    expect(c.generatorIds).toEqual(['1', 'G2']);
  });

  it('line: R, X, B, rates and trimmed circuit id; explicit shunts go to the buses', () => {
    const b = net.branches;
    expect([b.rPu[0], b.xPu[0], b.bPu[0], b.rateAMva[0], b.rateCMva[0]]).toEqual([
      0.01, 0.1, 0.02, 100, 120,
    ]);
    expect(b.circuit[0]).toBe('A');
    expect(net.buses.gsMw[bus(1)] - 0.05).toBeCloseTo(1, 12); // GI, plus T1's core loss
  });

  it('2-winding CW 2 / CZ 2 / CM 2: ratio, impedance and magnetizing admittance', () => {
    const b = net.branches;
    expect(b.rPu[1]).toBeCloseTo(0.02, 14); // (230²/50) / (230²/100) = 2
    expect(b.xPu[1]).toBeCloseTo(0.2, 14);
    expect(b.tapRatio[1]).toBeCloseTo(235 / 230, 14);
    expect(b.shiftDeg[1]).toBe(5);
    // 50 kW no-load loss, 1 % exciting current on 50 MVA: G = 0.05 MW, B = −√(0.5² − 0.05²).
    expect(net.buses.gsMw[bus(1)]).toBeCloseTo(1 + 0.05, 12);
    expect(net.buses.bsMvar[bus(1)]).toBeCloseTo(2 - Math.sqrt(0.25 - 0.0025), 12);
  });

  it('2-winding CW 3 / CZ 3: ratio in pu of NOMV, R from load loss, X from |Z|', () => {
    const b = net.branches;
    const k = (240 / 230) ** 2;
    expect(b.rPu[2]).toBeCloseTo(0.001 * k, 14);
    expect(b.xPu[2]).toBeCloseTo(Math.sqrt(0.01 - 1e-6) * k, 14);
    expect(b.tapRatio[2]).toBeCloseTo((1.05 * 240) / 230, 14);
    expect(c.warnings.some((w) => w.code === 'PARSE_RAW_CONVERSION_LOSSY' && w.line === 22)).toBe(
      true,
    );
  });

  it('3-winding: star bus 11 and three branches winding → star, winding 3 out', () => {
    const b = net.branches;
    const s = bus(11);
    expect([net.buses.vmPu[s], net.buses.vaDeg[s], net.buses.baseKv[s]]).toEqual([1.01, -5, 1]);
    expect(net.buses.name[s]).toBe('STR_PT_XF_1');
    expect(Array.from(b.toBus.slice(3))).toEqual([s, s, s]);
    expect(Array.from(b.fromBus.slice(3))).toEqual([bus(1), bus(2), bus(3)]);
    expect(b.rPu[3]).toBeCloseTo(0.01, 15);
    expect(b.xPu[5]).toBeCloseTo(0.2, 15);
    expect(Array.from(b.tapRatio.slice(3))).toEqual([1.02, 1.0, 0.98]);
    expect(Array.from(b.shiftDeg.slice(3))).toEqual([1.5, 0, -2]);
    expect(Array.from(b.inService.slice(3))).toEqual([1, 1, 0]);
    expect([b.rateAMva[4], b.rateBMva[4], b.rateCMva[4]]).toEqual([201, 211, 221]);
    expect(net.buses.gsMw[s]).toBeCloseTo(0.1, 14);
  });

  it('warns for every unmodelled record, naming it and its line', () => {
    const ignored = c.warnings.filter((w) => w.code === 'PARSE_RAW_RECORD_IGNORED');
    expect(ignored.map((w) => w.line)).toEqual([38, 44]);
    expect(ignored[1].message).toContain("FACTS device record 'FX1'");
  });

  it('matpower option: no magnetizing admittance, switched shunts at BINIT whatever STAT', () => {
    const m = readPsse(V33, { matpower: true }).network;
    expect(m.buses.bsMvar[bus(3)]).toBe(3 + 25);
    expect(m.buses.gsMw[bus(1)]).toBeCloseTo(1, 14);
    expect(m.buses.gsMw[bus(11)]).toBe(0);
  });
});

function errorOf(text: string): EngineError {
  try {
    readPsse(text);
  } catch (e) {
    return e as EngineError;
  }
  throw new Error('no error');
}

describe('readPsse errors carry a code, the line and the field', () => {
  const lines = V33.split('\n');
  const edit = (i: number, text: string): string =>
    [...lines.slice(0, i), text, ...lines.slice(i + 1)].join('\n');

  it('revisions outside 29–35', () => {
    const e = errorOf(edit(0, '0, 100.00, 28, 0, 0, 60.00'));
    expect([e.code, e.line, e.field]).toEqual(['PARSE_RAW_REVISION_UNSUPPORTED', 1, 'REV']);
    expect(errorOf(edit(0, '0, 100.00, 36')).code).toBe('PARSE_RAW_REVISION_UNSUPPORTED');
  });
  it('a field that is not a number', () => {
    const e = errorOf(edit(4, "2,'TWO', 115.0, 1, 1, 1, 1, 1.O, 0.0"));
    expect([e.code, e.line, e.field]).toEqual(['PARSE_RAW_FIELD_INVALID', 5, 'VM']);
  });
  it('a bus that does not exist', () => {
    const e = errorOf(edit(12, "9,'1', 50"));
    expect([e.code, e.line, e.field]).toEqual(['PARSE_RAW_BUS_UNKNOWN', 13, 'I']);
  });
  it('a duplicate bus', () => {
    expect(errorOf(edit(5, "2,'TWO AGAIN', 115.0")).code).toBe('PARSE_RAW_BUS_DUPLICATE');
  });
  it('a file that ends inside a section or a transformer record', () => {
    expect(errorOf(lines.slice(0, 6).join('\n')).code).toBe('PARSE_RAW_SECTION_TRUNCATED');
    const cut = [...lines.slice(0, 19), END('TRANSFORMER')].join('\n');
    expect(errorOf(cut).code).toBe('PARSE_RAW_SECTION_TRUNCATED');
  });
  it('CRLF line ends and a byte-order mark read the same', () => {
    const crlf = readPsse(`\uFEFF${V33.replace(/\n/g, '\r\n')}`).network;
    expect(crlf.branches.xPu).toEqual(readPsse(V33).network.branches.xPu);
    expect(crlf.buses.name).toEqual(readPsse(V33).network.buses.name);
  });
  it('an absent REV with no revision comment: 33 assumed, with a warning', () => {
    const c = readPsse(edit(0, '0, 100.00'));
    expect(c.revision).toBe(33);
    expect(c.warnings[0].code).toBe('PARSE_RAW_REVISION_ASSUMED');
  });
});

describe('readPsse quoting, zero records and 2-winding STAT', () => {
  const lines = V33.split('\n');
  const edit = (i: number, text: string): string =>
    [...lines.slice(0, i), text, ...lines.slice(i + 1)].join('\n');

  it("reads a quote written twice inside a name as one quote ('1'' DROP')", () => {
    const c = readPsse(edit(3, "1,'1'' DROP, A/B ', 230.0, 3, 1, 1, 1, 1.0, 0.0, 1.1, 0.9"));
    expect(c.network.buses.name[0]).toBe("1' DROP, A/B");
    expect(c.network.buses.baseKv[0]).toBe(230);
  });

  it('refuses a name whose inner quote is not written twice, naming the line and field', () => {
    const e = errorOf(edit(4, "2,'26' Drop  ', 115.0, 1, 1, 1, 1, 1.0, 0.0, 1.1, 0.9"));
    expect([e.code, e.line, e.field]).toEqual(['PARSE_RAW_FIELD_INVALID', 5, 'NAME']);
    expect(e.message).toContain('column 14');
  });

  it('refuses an unclosed quote in a record it does not model, naming the line', () => {
    const e = errorOf(edit(43, "'FX1, 1, 2, 1"));
    expect([e.code, e.line]).toEqual(['PARSE_RAW_FIELD_INVALID', 44]);
    expect(e.message).toContain('FACTS device record');
  });

  it('a bus record numbered 0 ends the bus data, with a warning naming its line', () => {
    const c = readPsse(edit(6, "0,'NOT A BUS', 13.8, 2"));
    expect(Array.from(c.network.buses.number)).toEqual([1, 2, 3, 11]);
    expect(c.network.buses.pdMw[1]).toBe(50); // the load data after it is read as before
    const w = c.warnings.find((x) => x.line === 7);
    expect(w?.code).toBe('PARSE_RAW_RECORD_IGNORED');
    expect(w?.message).toContain('bus record numbered 0');
  });

  it('a 2-winding transformer with STAT 2 (winding 2 out) is out of service, with a warning', () => {
    const text = edit(17, "1, 2, 0, '1', 2, 2, 2, 50000, 0.01, 2, 'T1', 2, 1, 1.0");
    const c = readPsse(text);
    expect(c.network.branches.inService[1]).toBe(0);
    expect(c.warnings.find((w) => w.line === 18)?.message).toContain('STAT 2');
    // psse2mpc keeps every STAT > 0 in service.
    expect(readPsse(text, { matpower: true }).network.branches.inService[1]).toBe(1);
  });
});
