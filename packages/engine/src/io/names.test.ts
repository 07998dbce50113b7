import { describe, expect, it } from 'vitest';
import { readMatpower } from './matpower/read-matpower';
import { MAX_NAME_CHARS } from './names';

/** A three-bus case whose bus_name cell array is `names` as written. */
const withNames = (names: string) => `mpc.baseMVA = 100;
mpc.bus = [
1 3 0 0 0 0 1 1 0 230 1 1.1 0.9;
2 1 50 0 0 0 1 1 0 230 1 1.1 0.9;
3 1 0 0 0 0 1 1 0 230 1 1.1 0.9;
];
mpc.gen = [ 1 50 0 0 0 1 100 1 100 0; ];
mpc.branch = [
1 2 0 0.1 0 100 0 0 0 0 1;
2 3 0 0.1 0 100 0 0 0 0 1;
];
mpc.bus_name = {
${names}
};`;

describe('bus names as a table can show them (issue #26)', () => {
  it('keeps every name when one holds a semicolon, a bracket or a closing brace', () => {
    const c = readMatpower(withNames(`'NORTE; 230';\n'SUR ] 1';\n'ESTE } 3 ...';`));
    expect(c.network.buses.name).toEqual(['NORTE; 230', 'SUR ] 1', 'ESTE } 3 ...']);
    expect(c.warnings).toEqual([]);
  });

  it('a name broken over two lines stays one name, the break a space, with a warning for its bus', () => {
    const c = readMatpower(withNames(`'NORTE';\n'SUR\nDOS';\n'ESTE';`));
    expect(c.network.buses.name).toEqual(['NORTE', 'SUR DOS', 'ESTE']);
    expect(c.warnings).toEqual([
      {
        code: 'PARSE_BUS_NAME_SANITISED',
        message:
          'bus 2: its name had control characters (a line break, a tab …): replaced by spaces',
      },
    ]);
  });

  it('cuts a 180 KB name to its first characters, naming the bus', () => {
    const long = 'X'.repeat(180_000);
    const c = readMatpower(withNames(`'A';\n'B';\n'${long}';`));
    expect(c.network.buses.name[2]).toBe('X'.repeat(MAX_NAME_CHARS));
    expect(c.network.buses.name.slice(0, 2)).toEqual(['A', 'B']);
    expect(c.warnings.map((w) => w.message)).toEqual([
      `bus 3: its name had 180000 characters: kept the first ${MAX_NAME_CHARS}`,
    ]);
  });
});
