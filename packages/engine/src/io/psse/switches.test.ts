import { readReferenceText } from '@holgura/test-fixtures';
import { describe, expect, it } from 'vitest';
import type { N1Result } from '../../contingency/n1';
import { screenN1 } from '../../contingency/n1';
import { inServiceMask } from '../../model/indexing';
import { findIslands } from '../../model/islands';
import type { Network } from '../../model/network';
import { runAcPowerFlow } from '../../powerflow/acpf';
import { buildDcModel, runDcPowerFlow } from '../../powerflow/dcpf';
import { findBridges } from '../../sensitivity/bridges';
import { buildScreenContext } from '../../transfer/screen';
import { readPsse } from './read-psse';
import { SWITCH_X_PU, THRSHZ_PU, isJumper } from './switches';

const END = (what: string): string => `0 / END OF ${what} DATA`;
const zeros = (n: number): string => Array.from({ length: n }, () => '0').join('\n');
const rates12 = (a: number): string => `${a}, ${a * 1.2}, ${a * 1.5}, 0,0,0,0,0,0,0,0,0`;
const bus = (n: number, name: string, type: number): string =>
  `${n},'${name}', 230, ${type}, 1, 1, 1, 1.0, 0.0, 1.1, 0.9, 1.1, 0.9`;

interface Meshed {
  /** Bus 4 merged into bus 3: no switch, its generator and its line 4-5 at bus 3. */
  readonly fused?: boolean;
  readonly switches?: readonly string[];
  readonly rev?: 33 | 35;
  /** v33 only: more non-transformer branch records after the five lines. */
  readonly extra?: readonly string[];
}

/**
 * Five lines 1-2, 2-3, 4-5, 5-1, 2-5 and a switch 3-4 that closes the loop 1-2-3-4-5-1:
 * generators at 1 (slack) and 4, loads 120, 90 and 60 MW at 2, 3 and 5. `fused` is the same
 * network with buses 3 and 4 merged (the exact result for a closed switch).
 */
function meshed({ fused = false, switches = [], rev = 35, extra = [] }: Meshed): string {
  const v35 = rev === 35;
  const line = (f: number, t: number, r: number, x: number, rate: number): string => {
    const [ff, tt] = [f, t].map((n) => (fused && n === 4 ? 3 : n));
    return v35
      ? `${ff}, ${tt},'1', ${r}, ${x}, 0.02,'', ${rates12(rate)}, 0,0,0,0, 1`
      : `${ff}, ${tt},'1', ${r}, ${x}, 0.02, ${rate}, ${rate * 1.2}, ${rate * 1.5}, 0,0,0,0, 1, 1, 0`;
  };
  const gen = (n: number, pg: number, vs: number): string =>
    v35
      ? `${n},'1', ${pg}, 0, 300, -300, ${vs}, 0, 0, 400, 0, 1, 0, 0, 1, 1, 100, 400, 0, 0, 1, 1.0`
      : `${n},'1', ${pg}, 0, 300, -300, ${vs}, 0, 100, 0, 1, 0, 0, 1, 1, 100, 400, 0, 1, 1`;
  return [
    `0, 100.00, ${rev}, 0, 0, 60.00`,
    '',
    '',
    ...(v35 ? ['GENERAL, THRSHZ=0.0001', END('SYSTEM-WIDE')] : []),
    bus(1, 'ONE', 3),
    bus(2, 'TWO', 1),
    bus(3, 'THREE', fused ? 2 : 1),
    ...(fused ? [] : [bus(4, 'FOUR', 2)]),
    bus(5, 'FIVE', 1),
    END('BUS'),
    "2,'1', 1, 1, 1, 120, 30, 0, 0, 0, 0, 1, 1, 0",
    "3,'1', 1, 1, 1, 90, 20, 0, 0, 0, 0, 1, 1, 0",
    "5,'1', 1, 1, 1, 60, 10, 0, 0, 0, 0, 1, 1, 0",
    END('LOAD'),
    END('FIXED SHUNT'),
    gen(1, 150, 1.02),
    gen(fused ? 3 : 4, 100, 1.01),
    END('GENERATOR'),
    line(1, 2, 0.01, 0.1, 150),
    line(2, 3, 0.02, 0.2, 80),
    line(4, 5, 0.01, 0.12, 100),
    line(5, 1, 0.015, 0.15, 120),
    line(2, 5, 0.02, 0.25, 60),
    ...extra,
    ...(v35 ? [`${END('BRANCH')}, BEGIN SYSTEM SWITCHING DEVICE DATA`, ...switches] : []),
    END(v35 ? 'SYSTEM SWITCHING DEVICE' : 'BRANCH'),
    zeros(11), // transformer, area, 2TDC, VSC, impedance correction, MTDC, MSL, zone, IAT, owner, FACTS
    END('SWITCHED SHUNT'),
    zeros(2), // GNE, induction machine
    'Q',
  ].join('\n');
}

