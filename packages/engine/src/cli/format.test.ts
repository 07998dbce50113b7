import { describe, expect, it } from 'vitest';
import type { Table } from './format';
import { render, toCsv, toText } from './format';

const TABLE: Table = {
  summary: ['cap: 2000 MW'],
  columns: [{ header: 'bus' }, { header: 'name' }, { header: 'capacityMw', decimals: 1 }],
  rows: [
    [5, 'PLAYAS, 230 "kV"', 66.80851374601339],
    [30, 'B30', null],
  ],
};

describe('CLI output formats', () => {
  it('CSV: a header, every digit, RFC 4180 quotes only where needed, empty for null', () => {
    expect(toCsv(TABLE)).toBe(
      'bus,name,capacityMw\n5,"PLAYAS, 230 ""kV""",66.80851374601339\n30,B30,\n',
    );
  });

  it('table: the summary, then columns aligned (numbers right, rounded), "-" for null', () => {
    expect(toText(TABLE)).toBe(
      [
        'cap: 2000 MW',
        '',
        'bus  name              capacityMw',
        '---  ----------------  ----------',
        '  5  PLAYAS, 230 "kV"        66.8',
        ' 30  B30                        -',
        '',
      ].join('\n'),
    );
  });

  it('JSON is the whole result; a result with no table is JSON whatever is asked', () => {
    expect(render({ json: { a: 1 }, table: TABLE }, 'json')).toBe('{"a":1}\n');
    expect(render({ json: { a: 1 } }, 'csv')).toBe('{"a":1}\n');
  });
});
