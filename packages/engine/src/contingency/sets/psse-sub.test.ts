import { describe, expect, it } from 'vitest';
import { readStatements } from './psse-definitions';
import { smallNetwork } from './psse-definitions.test-support';
import { readSubsystems, subsystemNamed, type SubsystemSet } from './psse-sub';

const net = smallNetwork();

/** The bus numbers of a subsystem, ascending. */
function members(set: SubsystemSet, label: string): number[] {
  const s = subsystemNamed(set, label);
  const out: number[] = [];
  for (let i = 0; i < net.buses.count; i++) if (s.buses[i]) out.push(net.buses.number[i]!);
  expect(s.busCount).toBe(out.length);
  return out;
}

describe('the statements of a PSS/E definitions file', () => {
  it('drops comments (/ and COM), blank lines; keeps quoted text with its slashes and spaces', () => {
    const statements = readStatements(
      [
        'COM a comment line',
        '',
        "subsystem 'A/B  ' / the label keeps its slash",
        '   BUSES 1,3   com trailing words',
        "JOIN 'X' /",
        "BUS 'unclosed",
      ].join('\n'),
    );
    expect(statements.map((s) => [s.line, s.tokens.map((t) => t.text)])).toEqual([
      [3, ['subsystem', 'A/B  ']],
      [4, ['BUSES', '1', '3']],
      [5, ['JOIN', 'X']],
      [6, ['BUS', 'unclosed']],
    ]);
    expect(statements[3]!.error).toMatch(/never closed/);
    expect(statements[0]!.tokens[1]!.quoted).toBe(true);
  });
});