const CLOSED = `3, 4, 'BK', 0.0001, ${rates12(200)}, 1, 1, 1, 2, 'BREAKER'`;
// Open: it would close the loop 2-3-4-5-2 if it joined anything.
const OPEN = `2, 4, 'DS', 0.0001, ${rates12(200)}, 0, 1, 1, 3, 'DISCONNECTOR'`;
const FIVE_LINES = [0, 1, 2, 3, 4];

/** max |a[k] − b[k]| over the five lines, and the largest |b[k]| (the flows' scale). */
function lineDiff(a: ArrayLike<number>, b: ArrayLike<number>): { diff: number; scale: number } {
  let diff = 0;
  let scale = 0;
  for (const k of FIVE_LINES) {
    diff = Math.max(diff, Math.abs(a[k] - b[k]));
    scale = Math.max(scale, Math.abs(b[k]));
  }
  return { diff, scale };
}

function withSwitchX(net: Network, k: number, x: number): Network {
  const xPu = Float64Array.from(net.branches.xPu);
  xPu[k] = x;
  return { ...net, branches: { ...net.branches, xPu } };
}

/** Every (monitored, contingency) post-contingency flow of a screen, by pair. */
function pairs(r: N1Result): Map<string, number> {
  return new Map(r.top.map((e) => [`${e.monitored}|${e.contingency}`, e.flowMw] as const));
}

/**
 * The N-1 screen with a switch equals the merged network's, pair by pair: same contingencies,
 * monitored branches, counts; post-contingency flows within `relTol` of the flows' scale.
 */
function expectSameScreen(withSwitch: Network, fused: Network, relTol: number): number {
  const a = screenN1(withSwitch, { top: 1000, postRating: 'A' });
  const b = screenN1(fused, { top: 1000, postRating: 'A' });
  expect(a.nContingencies).toBe(5); // the five lines: the switch is not a contingency
  expect(a.nMonitored).toBe(5); // nor monitored, though it has RATE1 200
  expect([a.nContingencies, a.nMonitored]).toEqual([b.nContingencies, b.nMonitored]);
  expect(a.islanding).toEqual([]);
  expect([a.overloadedPairs, a.baseCaseOverloads]).toEqual([
    b.overloadedPairs,
    b.baseCaseOverloads,
  ]);
  const pa = pairs(a);
  const pb = pairs(b);
  expect([...pa.keys()].sort()).toEqual([...pb.keys()].sort());
  expect(pa.size).toBe(5 * 4 + 0); // top holds post-contingency pairs only (m ≠ k)
  let diff = 0;
  let scale = 0;
  for (const [key, f] of pb) {
    diff = Math.max(diff, Math.abs((pa.get(key) ?? NaN) - f));
    scale = Math.max(scale, Math.abs(f));
  }
  expect(diff).toBeLessThan(relTol * scale);
  return diff;
}

