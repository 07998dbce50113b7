import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readReferenceText } from '@holgura/test-fixtures';
import { readMatpower } from '../../io/matpower/read-matpower';
import { readPsse } from '../../io/psse';
import type { Network } from '../../model/network';
import { buildDcModel, runDcPowerFlow } from '../../powerflow/dcpf';
import type { Contingency } from './contingency-set';
import { makeOutageEvaluator } from './outage-flows';
import { readPsseContingencies } from './psse-con';
import { readMonitored } from './psse-mon';
import { readSubsystems } from './psse-sub';

/**
 * Issue #30 on a real grid: the .sub/.mon/.con set in test-fixtures/ read against ACTIVSg2000 (the
 * RAW file, with its machine ids; and the MATPOWER case, which must give the same elements).
 * Every expected count is computed here from the network, not with the readers' helpers.
 */
const fixture = (name: string) =>
  readFileSync(new URL(`./test-fixtures/${name}`, import.meta.url), 'latin1');
const SUB = fixture('ACTIVSg2000.sub');
const MON = fixture('ACTIVSg2000.mon');
const CON = fixture('ACTIVSg2000.con');

const raw = readPsse(readReferenceText('raw/ACTIVSg2000.RAW', 'latin1'));
const net = raw.network;
const generatorIds = raw.generatorIds;

const number = (n: Network, bus: number) => n.buses.number[bus]!;
/** The branch rows between two bus numbers with a circuit id, scanned (either direction). */
function rowsOf(n: Network, a: number, b: number, circuit: string): number[] {
  const out: number[] = [];
  for (let k = 0; k < n.branches.count; k++) {
    const f = number(n, n.branches.fromBus[k]!);
    const t = number(n, n.branches.toBus[k]!);
    if (((f === a && t === b) || (f === b && t === a)) && n.branches.circuit[k] === circuit) {
      out.push(k);
    }
  }
  return out;
}
/** Area 7 at 230 kV and up; area 8 at 500 kV; bus numbers 7090 to 7120. */
const inEhv7 = (n: Network, i: number) =>
  n.buses.area[i] === 7 && n.buses.baseKv[i]! >= 230 && n.buses.baseKv[i]! <= 500;
const in500a8 = (n: Network, i: number) => n.buses.area[i] === 8 && n.buses.baseKv[i] === 500;
const inPlants = (n: Network, i: number) => number(n, i) >= 7090 && number(n, i) <= 7120;
const live = (n: Network, k: number) => n.branches.inService[k] === 1 && !n.branches.switch?.[k];
function branchesWhere(
  n: Network,
  ends: (a: boolean, b: boolean) => boolean,
  inside: typeof inEhv7,
) {
  const out: number[] = [];
  for (let k = 0; k < n.branches.count; k++) {
    if (live(n, k) && ends(inside(n, n.branches.fromBus[k]!), inside(n, n.branches.toBus[k]!))) {
      out.push(k);
    }
  }
  return out;
}
const both = (a: boolean, b: boolean) => a && b;
const one = (a: boolean, b: boolean) => a !== b;

describe('ACTIVSg2000: test-fixtures/ACTIVSg2000.sub', () => {
  it('gives each subsystem the buses its criteria select', () => {
    const set = readSubsystems(SUB, net);
    expect(set.unresolved).toEqual([]);
    for (const [label, inside] of [
      ['AREA7_EHV', inEhv7],
      ['AREA8_500', in500a8],
      ['A7_PLANTS', inPlants],
    ] as const) {
      const expected = Array.from({ length: net.buses.count }, (_, i) => (inside(net, i) ? 1 : 0));
      expect(Array.from(set.subsystems.get(label)!.buses), label).toEqual(expected);
    }
    expect(set.subsystems.get('AREA7_EHV')!.busCount).toBe(80);
    expect(set.subsystems.get('AREA8_500')!.busCount).toBe(10);
  });
});

