import { describe, expect, it } from 'vitest';
import { readMatpower } from './read-matpower';

const CASE = `function mpc = tiny
% a comment line
mpc.version = '2';
mpc.baseMVA = 100;   % trailing comment
mpc.bus = [
\t1\t3\t0\t0\t0\t0\t1\t1\t0\t345\t1\t1.1\t0.9;
\t2 1 90 30 0 0 1 1 0 345 1 1.1 0.9
\t3, 1, 10, 5, 0, 0, 1, 1, 0, 345, 1, ...
\t\t1.1, 0.9;

];
mpc.gen = [
\t1 72.3 27 300 -300 1.04 100 1 250 10 0 0 0 0 0 0 0 0 0 0 0;
];
mpc.branch = [
\t1 2 0 0.1 0 100 110 0 0 0 1 -360 360;
\t2 3 0 0.1 0 100 0 0 0.98 5 1 -360 360; 1 3 0 0.2 0 0 0 0 0 0 0 -360 360;
];
mpc.gencost = [ 2 0 0 3 0.1 5 0; ];
mpc.bus_name = {
\t'North % not a comment';
\t'  South  ';
\t'O''Neil';
};
`;

describe('MATPOWER reader', () => {
  it('reads tabs, commas, continuations, several rows per line, comments and blank lines', () => {
    const { network: net } = readMatpower(CASE);
    expect(net.baseMva).toBe(100);
    expect(Array.from(net.buses.number)).toEqual([1, 2, 3]);
    expect(Array.from(net.buses.pdMw)).toEqual([0, 90, 10]);
    expect(Array.from(net.buses.vminPu)).toEqual([0.9, 0.9, 0.9]);
    expect(net.branches.count).toBe(3);
    expect(Array.from(net.branches.toBus)).toEqual([1, 2, 2]);
    expect(Array.from(net.branches.inService)).toEqual([1, 1, 0]);
    expect(net.branches.tapRatio[1]).toBe(0.98);
    expect(net.generators.vgPu[0]).toBe(1.04);
    expect(net.buses.name).toEqual(['North % not a comment', 'South', "O'Neil"]);
  });

  it('reads Windows line endings and a byte-order mark the same way', () => {
    const { network: net } = readMatpower(`\uFEFF${CASE.replace(/\n/g, '\r\n')}`);
    expect(net.baseMva).toBe(100);
    expect(Array.from(net.buses.vminPu)).toEqual([0.9, 0.9, 0.9]);
    expect(net.buses.name[2]).toBe("O'Neil");
  });

  it('numbers parallel branches as circuits 1, 2 in file order', () => {
    const text = CASE.replace('1 3 0 0.2', '2 1 0 0.2');
    expect(readMatpower(text).network.branches.circuit).toEqual(['1', '1', '2']);
  });

  it('names the line and the field of a value that is not a number', () => {
    const text = CASE.replace('2 1 90 30', '2 1 9x0 30');
    expect(() => readMatpower(text)).toThrow(
      expect.objectContaining({ code: 'PARSE_MATPOWER_FIELD_INVALID', line: 7, field: 'bus.PD' }),
    );
  });

  it('rejects a branch to a bus that does not exist, naming the line', () => {
    const text = CASE.replace('\t1 2 0 0.1', '\t1 7 0 0.1');
    expect(() => readMatpower(text)).toThrow(
      expect.objectContaining({
        code: 'PARSE_MATPOWER_FIELD_INVALID',
        line: 16,
        field: 'branch.T_BUS',
      }),
    );
  });

  it('rejects short rows and missing sections with stable codes', () => {
    expect(() =>
      readMatpower(CASE.replace('1 2 0 0.1 0 100 110 0 0 0 1 -360 360', '1 2 0')),
    ).toThrow(expect.objectContaining({ code: 'PARSE_MATPOWER_ROW_LENGTH', line: 16 }));
    expect(() => readMatpower(CASE.replace('mpc.gen =', 'mpc.genx ='))).toThrow(
      expect.objectContaining({ code: 'PARSE_MATPOWER_SECTION_MISSING', field: 'mpc.gen' }),
    );
    expect(() => readMatpower(CASE.replace("\t'O''Neil';\n};", ''))).toThrow(
      expect.objectContaining({ code: 'PARSE_MATPOWER_SYNTAX' }),
    );
  });

  it('names unmodelled fields such as dcline in warnings, with their line', () => {
    const text = `${CASE}mpc.dcline = [\n\t1 2 1 10 10 0 0 1.01 1 10 -10 -10 10 -10 10 0 0;\n];\n`;
    const { warnings } = readMatpower(text);
    expect(warnings).toEqual([
      {
        code: 'PARSE_MATPOWER_FIELD_IGNORED',
        message: 'mpc.dcline is not modelled and was ignored',
        line: 25,
      },
    ]);
    expect(readMatpower(CASE).warnings).toEqual([]);
  });

  it('warns instead of failing when bus_name has the wrong length', () => {
    const { warnings, network } = readMatpower(CASE.replace("\t'O''Neil';\n", ''));
    expect(warnings.map((w) => w.code)).toEqual(['PARSE_MATPOWER_BUS_NAME_IGNORED']);
    expect(network.buses.name).toEqual(['', '', '']);
  });
});