describe('readSubsystems', () => {
  it('reads every criterion: BUS, BUSES, AREA, AREAS, ZONE, ZONES, KVRANGE', () => {
    const set = readSubsystems(
      [
        "SUBSYSTEM 'one bus'",
        '  BUS 3',
        'END',
        "SUBSYSTEM 'range'",
        '  BUSES 5 TO 2 / high to low is the same range',
        'END',
        "SUBSYSTEM 'area 1'",
        '  AREA 1',
        'END',
        "SUBSYSTEM 'areas'",
        '  AREAS 1 TO 2',
        'END',
        "SUBSYSTEM 'zone 3'",
        '  ZONE 3',
        'END',
        "SUBSYSTEM 'zones'",
        '  ZONES 2 TO 3',
        'END',
        "SUBSYSTEM 'kv'",
        '  KVRANGE 115 230',
        'END',
        "SUBSYSTEM 'union'",
        '  BUS 1',
        '  ZONE 4',
        'END',
        'END',
      ].join('\n'),
      net,
    );
    expect(set.unresolved).toEqual([]);
    expect(members(set, 'one bus')).toEqual([3]);
    expect(members(set, 'range')).toEqual([2, 3, 4, 5]);
    expect(members(set, 'AREA 1')).toEqual([1, 2, 3]);
    expect(members(set, 'areas')).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(members(set, 'zone 3')).toEqual([4, 5, 6]);
    expect(members(set, 'zones')).toEqual([3, 4, 5, 6]);
    expect(members(set, 'kv')).toEqual([1, 2, 3, 4, 5, 7]);
    expect(members(set, ' Union ')).toEqual([1, 7]);
    expect(subsystemNamed(set, 'kv').line).toBe(19);
  });

  it('JOIN: the criteria inside intersected (one kind joined), the subsystem the union', () => {
    const set = readSubsystems(
      [
        "SUBSYSTEM 'S'",
        "  JOIN 'area 2 at 230 kV'",
        '    AREA 2',
        '    KVRANGE 230 230',
        '  END',
        "  JOIN 'zone 1 or 2, 115 kV and up'",
        '    ZONE 1',
        '    ZONE 2',
        '    KVRANGE 115 500',
        '  END',
        '  BUS 6',
        'END',
        "SUBSYSTEM 'empty join'",
        "  JOIN 'nothing'",
        '    AREA 1',
        '    AREA 2',
        '    KVRANGE 13 14',
        '  END',
        'END',
      ].join('\n'),
      net,
    );
    expect(set.unresolved).toEqual([]);
    // Join 1: buses 4, 7; join 2: buses 1, 2, 3; and bus 6.
    expect(members(set, 'S')).toEqual([1, 2, 3, 4, 6, 7]);
    // Areas 1 or 2, but 13–14 kV: bus 6 is area 2 at 13.8 kV.
    expect(members(set, 'empty join')).toEqual([6]);
  });

  it('names every unresolved line with its line number, and leaves its subsystem out whole', () => {
    const set = readSubsystems(
      [
        "SUBSYSTEM 'bad bus'", // 1
        '  BUS 2',
        '  BUS 99', // 3
        'END',
        "SUBSYSTEM 'bad area'", // 5
        '  AREA 9', // 6
        'END',
        "SUBSYSTEM 'owner'", // 8
        '  OWNER 1', // 9
        'END',
        "SUBSYSTEM 'good'", // 11
        '  ZONE 4',
        'END',
        "SUBSYSTEM 'GOOD'", // 14: a second 'good'
        '  ZONE 1',
        'END',
        "SUBSYSTEM 'typo'", // 17
        '  ARAE 1', // 18
        '  BUSES 1 2', // 19
        '  KVRANGE 115', // 20
        "  JOIN 'j'", // 21: closed with no criterion
        "    JOIN 'k'", // 22
        '  END',
        'END',
        'AREA 1', // 25: outside a block
        "SUBSYSTEM 'open'", // 26
        '  BUS 1',
        "SUBSYSTEM 'after'", // 28
        '  BUS 1',
        'END',
        'END', // 31: final END
        'BUS 1', // 32
      ].join('\n'),
      net,
    );
    expect(set.unresolved.map((u) => [u.line, u.code])).toEqual([
      [3, 'BUS_NOT_IN_CASE'],
      [1, 'BLOCK_DROPPED'],
      [6, 'ELEMENT_NOT_IN_CASE'],
      [5, 'BLOCK_DROPPED'],
      [9, 'KEYWORD_NOT_SUPPORTED'],
      [8, 'BLOCK_DROPPED'],
      [14, 'DUPLICATE_LABEL'],
      [18, 'KEYWORD_UNKNOWN'],
      [19, 'SYNTAX'],
      [20, 'SYNTAX'],
      [22, 'SYNTAX'],
      [21, 'SYNTAX'],
      [17, 'BLOCK_DROPPED'],
      [25, 'SYNTAX'],
      [26, 'BLOCK_DROPPED'],
      [32, 'SYNTAX'],
    ]);
    const reason = (line: number) => set.unresolved.find((u) => u.line === line)!.reason;
    expect(reason(3)).toBe('bus 99 is not in the case');
    expect(reason(6)).toBe('no bus of the case is in area 9');
    expect(reason(9)).toMatch(/keeps no bus owner/);
    expect(reason(19)).toBe('expected TO after BUSES 1');
    expect(reason(26)).toMatch(/never closed \(no END before line 28\)/);
    expect(reason(21)).toBe('a JOIN with no criterion');
    expect(reason(32)).toMatch(/after the file's final END/);
    expect(set.unresolved[0]!.text).toBe('BUS 99');
    expect([...set.subsystems.keys()]).toEqual(['GOOD', 'AFTER']);
    expect(members(set, 'good')).toEqual([7]);
    expect(() => subsystemNamed(set, 'bad bus')).toThrow(/left out: its definition \(line 1/);
    expect(() => subsystemNamed(set, 'nowhere')).toThrow(/not defined in the subsystem file/);
    expect(() => subsystemNamed(undefined, 'x')).toThrow(/no subsystem file/);
  });

  it('a header whose quote is never closed still holds its block, which is left out', () => {
    const set = readSubsystems(
      ["SUBSYSTEM 'OPEN QUOTE", '  BUS 1', 'END', "SUBSYSTEM 'NEXT'", '  BUS 2', 'END'].join('\n'),
      net,
    );
    expect(set.unresolved.map((u) => [u.line, u.code])).toEqual([
      [1, 'SYNTAX'],
      [1, 'BLOCK_DROPPED'],
    ]);
    expect(members(set, 'NEXT')).toEqual([2]);
  });
});