describe('ACTIVSg2000: test-fixtures/ACTIVSg2000.mon', () => {
  const subsystems = readSubsystems(SUB, net);
  const mon = readMonitored(MON, net, { subsystems });

  it('monitors the subsystem’s branches and ties, plus one, less one', () => {
    expect(mon.unresolved).toEqual([]);
    const expected = new Set([
      ...branchesWhere(net, both, inEhv7),
      ...branchesWhere(net, one, inEhv7),
      ...rowsOf(net, 8158, 8030, '1'),
    ]);
    for (const k of rowsOf(net, 7002, 7104, '1')) expected.delete(k);
    expect(mon.branches).toEqual([...expected].sort((a, b) => a - b));
    // 143 inside, 222 ties, 8158-8030 added and 7104-7002 taken out.
    expect(mon.branches).toHaveLength(143 + 222 + 1 - 1);
  });

  it('records the voltage range and the interface, members signed as written', () => {
    expect(mon.voltageRanges).toHaveLength(1);
    expect(mon.voltageRanges[0]).toMatchObject({
      subsystem: 'AREA7_EHV',
      vminPu: 0.95,
      vmaxPu: 1.05,
    });
    expect(mon.voltageRanges[0]!.buses).toHaveLength(80);
    const members = (
      [
        [7199, 6062],
        [7018, 6075],
        [7018, 6161],
        [7414, 6239],
      ] as const
    ).map(([from, to]) => {
      const [k] = rowsOf(net, from, to, '1');
      const sign = number(net, net.branches.fromBus[k!]!) === from ? 1 : -1;
      return { branch: k!, coefficient: sign };
    });
    expect(mon.interfaces).toEqual([
      { name: 'AREA 7 TO AREA 6, 500 KV', line: 7, limitMw: 4000, members },
    ]);
    expect(members.map((m) => m.coefficient)).toEqual([1, 1, -1, -1]);
  });
});