describe('v35 system switching devices', () => {
  const c = readPsse(meshed({ switches: [CLOSED, OPEN] }));
  const net = c.network;
  const fused = readPsse(meshed({ fused: true })).network;

  it('a closed device becomes a branch (r = 0, x = SWITCH_X_PU, switch = 1); an open one is left out', () => {
    const b = net.branches;
    expect(b.count).toBe(6);
    expect(Array.from(b.switch ?? [])).toEqual([0, 0, 0, 0, 0, 1]);
    const busNo = (i: number): number => net.buses.number[i];
    expect([busNo(b.fromBus[5]), busNo(b.toBus[5]), b.circuit[5]]).toEqual([3, 4, 'BK']);
    expect([b.rPu[5], b.xPu[5], b.bPu[5], b.inService[5]]).toEqual([0, SWITCH_X_PU, 0, 1]);
    expect([b.rateAMva[5], b.rateBMva[5], b.rateCMva[5]]).toEqual([200, 240, 300]);
    expect(c.branchLines[5]).toBe(26);
    // One informational warning for the file, none per record.
    const w = c.warnings.filter((x) => x.code === 'PARSE_RAW_SWITCHES_CLOSED');
    expect(w).toHaveLength(1);
    expect(w[0].line).toBe(26);
    expect(w[0].message).toContain('1 closed system switching device joined');
    expect(w[0].message).toContain(`x = ${SWITCH_X_PU} pu`);
    expect(w[0].message).toContain('1 open system switching device left out');
    expect(c.warnings.some((x) => x.code === 'PARSE_RAW_RECORD_IGNORED')).toBe(false);
  });

  it('DC flows equal those of the network with buses 3 and 4 merged (to 1e-6 of the flows)', () => {
    const { diff, scale } = lineDiff(runDcPowerFlow(net).pfMw, runDcPowerFlow(fused).pfMw);
    expect(diff).toBeLessThan(1e-6 * scale);
    // What the file said before switches were read: without the device, bus 4's generator
    // reaches the rest only through 4-5, and 2-3 carries bus 3's whole load.
    const ignored = readPsse(meshed({})).network;
    expect(Math.abs(runDcPowerFlow(ignored).pfMw[1])).toBeCloseTo(90, 9);
    expect(Math.abs(runDcPowerFlow(net).pfMw[1])).toBeLessThan(10);
  });

  it('N-1 (screenN1) equals the merged network pair by pair; the switch is neither outaged nor monitored', () => {
    const diff = expectSameScreen(net, fused, 1e-6);
    console.info(
      `v35 switch: N-1 post-contingency flows vs merged buses, max |Δ| ${diff.toExponential(1)} MW`,
    );
  });

  it('the transfer screens leave the switch out of the monitored and outage sets', () => {
    const ctx = buildScreenContext(net, buildDcModel(net));
    expect(Array.from(ctx.monitored)).toEqual(FIVE_LINES);
    expect(Array.from(ctx.outages)).toEqual(FIVE_LINES);
    expect(ctx.islanding).toEqual([]);
    // An explicit list is taken as given: a planner may study opening the breaker.
    expect(
      Array.from(buildScreenContext(net, buildDcModel(net), { contingencies: [5] }).outages),
    ).toEqual([5]);
  });

  it('the AC power flow converges with the switch, to the merged network within 1e-4 MW', () => {
    const ac = runAcPowerFlow(net);
    const merged = runAcPowerFlow(fused);
    expect(ac.converged).toBe(true);
    expect(ac.iterations).toBe(merged.iterations);
    expect(lineDiff(ac.pfMw, merged.pfMw).diff).toBeLessThan(1e-4);
  });
});

