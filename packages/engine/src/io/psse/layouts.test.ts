import { describe, expect, it } from 'vitest';
import { readPsse } from './read-psse';

const END = (what: string): string => `0 / END OF ${what} DATA`;
const zeros = (n: number): string => Array.from({ length: n }, () => '0').join('\n');

const V35 = [
  '@!IC,SBASE,REV,XFRRAT,NXFRAT,BASFRQ',
  '0, 100.00, 35, 0, 0, 60.00 / PSS(R)E-35.3',
  '',
  '',
  'GENERAL, THRSHZ=0.0001, PQBRAK=0.7',
  'RATING, 1, "RATE1 ", "RATING SET 1"',
  `${END('SYSTEM-WIDE')}, BEGIN BUS DATA`,
  "@!   I,'NAME        ', BASKV, IDE,AREA,ZONE,OWNER, VM, VA, NVHI, NVLO, EVHI, EVLO",
  "1,'A', 138, 3, 1, 1, 1, 1.0, 0.0, 1.05, 0.95, 1.1, 0.9",
  "2,'B', 138, 1, 1, 1, 1, 1.0, 0.0, 1.05, 0.95, 1.1, 0.9",
  END('BUS'),
  "2,'1', 1, 1, 1, 40, 20, 0, 0, 0, 0, 1, 1, 0, 15, 5, 1, 'TYPE'",
  END('LOAD'),
  END('FIXED SHUNT'),
  "1,'1', 50, 0, 100, -100, 1.0, 0, 0, 250, 0, 1, 0, 0, 1, 1, 100, 200, 10, 0, 1, 1.0",
  END('GENERATOR'),
  "1, 2,'1', 0.01, 0.1, 0.02,'LINE, WITH / COMMA', 100, 110, 120, 0,0,0,0,0,0,0,0,0, 0,0,0,0, 1",
  `${END('BRANCH')}, BEGIN SYSTEM SWITCHING DEVICE DATA`,
  "1, 2, 'BK', 0.0001, 100,100,100,0,0,0,0,0,0,0,0,0, 1, 1, 1, 2, 'BREAKER'",
  END('SYSTEM SWITCHING DEVICE'),
  zeros(11), // transformer, area, 2TDC, VSC, impedance correction, MTDC, MSL, zone, IAT, owner, FACTS
  "2,'1', 1, 0, 1, 1.1, 0.9, 0, 0, 100, '', 30.0, 1, 1, 30.0",
  END('SWITCHED SHUNT'),
  zeros(2), // GNE, induction machine
  "1, 'SUB', 0, 0, 0",
  '1, 1, "N1", 1, 1',
  '0 / END OF SUBSTATION NODE DATA',
  '0 / END OF SUBSTATION DATA',
  'Q',
].join('\n');

describe('readPsse rev 35 layout', () => {
  const c = readPsse(V35);
  it('skips @! lines and system-wide data, reads NREG-shifted generators and 12-rate branches', () => {
    expect(c.revision).toBe(35);
    expect(c.network.generators.mBaseMva[0]).toBe(250);
    expect(c.network.generators.pmaxMw[0]).toBe(200);
    expect(c.network.generators.pminMw[0]).toBe(10);
    expect(c.network.branches.rateCMva[0]).toBe(120);
    expect(c.network.buses.vmaxPu[0]).toBe(1.05);
    expect(c.network.buses.bsMvar[1]).toBe(30); // v35 switched shunt: BINIT is field 12
    // Distributed generation (DGENF = 1) is netted from the load.
    expect([c.network.buses.pdMw[1], c.network.buses.qdMvar[1]]).toEqual([25, 15]);
    const codes = c.warnings.map((w) => w.code);
    expect(codes).toContain('PARSE_RAW_SECTION_IGNORED'); // system-wide data, substation
    // The closed breaker (STAT 1) joins buses 1 and 2 as a branch, named in one warning.
    const b = c.network.branches;
    expect([b.count, b.circuit[1], b.rPu[1], b.rateAMva[1]]).toEqual([2, 'BK', 0, 100]);
    expect(Array.from(b.switch ?? [])).toEqual([0, 1]);
    expect(c.warnings.find((w) => w.code === 'PARSE_RAW_SWITCHES_CLOSED')?.line).toBe(19);
    expect(codes).not.toContain('PARSE_RAW_RECORD_IGNORED');
  });
});

