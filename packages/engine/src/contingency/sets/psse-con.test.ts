import { describe, expect, it } from 'vitest';
import { readMatpower } from '../../io/matpower/read-matpower';
import { readPsseContingencies } from './psse-con';
import { smallNetwork, withSwitch } from './psse-definitions.test-support';
import { readSubsystems } from './psse-sub';

const net = smallNetwork();
const SUB = [
  "SUBSYSTEM 'A1'",
  '  AREA 1',
  'END',
  "SUBSYSTEM 'A2'",
  '  AREA 2',
  'END',
  "SUBSYSTEM 'ALL'",
  '  AREAS 1 TO 2',
  'END',
  'END',
].join('\n');
const subsystems = readSubsystems(SUB, net);

/** label → [branches, generators] of every contingency read. */
function table(text: string, options = {}, network = net) {
  const set = readPsseContingencies(text, network, { subsystems, ...options });
  return {
    set,
    rows: set.contingencies.map((c) => [c.label, c.branches, c.generators, c.line]),
  };
}

describe('readPsseContingencies: contingencies written out', () => {
  it('OPEN / DISCONNECT / TRIP BRANCH either way round, REMOVE / TRIP MACHINE, DISCONNECT BUS', () => {
    const { set, rows } = table(
      [
        "COM the small grid's outages",
        "CONTINGENCY 'LINE 2-4'",
        '  OPEN BRANCH FROM BUS 4 TO BUS 2 CKT 1',
        'END',
        "contingency 'T 2-3 AND UNIT' / case-insensitive",
        '  trip line from bus 2 to bus 3 / CKT 1 by default',
        '  Remove Unit 2 From Bus 1',
        'END',
        "CONTINGENCY 'DOUBLE CIRCUIT'",
        "  DISCONNECT BRANCH FROM BUS 2 TO BUS 1 CIRCUIT '1 '",
        '  OPEN BRANCH FROM BUS 1 TO BUS 2 CKT 2',
        '  OPEN BRANCH FROM BUS 1 TO BUS 2 CKT 1 / named twice, taken out once',
        'END',
        "CONTINGENCY 'BUS 5'",
        '  DISCONNECT BUS 5',
        'END',
        "CONTINGENCY 'BUS 3' / 3-7 and the unit at bus 3 are out of service already",
        '  DISCONNECT BUS 3',
        'END',
        "CONTINGENCY 'UNIT'",
        '  TRIP MACHINE 1 FROM BUS 6',
        'END',
        'END',
      ].join('\n'),
    );
    expect(set.unresolved).toEqual([]);
    expect(rows).toEqual([
      ['LINE 2-4', [4], [], 2],
      ['T 2-3 AND UNIT', [2], [1], 5],
      ['DOUBLE CIRCUIT', [0, 1], [], 9],
      ['BUS 5', [5, 6, 7, 8], [], 14],
      ['BUS 3', [2, 7], [], 17],
      ['UNIT', [], [2], 20],
    ]);
    expect(set.counts).toEqual({ total: 6, branch: 1, multiBranch: 3, generator: 1, mixed: 1 });
  });

  it('machine ids: the RAW file’s when given, else 1, 2, … in case order at the bus', () => {
    const text = "CONTINGENCY 'G'\n  REMOVE MACHINE b FROM BUS 1\nEND";
    const withIds = table(text, { generatorIds: ['A', ' B ', '1', 'X'] });
    expect(withIds.rows).toEqual([['G', [], [1], 1]]);
    const byOrder = table("CONTINGENCY 'G'\n  REMOVE MACHINE '2' FROM BUS 1\nEND");
    expect(byOrder.rows).toEqual([['G', [], [1], 1]]);
    const missing = table(text);
    expect(missing.set.unresolved[0]).toMatchObject({
      line: 2,
      code: 'ELEMENT_NOT_IN_CASE',
      reason: "no machine 'b' at bus 1: it has '1', '2' (numbered by their order in the case)",
    });
  });

  it('FROM BUS i TO BUS j TO BUS k: the three windings of a three-winding transformer', () => {
    // Buses 1, 2, 3 joined through star bus 90 (as the RAW reader builds a 3-winding
    // transformer), and a line 1-2.
    const star = readMatpower(`mpc.baseMVA = 100;
mpc.bus = [
  1 3 0 0 0 0 1 1 0 345 1 1.1 0.9;
  2 1 50 0 0 0 1 1 0 138 1 1.1 0.9;
  3 1 10 0 0 0 1 1 0 13.8 1 1.1 0.9;
  90 1 0 0 0 0 1 1 0 1 1 1.1 0.9;
];
mpc.gen = [ 1 60 0 100 -100 1 100 1 120 0; ];
mpc.branch = [
  1 2 0 0.1 0 100 0 0 0 0 1;
  1 90 0 0.05 0 100 0 0 1 0 1;
  90 2 0 0.05 0 100 0 0 1 0 1;
  3 90 0 0.05 0 100 0 0 1 0 1;
];`).network;
    const { set, rows } = table(
      [
        "CONTINGENCY 'T3W'",
        '  OPEN BRANCH FROM BUS 2 TO BUS 3 TO BUS 1 CKT 1',
        'END',
        "CONTINGENCY 'NONE'",
        '  OPEN BRANCH FROM BUS 1 TO BUS 2 TO BUS 3 CKT 2',
        'END',
      ].join('\n'),
      { subsystems: undefined },
      star,
    );
    expect(rows).toEqual([['T3W', [2, 3, 1], [], 1]]);
    expect(set.unresolved.map((u) => [u.line, u.code])).toEqual([
      [5, 'ELEMENT_NOT_IN_CASE'],
      [4, 'BLOCK_DROPPED'],
    ]);
  });
});