describe('v33 zero-impedance branches (breakers and bus ties written as lines)', () => {
  // '@1' (a breaker, by the usual naming) with R = X = 0 closes the loop as the v35 device did.
  const JUMPER = "3, 4,'@1', 0, 0, 0, 200, 240, 300, 0,0,0,0, 1, 1, 0";
  const c = readPsse(meshed({ rev: 33, extra: [JUMPER] }));
  const net = c.network;
  const fused = readPsse(meshed({ rev: 33, fused: true })).network;

  it('R = X = 0 gets x = SWITCH_X_PU and switch = 1: finite flows equal to the merged network', () => {
    const b = net.branches;
    expect(Array.from(b.switch ?? [])).toEqual([0, 0, 0, 0, 0, 1]);
    expect([b.rPu[5], b.xPu[5], b.circuit[5], b.rateAMva[5]]).toEqual([0, SWITCH_X_PU, '@1', 200]);
    const dc = runDcPowerFlow(net).pfMw;
    expect(dc.every(Number.isFinite)).toBe(true);
    const { diff, scale } = lineDiff(dc, runDcPowerFlow(fused).pfMw);
    expect(diff).toBeLessThan(1e-6 * scale);
    const w = c.warnings.filter((x) => x.code === 'PARSE_RAW_SWITCHES_CLOSED');
    expect(w.map((x) => x.line)).toEqual([23]);
    expect(w[0].message).toContain('1 branch with R = 0 and |X| < 0.0001 joined');
    const ac = runAcPowerFlow(net);
    expect(ac.converged).toBe(true);
    expect(Array.from(ac.pfMw).every(Number.isFinite)).toBe(true);
  });

  it('N-1 (screenN1) equals the merged network pair by pair; the jumper is neither outaged nor monitored', () => {
    const diff = expectSameScreen(net, fused, 1e-6);
    console.info(
      `v33 jumper: N-1 post-contingency flows vs merged buses, max |Δ| ${diff.toExponential(1)} MW`,
    );
  });

  it('only R = 0 and |X| < THRSHZ is a jumper; the matpower option keeps the file values', () => {
    expect([isJumper(0, 0), isJumper(0, -5e-5), isJumper(0, THRSHZ_PU)]).toEqual([
      true,
      true,
      false,
    ]);
    expect([isJumper(0.001, 0), isJumper(1e-6, 1e-6)]).toEqual([false, false]);
    // psse2mpc copies R and X: the matpower option reproduces it (X = 0 stays 0).
    const mp = readPsse(meshed({ rev: 33, extra: [JUMPER] }), { matpower: true }).network;
    expect([mp.branches.xPu[5], mp.branches.switch]).toEqual([0, undefined]);
    // An out-of-service jumper is marked and made finite too, but joins nothing.
    const off = readPsse(meshed({ rev: 33, extra: [JUMPER.replace(/1, 1, 0$/, '0, 1, 0')] }));
    expect([off.network.branches.xPu[5], off.network.branches.inService[5]]).toEqual([
      SWITCH_X_PU,
      0,
    ]);
    expect(off.network.branches.switch?.[5]).toBe(1);
    const offWarning = off.warnings.find((w) => w.code === 'PARSE_RAW_SWITCHES_CLOSED');
    expect(offWarning?.message).toBe(
      'line 23: 1 out-of-service zero-impedance branch given the same x',
    );
  });
});

describe('breakers and switches in the branch data', () => {
  it("a branch whose circuit id starts with '@' or '*' is topology: kept as written, neither outaged nor monitored", () => {
    const breaker = "3, 4,'*1', 0, 0.002, 0, 200, 240, 300, 0,0,0,0, 1, 1, 0";
    const c = readPsse(meshed({ rev: 33, extra: [breaker] }));
    const k = c.network.branches.circuit.indexOf('*1');
    expect(k).toBeGreaterThanOrEqual(0);
    expect(c.network.branches.xPu[k]).toBe(0.002);
    expect(c.network.branches.switch?.[k]).toBe(1);
    const n1 = screenN1(c.network, { top: 50 });
    expect(n1.top.some((l) => l.contingency === k || l.monitored === k)).toBe(false);
    expect(c.warnings.find((w) => w.code === 'PARSE_RAW_SWITCHES_CLOSED')?.message).toContain(
      "1 breaker or switch branch (circuit id '@…' or '*…') kept with the file's impedance",
    );
  });
});