describe('readPsse rev 34 layout', () => {
  const rates12 = '100, 110, 120, 0, 0, 0, 0, 0, 0, 0, 0, 0';
  const v34 = [
    '0, 100.00, 34, 0, 0, 60.00',
    '',
    '',
    'GENERAL, THRSHZ=0.0001',
    END('SYSTEM-WIDE'),
    "1,'A', 138, 3, 1, 1, 1, 1.0, 0.0, 1.05, 0.95, 1.1, 0.9",
    "2,'B', 69, 1, 1, 1, 1, 1.0, 0.0, 1.05, 0.95, 1.1, 0.9",
    END('BUS'),
    END('LOAD'),
    END('FIXED SHUNT'),
    "1,'1', 50, 0, 100, -100, 1.0, 0, 250, 0, 1, 0, 0, 1, 1, 100, 200, 10, 1, 1.0, 0,1, 0,1, 0,1, 0, 1, 0",
    END('GENERATOR'),
    // No system switching device section: the label says the transformers come next.
    `${END('BRANCH')}, BEGIN TRANSFORMER DATA`,
    "1, 2, 0, '1', 1, 1, 1, 0, 0, 2, 'T', 1, 1, 1.0, 0, 1, 0, 1, 0, 1, '            ', 1",
    '0.001, 0.05, 100',
    `1.025, 0, 0, ${rates12}, 0, 0, 1.1, 0.9, 1.1, 0.9, 33, 0, 0, 0, 0, 0`,
    '1.0, 0',
    END('TRANSFORMER'),
    zeros(10), // area … FACTS
    "2, 1, 0, 1, 1.1, 0.9, 0, 100, '', 12.5, 1, 12.5, 0",
    END('SWITCHED SHUNT'),
    'Q',
  ].join('\n');

  it('reads the transformer when the optional switching device section is absent', () => {
    const c = readPsse(v34);
    const b = c.network.branches;
    expect(c.revision).toBe(34);
    expect(b.count).toBe(1);
    expect([b.tapRatio[0], b.xPu[0], b.rateBMva[0]]).toEqual([1.025, 0.05, 110]);
    expect(c.network.generators.mBaseMva[0]).toBe(250);
    expect(c.network.buses.bsMvar[1]).toBe(12.5);
  });
});

describe('readPsse rev 31 layout', () => {
  it('fixed shunt section, 9-field buses, switched shunts after FACTS without STAT, no GNE', () => {
    const v31 = [
      '0, 100.00, 31',
      '',
      '',
      "1,'A', 138, 3, 1, 1, 1, 1.0, 0.0",
      "2,'B', 138, 1, 1, 1, 1, 1.0, 0.0",
      END('BUS'),
      END('LOAD'),
      "2,'1', 1, 1.5, 2.5",
      END('FIXED SHUNT'),
      "1,'1', 50",
      END('GENERATOR'),
      "1, 2,'1', 0.01, 0.1",
      END('BRANCH'),
      zeros(11), // transformer … FACTS
      "2, 1, 1.1, 0.9, 0, 100, '', 7.5, 1, 7.5",
      END('SWITCHED SHUNT'),
      'Q',
    ].join('\n');
    const c = readPsse(v31);
    expect(c.revision).toBe(31);
    expect([c.network.buses.gsMw[1], c.network.buses.bsMvar[1]]).toEqual([1.5, 2.5 + 7.5]);
    expect(c.network.buses.vmaxPu[0]).toBe(1.1);
    expect(c.warnings.map((w) => w.code)).toEqual(['PARSE_RAW_DEFAULT_VOLTAGE_LIMITS']);
  });
});