describe('readPsseContingencies: automatic rules', () => {
  it('SINGLE BRANCH IN / SINGLE TIE FROM: in-service branches with both / one end in', () => {
    const { set, rows } = table(
      ["SINGLE BRANCH IN SUBSYSTEM 'A1'", "SINGLE TIE FROM SUBSYSTEM 'a1'", 'END'].join('\n'),
    );
    expect(set.unresolved).toEqual([]);
    expect(rows).toEqual([
      ['SINGLE 1: 1-2(1)', [0], [], 1],
      ['SINGLE 2: 1-2(2)', [1], [], 1],
      ['SINGLE 3: 2-3(1)', [2], [], 1],
      // 3-7 leaves area 1 too, but it is out of service.
      ['SINGLE TIE 1: 1-4(1)', [3], [], 2],
      ['SINGLE TIE 2: 2-4(1)', [4], [], 2],
      ['SINGLE TIE 3: 3-5(1)', [7], [], 2],
    ]);
    expect(set.rules).toEqual([
      { line: 1, text: "SINGLE BRANCH IN SUBSYSTEM 'A1'", contingencies: 3 },
      { line: 2, text: "SINGLE TIE FROM SUBSYSTEM 'a1'", contingencies: 3 },
    ]);
  });

  it('DOUBLE BRANCH IN: every pair; DOUBLE TIE FROM: every pair of ties', () => {
    const { rows } = table(
      ["DOUBLE BRANCH IN SUBSYSTEM 'A2'", "DOUBLE TIE FROM SUBSYSTEM 'A1'"].join('\n'),
    );
    expect(rows).toEqual([
      ['DOUBLE 1: 4-5(1) + 5-6(1)', [5, 6], [], 1],
      ['DOUBLE 2: 4-5(1) + 5-4(2)', [5, 8], [], 1],
      ['DOUBLE 3: 4-5(1) + 4-7(1)', [5, 10], [], 1],
      ['DOUBLE 4: 5-6(1) + 5-4(2)', [6, 8], [], 1],
      ['DOUBLE 5: 5-6(1) + 4-7(1)', [6, 10], [], 1],
      ['DOUBLE 6: 5-4(2) + 4-7(1)', [8, 10], [], 1],
      ['DOUBLE TIE 1: 1-4(1) + 2-4(1)', [3, 4], [], 2],
      ['DOUBLE TIE 2: 1-4(1) + 3-5(1)', [3, 7], [], 2],
      ['DOUBLE TIE 3: 2-4(1) + 3-5(1)', [4, 7], [], 2],
    ]);
  });

  it('PARALLEL BRANCH IN: each set of circuits between two buses, however written', () => {
    const { rows } = table("PARALLEL BRANCH IN SUBSYSTEM 'ALL'");
    expect(rows).toEqual([
      ['PARALLEL 1: 1-2(1,2)', [0, 1], [], 1],
      ['PARALLEL 2: 4-5(1,2)', [5, 8], [], 1],
    ]);
  });

  it('SINGLE MACHINE IN: each unit in service at a bus of the subsystem', () => {
    const { rows } = table(
      ["SINGLE MACHINE IN SUBSYSTEM 'ALL'", "SINGLE UNIT IN SUBSYSTEM 'A2'"].join('\n'),
    );
    // The unit at bus 3 is out of service.
    expect(rows).toEqual([
      ['SINGLE MACHINE 1: 1(1)', [], [0], 1],
      ['SINGLE MACHINE 2: 1(2)', [], [1], 1],
      ['SINGLE MACHINE 3: 6(1)', [], [2], 1],
      ['SINGLE MACHINE 4: 6(1)', [], [2], 2],
    ]);
  });

  it('never outages a closed switch automatically (but does when a contingency names it)', () => {
    const switched = withSwitch(net, 1);
    const subs = readSubsystems(SUB, switched);
    const { rows } = table(
      [
        "SINGLE BRANCH IN SUBSYSTEM 'A1'",
        "PARALLEL BRANCH IN SUBSYSTEM 'ALL'",
        "CONTINGENCY 'BREAKER'",
        '  OPEN BRANCH FROM BUS 1 TO BUS 2 CKT 2',
        'END',
      ].join('\n'),
      { subsystems: subs },
      switched,
    );
    expect(rows).toEqual([
      ['SINGLE 1: 1-2(1)', [0], [], 1],
      ['SINGLE 2: 2-3(1)', [2], [], 1],
      ['PARALLEL 1: 4-5(1,2)', [5, 8], [], 2],
      ['BREAKER', [1], [], 3],
    ]);
  });

  it('refuses a rule that would give more contingencies than the cap, saying how many', () => {
    const { set, rows } = table(
      ["DOUBLE BRANCH IN SUBSYSTEM 'ALL'", "SINGLE BRANCH IN SUBSYSTEM 'ALL'"].join('\n'),
      { maxExpansion: 9 },
    );
    // 10 branches in service: 45 pairs; 10 singles.
    expect(set.unresolved).toEqual([
      {
        line: 1,
        text: "DOUBLE BRANCH IN SUBSYSTEM 'ALL'",
        code: 'EXPANSION_TOO_LARGE',
        reason:
          "DOUBLE BRANCH IN SUBSYSTEM 'ALL' would give 45 contingencies (every pair of 10 branches), more than the cap of 9: refused",
      },
      {
        line: 2,
        text: "SINGLE BRANCH IN SUBSYSTEM 'ALL'",
        code: 'EXPANSION_TOO_LARGE',
        reason:
          "SINGLE BRANCH IN SUBSYSTEM 'ALL' would give 10 contingencies (10 branches), more than the cap of 9: refused",
      },
    ]);
    expect(rows).toEqual([]);
    expect(table("DOUBLE BRANCH IN SUBSYSTEM 'ALL'", { maxExpansion: 45 }).rows).toHaveLength(45);
  });
});