describe('the switch reactance, measured', () => {
  it(`SWITCH_X_PU = ${SWITCH_X_PU}: the largest decade within 1e-6 of merged buses, AC converging`, () => {
    const net = readPsse(meshed({ switches: [CLOSED] })).network;
    const fused = readPsse(meshed({ fused: true })).network;
    const f0 = runDcPowerFlow(fused).pfMw;
    const ac0 = runAcPowerFlow(fused);
    const rows: string[] = [];
    const relAt = (x: number): number => {
      const { diff, scale } = lineDiff(runDcPowerFlow(withSwitchX(net, 5, x)).pfMw, f0);
      return diff / scale;
    };
    for (const x of [1e-4, 1e-5, 1e-6, 1e-7, 1e-8, 1e-9]) {
      const ac = runAcPowerFlow(withSwitchX(net, 5, x));
      rows.push(
        `x ${x}: DC ${relAt(x).toExponential(1)} rel, AC ${ac.converged ? `${ac.iterations} it` : 'no'}`,
      );
    }
    console.info(`switch reactance vs merged buses: ${rows.join('; ')}`);
    // DC error grows linearly with x (≈ 2·x per pu here): SWITCH_X_PU is within 1e-6, ten times
    // it is not.
    expect(relAt(SWITCH_X_PU)).toBeLessThan(1e-6);
    expect(relAt(10 * SWITCH_X_PU)).toBeGreaterThan(1e-6);
    // AC Newton converges in the merged network's iterations at SWITCH_X_PU and a decade below.
    for (const x of [SWITCH_X_PU, SWITCH_X_PU / 10]) {
      const ac = runAcPowerFlow(withSwitchX(net, 5, x));
      expect([ac.converged, ac.iterations]).toEqual([true, ac0.iterations]);
    }
  });
});

describe('a closed switch as the only connection between two halves', () => {
  // Without lines 2-3 and 4-5 the halves are {1, 2, 5} and {3, 4} (joined by the breaker 3-4);
  // the bus tie 2-3 is all that connects them.
  const halves = (stat: 0 | 1): Network =>
    readPsse(
      meshed({
        switches: [CLOSED, `2, 3, 'BT', 0.0001, ${rates12(0)}, ${stat}, 1, 1, 1, 'BUS TIE'`],
      })
        .replace(/^2, 3,'1'.*$/m, '')
        .replace(/^4, 5,'1'.*$/m, ''),
    ).network;

  it('closed, the halves are one island; the tie is a bridge but not an islanding contingency', () => {
    const net = halves(1);
    expect(net.branches.count).toBe(5); // 1-2, 5-1, 2-5 and the two switches
    expect(Array.from(net.branches.switch ?? [])).toEqual([0, 0, 0, 1, 1]);
    const active = inServiceMask(net);
    expect(findIslands(net, active).count).toBe(1);
    expect(Array.from(findBridges(net, active.branchActive))).toEqual([0, 0, 0, 1, 1]);
    expect(runDcPowerFlow(net).deenergisedIslands).toEqual([]);
    const n1 = screenN1(net);
    expect(n1.nContingencies).toBe(3);
    expect(n1.islanding).toEqual([]);
  });

  it('open, the same tie leaves two islands', () => {
    const net = halves(0);
    expect(net.branches.count).toBe(4);
    const islands = findIslands(net, inServiceMask(net));
    expect(islands.count).toBe(2);
    expect(Array.from(islands.hasGeneration)).toEqual([1, 1]);
  });
});

/**
 * `net` with every 7th PQ bus of 3 or more branches (up to `count`) split in two sections: every
 * other branch end at the bus moves to a new bus, joined to it by a switch of reactance `x`.
 * The unsplit network is the exact result.
 */