describe('ACTIVSg2000: test-fixtures/ACTIVSg2000.con', () => {
  const subsystems = readSubsystems(SUB, net);
  const set = readPsseContingencies(CON, net, { subsystems, generatorIds });
  const byRule = (line: number) => set.contingencies.filter((c) => c.line === line);

  it('expands every rule to the contingencies counted from the network', () => {
    expect(set.unresolved).toEqual([]);
    const inside = branchesWhere(net, both, inEhv7);
    expect(inside).toHaveLength(143);
    expect(byRule(2).map((c) => c.branches)).toEqual(inside.map((k) => [k]));

    const pairs: string[] = [];
    for (let a = 0; a < inside.length; a++) {
      for (let b = a + 1; b < inside.length; b++) pairs.push(`${inside[a]} ${inside[b]}`);
    }
    expect(pairs).toHaveLength(10_153);
    expect(byRule(3).map((c) => c.branches.join(' '))).toEqual(pairs);

    const groups = new Map<string, number[]>();
    for (const k of inside) {
      const ends = [number(net, net.branches.fromBus[k]!), number(net, net.branches.toBus[k]!)];
      const key = ends.sort((x, y) => x - y).join('-');
      groups.set(key, [...(groups.get(key) ?? []), k]);
    }
    const parallel = [...groups.values()].filter((g) => g.length > 1);
    expect(parallel).toHaveLength(13);
    expect(byRule(4).map((c) => c.branches)).toEqual(parallel);

    const ties8 = branchesWhere(net, one, in500a8);
    expect(byRule(5).map((c) => c.branches)).toEqual(ties8.map((k) => [k]));

    const units: number[] = [];
    for (let g = 0; g < net.generators.count; g++) {
      if (net.generators.inService[g] && inPlants(net, net.generators.bus[g]!)) units.push(g);
    }
    expect(byRule(6).map((c) => c.generators)).toEqual(units.map((g) => [g]));

    expect(set.counts).toEqual({
      total: 143 + 10_153 + 13 + ties8.length + units.length + 4,
      branch: 143 + ties8.length,
      multiBranch: 10_153 + 13 + 2,
      generator: units.length + 1,
      mixed: 1,
    });
  });

  it('labels generated contingencies by rule, counter and elements', () => {
    const labels = set.contingencies.map((c) => c.label);
    expect(new Set(labels).size).toBe(labels.length);
    const first = (line: number) => byRule(line)[0]!.label;
    expect(first(2)).toMatch(/^SINGLE 1: \d+-\d+\(\d\)$/);
    expect(first(3)).toMatch(/^DOUBLE 1: \d+-\d+\(\d\) \+ \d+-\d+\(\d\)$/);
    expect(byRule(4).map((c) => c.label)).toContain('PARALLEL 6: 7347-7184(1,2,3)');
    expect(first(6)).toMatch(/^SINGLE MACHINE 1: 70\d\d\(1\)$/);
  });

  it('resolves the contingencies written out, element by element', () => {
    const named = (label: string) => set.contingencies.find((c) => c.label === label)!;
    const genAt = (bus: number) => {
      const out: number[] = [];
      for (let g = 0; g < net.generators.count; g++) {
        if (number(net, net.generators.bus[g]!) === bus) out.push(g);
      }
      return out;
    };
    expect(named('WADSWORTH 3 AND 4').generators).toEqual([...genAt(7098), ...genAt(7099)]);
    const at7002: number[] = [];
    for (let k = 0; k < net.branches.count; k++) {
      const f = number(net, net.branches.fromBus[k]!);
      const t = number(net, net.branches.toBus[k]!);
      if (f === 7002 || t === 7002) at7002.push(k);
    }
    expect(named('PASADENA 500 KV BUS')).toMatchObject({ branches: at7002, generators: [] });
    expect(at7002).toHaveLength(9);
    expect(named('THOMPSONS - MISSOURI CITY, THREE CIRCUITS').branches).toEqual([
      ...rowsOf(net, 7347, 7184, '1'),
      ...rowsOf(net, 7347, 7184, '2'),
      ...rowsOf(net, 7347, 7184, '3'),
    ]);
    expect(named('LINE AND UNIT')).toMatchObject({
      branches: rowsOf(net, 7018, 6075, '1'),
      generators: genAt(7098),
    });
  });

  it('reads the same elements from the MATPOWER case, whose rows are in another order', () => {
    const m = readMatpower(readReferenceText('cases/case_ACTIVSg2000.m')).network;
    const fromM = readPsseContingencies(CON, m, { subsystems: readSubsystems(SUB, m) });
    expect(fromM.unresolved).toEqual([]);
    const key = (n: Network, c: Contingency) =>
      [
        ...c.branches.map(
          (k) =>
            `${number(n, n.branches.fromBus[k]!)}-${number(n, n.branches.toBus[k]!)}(${n.branches.circuit[k]})`,
        ),
        ...c.generators.map((g) => `unit ${g}`),
      ]
        .sort()
        .join(' ');
    const rawKeys = set.contingencies.map((c) => key(net, c)).sort();
    const mKeys = fromM.contingencies.map((c) => key(m, c)).sort();
    expect(mKeys).toEqual(rawKeys);
  });

  it('gives the N-2 contingencies of the DOUBLE rule the flows of a brute-force re-solve', () => {
    const model = buildDcModel(net);
    const base = runDcPowerFlow(net, model);
    const evaluator = makeOutageEvaluator(model, { flowsMw: base.pfMw, pgMw: base.pgMw });
    const flows = new Float64Array(net.branches.count);
    const doubles = byRule(3);
    const sample = [
      ...doubles.filter((_, i) => i % 97 === 0),
      set.contingencies.find((c) => c.label.startsWith('THOMPSONS'))!,
    ];
    const kinds = { flows: 0, islanding: 0 };
    let worst = 0;
    for (const c of sample) {
      const outcome = evaluator.evaluate(c, flows);
      if (outcome.kind === 'islanding') {
        kinds.islanding++;
        continue;
      }
      expect(outcome.kind, c.label).toBe('flows');
      kinds.flows++;
      const inService = Uint8Array.from(net.branches.inService);
      for (const k of c.branches) inService[k] = 0;
      const brute = runDcPowerFlow({ ...net, branches: { ...net.branches, inService } }).pfMw;
      for (let m = 0; m < brute.length; m++) {
        const diff = Math.abs(flows[m]! - brute[m]!);
        if (diff > worst) worst = diff;
        if (diff > 1e-6) expect(flows[m], `${c.label}, branch ${m + 1}`).toBeCloseTo(brute[m]!, 6);
      }
    }
    expect(kinds.flows).toBeGreaterThan(90);
    expect(worst).toBeLessThan(1e-6);
  });

  it('refuses a DOUBLE rule past the cap, and area 5’s every pair (283,128) by default', () => {
    const capped = readPsseContingencies(CON, net, {
      subsystems,
      generatorIds,
      maxExpansion: 10_000,
    });
    expect(capped.unresolved).toEqual([
      expect.objectContaining({
        line: 3,
        code: 'EXPANSION_TOO_LARGE',
        reason:
          "DOUBLE BRANCH IN SUBSYSTEM 'AREA7_EHV' would give 10,153 contingencies (every pair of 143 branches), more than the cap of 10,000: refused",
      }),
    ]);
    expect(capped.counts.total).toBe(set.counts.total - 10_153);
    const area5 = readSubsystems("SUBSYSTEM 'A5'\n AREA 5\nEND\nEND", net);
    const refused = readPsseContingencies("DOUBLE BRANCH IN SUBSYSTEM 'A5'\nEND", net, {
      subsystems: area5,
    });
    expect(refused.contingencies).toEqual([]);
    expect(refused.unresolved[0]!.reason).toMatch(
      /283,128 contingencies \(every pair of 753 branches\)/,
    );
  });
});

