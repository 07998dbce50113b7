import { describe, expect, it } from 'vitest';
import { runDcPowerFlow } from '../../powerflow/dcpf';
import { smallNetwork, withSwitch } from './psse-definitions.test-support';
import { readMonitored } from './psse-mon';
import { readSubsystems } from './psse-sub';

const net = smallNetwork();
const SUB = ["SUBSYSTEM 'A1'", '  AREA 1', 'END', "SUBSYSTEM 'A2'", '  AREA 2', 'END', 'END'].join(
  '\n',
);
const subsystems = readSubsystems(SUB, net);

describe('readMonitored', () => {
  it('BRANCHES IN: both ends in the subsystem; TIES FROM: one end; out of service never', () => {
    const r = readMonitored("MONITOR BRANCHES IN SUBSYSTEM 'A1'\nEND", net, { subsystems });
    expect(r).toEqual({ branches: [0, 1, 2], interfaces: [], voltageRanges: [], unresolved: [] });
    // 1-4, 2-4 and 3-5 leave area 1; 3-7 would, but it is out of service.
    const ties = readMonitored("monitor ties from subsystem 'a1'\nend", net, { subsystems });
    expect(ties.branches).toEqual([3, 4, 7]);
    // Area 2: 4-5 (both circuits), 5-6 and 4-7 inside.
    const a2 = readMonitored("MONITOR BRANCHES IN SUBSYSTEM 'A2'", net, { subsystems });
    expect(a2.branches).toEqual([5, 6, 8, 10]);
  });

  it('a closed switch is never monitored by a subsystem rule, but is when named', () => {
    const switched = withSwitch(net, 1);
    const subs = readSubsystems(SUB, switched);
    const r = readMonitored("MONITOR BRANCHES IN SUBSYSTEM 'A1'\nEND", switched, {
      subsystems: subs,
    });
    expect(r.branches).toEqual([0, 2]);
    const named = readMonitored('MONITOR BRANCH FROM BUS 1 TO BUS 2 CKT 2\nEND', switched);
    expect(named.branches).toEqual([1]);
  });

  it('MONITOR BRANCH in either direction, EXCLUDE wherever it is written', () => {
    const r = readMonitored(
      [
        'EXCLUDE BRANCH FROM BUS 2 TO BUS 1 CKT 2 / before the rule that adds it',
        "MONITOR BRANCHES IN SUBSYSTEM 'A1'",
        'MONITOR BRANCH FROM BUS 7 TO BUS 4 CKT 1',
        "MONITOR LINE FROM BUS 4 TO BUS 5 CIRCUIT ' 2 '",
        'MONITOR BRANCH FROM BUS 5 TO BUS 6 / CKT 1 by default',
        'END',
      ].join('\n'),
      net,
      { subsystems },
    );
    expect(r.unresolved).toEqual([]);
    expect(r.branches).toEqual([0, 2, 6, 8, 10]);
  });

  it('VOLTAGE RANGE is recorded with its buses (a DC screen cannot check it)', () => {
    const r = readMonitored("MONITOR VOLTAGE RANGE SUBSYSTEM 'A1' 1.05 0.95\nEND", net, {
      subsystems,
    });
    expect(r.voltageRanges).toEqual([
      { subsystem: 'A1', line: 1, buses: [0, 1, 2], vminPu: 0.95, vmaxPu: 1.05 },
    ]);
    expect(r.branches).toEqual([]);
  });

  it('INTERFACE: members signed to the direction written, times their coefficient', () => {
    const r = readMonitored(
      [
        "MONITOR INTERFACE 'INTO AREA 2' RATING 150 MW",
        '  BRANCH FROM BUS 1 TO BUS 4 CKT 1',
        '  BRANCH FROM BUS 2 TO BUS 4 CKT 1',
        '  BRANCH FROM BUS 3 TO BUS 5 CKT 1 0.5',
        'END',
        "MONITOR INTERFACE 'OUT OF AREA 2'",
        '  BRANCH FROM BUS 4 TO BUS 1',
        '  BRANCH FROM BUS 4 TO BUS 2 CKT 1',
        '  BRANCH FROM BUS 5 TO BUS 3 CKT 1 0.5',
        'END',
        'END',
      ].join('\n'),
      net,
    );
    expect(r.unresolved).toEqual([]);
    expect(r.interfaces).toEqual([
      {
        name: 'INTO AREA 2',
        line: 1,
        limitMw: 150,
        members: [
          { branch: 3, coefficient: 1 },
          { branch: 4, coefficient: 1 },
          { branch: 7, coefficient: 0.5 },
        ],
      },
      {
        name: 'OUT OF AREA 2',
        line: 6,
        limitMw: null,
        members: [
          { branch: 3, coefficient: -1 },
          { branch: 4, coefficient: -1 },
          { branch: 7, coefficient: -0.5 },
        ],
      },
    ]);
    // The sum is the flow the way the file writes it: into area 2 = −(out of area 2), and the
    // two lines from area 1 carry what area 2 imports over them.
    const flows = runDcPowerFlow(net).pfMw;
    const sum = (i: number) =>
      r.interfaces[i]!.members.reduce((s, m) => s + m.coefficient * flows[m.branch]!, 0);
    expect(sum(0)).toBeCloseTo(-sum(1), 9);
    expect(sum(0)).toBeCloseTo(flows[3]! + flows[4]! + 0.5 * flows[7]!, 9);
    expect(flows[3]! + flows[4]!).toBeGreaterThan(0);
  });

  it('names every unresolved line with its line number; a bad interface is left out whole', () => {
    const r = readMonitored(
      [
        "MONITOR BRANCHES IN SUBSYSTEM 'NOPE'", // 1
        'MONITOR BRANCH FROM BUS 1 TO BUS 2 CKT 3', // 2
        'MONITOR BRANCH FROM BUS 1 TO BUS 99 CKT 1', // 3
        'MONITOR BRANCH FROM BUS 1 TO BUS 5', // 4
        "MONITOR VOLTAGE DEVIATION SUBSYSTEM 'A1' 0.03 0.05", // 5
        'MONITOR FLOWGATE 7', // 6
        'WATCH BRANCH FROM BUS 1 TO BUS 2', // 7
        'EXCLUDE BRANCH FROM BUS 1', // 8
        "MONITOR INTERFACE 'BAD' RATING 100 MW", // 9
        '  BRANCH FROM BUS 1 TO BUS 4 CKT 1',
        '  BRANCH FROM BUS 2 TO BUS 4 CKT 9', // 11
        'END',
        "MONITOR INTERFACE 'OK' RATING 100", // 13
        '  BRANCH FROM BUS 1 TO BUS 4',
        'END',
        "MONITOR INTERFACE 'ok' RATING 50", // 16
        '  BRANCH FROM BUS 2 TO BUS 4',
        'END',
        "MONITOR INTERFACE 'OPEN' RATING 10", // 19
        '  BRANCH FROM BUS 2 TO BUS 4',
        "MONITOR BRANCHES IN SUBSYSTEM 'A1'", // 21
        "MONITOR INTERFACE 'EMPTY'", // 22
        'END',
        "MONITOR INTERFACE 'LOOSE' RATING x MW", // 24
        'END', // 25: closes nothing (the header did not parse): the file's END
        'MONITOR BRANCH FROM BUS 1 TO BUS 2', // 26
      ].join('\n'),
      net,
      { subsystems },
    );
    expect(r.unresolved.map((u) => [u.line, u.code])).toEqual([
      [1, 'SUBSYSTEM_UNKNOWN'],
      [2, 'ELEMENT_NOT_IN_CASE'],
      [3, 'BUS_NOT_IN_CASE'],
      [4, 'ELEMENT_NOT_IN_CASE'],
      [5, 'KEYWORD_NOT_SUPPORTED'],
      [6, 'KEYWORD_UNKNOWN'],
      [7, 'KEYWORD_UNKNOWN'],
      [8, 'SYNTAX'],
      [11, 'ELEMENT_NOT_IN_CASE'],
      [9, 'BLOCK_DROPPED'],
      [16, 'DUPLICATE_LABEL'],
      [19, 'BLOCK_DROPPED'],
      [22, 'BLOCK_DROPPED'],
      [24, 'SYNTAX'],
      [26, 'SYNTAX'],
    ]);
    const reason = (line: number) => r.unresolved.find((u) => u.line === line)!.reason;
    expect(reason(1)).toBe("subsystem 'NOPE' is not defined in the subsystem file");
    expect(reason(2)).toBe("no circuit '3' between buses 1 and 2: the case has '1', '2'");
    expect(reason(4)).toBe('no branch of the case joins buses 1 and 5');
    expect(reason(8)).toBe('expected TO BUS j after FROM BUS i');
    expect(reason(9)).toBe("interface 'BAD' left out: a line of it is unresolved");
    expect(reason(19)).toBe("interface 'OPEN' is never closed (no END before line 21)");
    expect(reason(22)).toBe("interface 'EMPTY' has no member branch");
    expect(r.interfaces.map((i) => [i.name, i.limitMw])).toEqual([['OK', 100]]);
    expect(r.branches).toEqual([0, 1, 2]);
  });

  it('an interface header whose quote is never closed still holds its members, left out', () => {
    const r = readMonitored(
      [
        "MONITOR INTERFACE 'OPEN QUOTE RATING 5",
        '  BRANCH FROM BUS 1 TO BUS 4',
        'END',
        'MONITOR BRANCH FROM BUS 1 TO BUS 2',
      ].join('\n'),
      net,
    );
    expect(r.unresolved.map((u) => [u.line, u.code])).toEqual([
      [1, 'SYNTAX'],
      [1, 'BLOCK_DROPPED'],
    ]);
    expect(r.interfaces).toEqual([]);
    expect(r.branches).toEqual([0]);
  });
});