function splitBuses(net: Network, count: number, x: number): Network {
  const B = net.buses;
  const L = net.branches;
  const degree = new Int32Array(B.count);
  for (let k = 0; k < L.count; k++) {
    degree[L.fromBus[k]]++;
    degree[L.toBus[k]]++;
  }
  const split: number[] = [];
  for (let i = 0; i < B.count && split.length < count; i += 7) {
    if (degree[i] >= 3 && B.type[i] === 1) split.push(i);
  }
  const section = new Map(split.map((b, j) => [b, B.count + j] as const));
  const fromBus = Int32Array.from(L.fromBus);
  const toBus = Int32Array.from(L.toBus);
  const seen = new Int32Array(B.count);
  for (let k = 0; k < L.count; k++) {
    for (const end of [fromBus, toBus]) {
      const s = section.get(end[k]);
      if (s !== undefined && seen[end[k]]++ % 2 === 1) end[k] = s;
    }
  }
  const grow = <T extends Float64Array | Int32Array | Int8Array | Uint8Array>(
    a: T,
    tail: (b: number) => number,
  ): T => {
    const out = new (a.constructor as new (n: number) => T)(a.length + split.length);
    out.set(a);
    split.forEach((b, j) => (out[a.length + j] = tail(b)));
    return out;
  };
  const same = <T extends Float64Array | Int32Array>(a: T): T => grow(a, (b) => a[b]);
  const zero = (a: Float64Array) => grow(a, () => 0);
  return {
    ...net,
    buses: {
      ...B,
      count: B.count + split.length,
      number: grow(B.number, (b) => 10_000_000 + B.number[b]),
      type: grow(B.type, () => 1),
      pdMw: zero(B.pdMw),
      qdMvar: zero(B.qdMvar),
      gsMw: zero(B.gsMw),
      bsMvar: zero(B.bsMvar),
      area: same(B.area),
      vmPu: same(B.vmPu),
      vaDeg: same(B.vaDeg),
      baseKv: same(B.baseKv),
      zone: same(B.zone),
      vmaxPu: same(B.vmaxPu),
      vminPu: same(B.vminPu),
      name: [...B.name, ...split.map(() => '')],
    },
    branches: {
      count: L.count + split.length,
      fromBus: grow(fromBus, (b) => b),
      toBus: grow(toBus, (b) => section.get(b) ?? -1),
      rPu: zero(L.rPu),
      xPu: grow(L.xPu, () => x),
      bPu: zero(L.bPu),
      rateAMva: zero(L.rateAMva),
      rateBMva: zero(L.rateBMva),
      rateCMva: zero(L.rateCMva),
      tapRatio: zero(L.tapRatio),
      shiftDeg: zero(L.shiftDeg),
      inService: grow(L.inService, () => 1),
      circuit: [...L.circuit, ...split.map(() => 'SW')],
      switch: grow(new Uint8Array(L.count), () => 1),
    },
  };
}

describe('the switch reactance on a 2000-bus network', () => {
  it('ACTIVSg2000 with 100 buses split by switches: AC converges, flows near the unsplit ones', () => {
    const net = readPsse(readReferenceText('raw/ACTIVSg2000.RAW', 'latin1')).network;
    const dc0 = runDcPowerFlow(net).pfMw;
    const ac0 = runAcPowerFlow(net);
    const rows: string[] = [];
    for (const x of [SWITCH_X_PU * 10, SWITCH_X_PU, SWITCH_X_PU / 10]) {
      const split = splitBuses(net, 100, x);
      expect(split.branches.count - net.branches.count).toBe(100);
      const dc = runDcPowerFlow(split).pfMw;
      const ac = runAcPowerFlow(split);
      let dDc = 0;
      let dAc = 0;
      let scale = 0;
      for (let k = 0; k < net.branches.count; k++) {
        dDc = Math.max(dDc, Math.abs(dc[k] - dc0[k]));
        dAc = Math.max(dAc, Math.abs(ac.pfMw[k] - ac0.pfMw[k]));
        scale = Math.max(scale, Math.abs(dc0[k]));
      }
      const acText = ac.converged
        ? `${ac.iterations} it, max |Δ| ${dAc.toExponential(1)} MW`
        : `no (mismatch ${ac.mismatchPu.toExponential(1)} pu)`;
      rows.push(
        `x ${x}: DC max |Δ| ${dDc.toExponential(1)} MW (${(dDc / scale).toExponential(1)} rel), AC ${acText}`,
      );
      if (x === SWITCH_X_PU) {
        expect([ac.converged, ac.iterations]).toEqual([true, ac0.iterations]);
        expect(dDc).toBeLessThan(1e-5 * scale);
        expect(dAc).toBeLessThan(0.05);
      }
    }
    console.info(`ACTIVSg2000, 100 buses split by switches: ${rows.join('; ')}`);
  });
});