describe('ACTIVSg2000: test-fixtures/ACTIVSg2000-bad.con', () => {
  it('names each line it cannot resolve, with its number, and keeps only the whole contingency', () => {
    const subsystems = readSubsystems(SUB, net);
    const set = readPsseContingencies(fixture('ACTIVSg2000-bad.con'), net, {
      subsystems,
      generatorIds,
    });
    expect(set.unresolved.map((u) => [u.line, u.code, u.reason])).toEqual([
      [3, 'BUS_NOT_IN_CASE', 'bus 99999 is not in the case'],
      [2, 'BLOCK_DROPPED', "contingency 'NO SUCH BUS' left out: line 3 is unresolved"],
      [
        6,
        'ELEMENT_NOT_IN_CASE',
        "no circuit '4' between buses 7347 and 7184: the case has '1', '2', '3'",
      ],
      [5, 'BLOCK_DROPPED', "contingency 'NO SUCH CIRCUIT' left out: line 6 is unresolved"],
      [10, 'ELEMENT_NOT_IN_CASE', 'no branch of the case joins buses 7002 and 7098'],
      [9, 'BLOCK_DROPPED', "contingency 'NOT JOINED' left out: line 10 is unresolved"],
      [13, 'ELEMENT_NOT_IN_CASE', "no machine '2' at bus 7098: it has '1'"],
      [12, 'BLOCK_DROPPED', "contingency 'NO SUCH UNIT' left out: line 13 is unresolved"],
      [15, 'SUBSYSTEM_UNKNOWN', "subsystem 'AREA9' is not defined in the subsystem file"],
      [
        16,
        'KEYWORD_UNKNOWN',
        'a .con file holds CONTINGENCY blocks and SINGLE, DOUBLE or PARALLEL rules; "OUTAGE" starts none',
      ],
      [18, 'SYNTAX', 'expected TO BUS j after FROM BUS i'],
      [17, 'BLOCK_DROPPED', "contingency 'SYNTAX' left out: line 18 is unresolved"],
      [
        21,
        'CHANGE_NOT_OUTAGE',
        'ALTER is not an outage: only branches, machines and buses taken out are contingencies here',
      ],
      [20, 'BLOCK_DROPPED', "contingency 'CHANGE' left out: line 21 is unresolved"],
    ]);
    expect(set.unresolved[0]!.text).toBe('OPEN BRANCH FROM BUS 7002 TO BUS 99999 CKT 1');
    expect(set.contingencies).toEqual([
      { label: 'GOOD', branches: rowsOf(net, 7002, 7104, '1'), generators: [], line: 23 },
    ]);
  });
});