describe('readPsseContingencies: what it cannot resolve', () => {
  it('names every unresolved line with its number, and drops the contingencies they are in', () => {
    const { set } = table(
      [
        "CONTINGENCY 'GOOD'", // 1
        '  OPEN BRANCH FROM BUS 1 TO BUS 4',
        'END',
        "CONTINGENCY 'BAD'", // 4
        '  OPEN BRANCH FROM BUS 1 TO BUS 2 CKT 7', // 5
        '  OPEN BRANCH FROM BUS 1 TO BUS 4 CKT 1',
        '  REMOVE MACHINE 1 FROM BUS 42', // 7
        'END',
        "CONTINGENCY 'CHANGE'", // 9
        '  SET BUS 3 LOAD TO 20 MW', // 10
        'END',
        "CONTINGENCY 'LOAD'", // 12
        "  REMOVE LOAD '1' FROM BUS 3", // 13
        'END',
        "CONTINGENCY 'good' / the same label", // 15
        '  OPEN BRANCH FROM BUS 2 TO BUS 4',
        'END',
        "CONTINGENCY 'EMPTY'", // 18
        'END',
        "SINGLE BRANCH IN SUBSYSTEM 'NOPE'", // 20
        "DOUBLE MACHINE IN SUBSYSTEM 'A1'", // 21
        'OPEN BRANCH FROM BUS 1 TO BUS 4', // 22: outside a block
        'FOO BAR', // 23
        'SKIP', // 24
        '  OPEN BRANCH FROM BUS 1 TO BUS 4',
        'END', // 26
        "CONTINGENCY 'UNCLOSED'", // 27
        '  OPEN BRANCH FROM BUS 1 TO BUS 4',
        "CONTINGENCY 'EXTRA'", // 29
        "  OPEN BRANCH FROM BUS 1 TO BUS 4 CKT '1' NOW", // 30
        'END',
        "CONTINGENCY 'QUOTE", // 32
        '  OPEN BRANCH FROM BUS 1 TO BUS 4',
        'END',
        'END', // 35
        "CONTINGENCY 'LATE'", // 36
      ].join('\n'),
    );
    expect(set.unresolved.map((u) => [u.line, u.code])).toEqual([
      [5, 'ELEMENT_NOT_IN_CASE'],
      [7, 'BUS_NOT_IN_CASE'],
      [4, 'BLOCK_DROPPED'],
      [10, 'CHANGE_NOT_OUTAGE'],
      [9, 'BLOCK_DROPPED'],
      [13, 'KEYWORD_NOT_SUPPORTED'],
      [12, 'BLOCK_DROPPED'],
      [15, 'DUPLICATE_LABEL'],
      [18, 'BLOCK_DROPPED'],
      [20, 'SUBSYSTEM_UNKNOWN'],
      [21, 'KEYWORD_NOT_SUPPORTED'],
      [22, 'SYNTAX'],
      [23, 'KEYWORD_UNKNOWN'],
      [24, 'KEYWORD_NOT_SUPPORTED'],
      [27, 'BLOCK_DROPPED'],
      [30, 'SYNTAX'],
      [29, 'BLOCK_DROPPED'],
      [32, 'SYNTAX'],
      [32, 'BLOCK_DROPPED'],
      [36, 'SYNTAX'],
    ]);
    const reason = (line: number) => set.unresolved.find((u) => u.line === line)!.reason;
    expect(reason(4)).toBe("contingency 'BAD' left out: lines 5, 7 are unresolved");
    expect(reason(5)).toBe("no circuit '7' between buses 1 and 2: the case has '1', '2'");
    expect(reason(7)).toBe('bus 42 is not in the case');
    expect(reason(15)).toBe("contingency 'good' is already defined (line 1): this one is not read");
    expect(reason(18)).toBe("contingency 'EMPTY' takes nothing out");
    expect(reason(24)).toMatch(/^SKIP blocks are not read .*lines 24 to 26 ignored$/);
    expect(reason(27)).toBe("contingency 'UNCLOSED' is never closed (no END before line 29)");
    expect(reason(30)).toBe('unexpected "NOW" at the end');
    // Line 32's quote is never closed: its block is still read to its END, and left out.
    expect(set.unresolved.filter((u) => u.line === 32).map((u) => u.reason)).toEqual([
      'the quote opened at column 13 is never closed',
      "contingency 'QUOTE' left out: line 32 is unresolved",
    ]);
    expect(reason(36)).toBe("after the file's final END: not read");
    expect(set.contingencies.map((c) => c.label)).toEqual(['GOOD']);
    expect(set.counts.total).toBe(1);
  });
});
