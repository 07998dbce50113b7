import { describe, expect, it } from 'vitest';
import {
  cellOfField,
  draftTotals,
  emptyRow,
  parseDecimal,
  requestFromRow,
  rowFromRequest,
} from './request-rows';

describe('the requests as the form edits them', () => {
  it('reads numbers with a decimal comma or point; empty is undefined, text is NaN', () => {
    expect(parseDecimal('12,5')).toBe(12.5);
    expect(parseDecimal(' 80 ')).toBe(80);
    expect(parseDecimal('0.25')).toBe(0.25);
    expect(parseDecimal('')).toBeUndefined();
    expect(parseDecimal('mucho')).toBeNaN();
  });

  it('sends numbers as numbers, leaves empty cells out, and a wrong number as typed', () => {
    const row = { ...emptyRow(), id: ' R1 ', bus: '5', mw: '80,5', minMw: '', priority: 'alta' };
    expect(requestFromRow(row)).toEqual({ id: 'R1', bus: 5, mw: 80.5, priority: 'alta' });
  });

  it('fills the table from a file’s request, with a decimal comma', () => {
    const row = rowFromRequest({ id: 'J1', bus: 4, mw: 12.5, minMw: 2, company: 'Eólica SAS' });
    expect(row).toMatchObject({
      id: 'J1',
      bus: '4',
      mw: '12,5',
      minMw: '2',
      priority: '',
      company: 'Eólica SAS',
      name: '',
    });
  });

  it('counts the rows filled in and their MW, and those whose MW is not a number', () => {
    const rows = [
      { ...emptyRow(), id: 'A', bus: '1', mw: '10,5' },
      emptyRow(),
      { ...emptyRow(), id: 'B', bus: '2', mw: '20' },
      { ...emptyRow(), id: 'C', bus: '3', mw: 'x' },
    ];
    expect(draftTotals(rows)).toEqual({ count: 3, totalMw: 30.5, unreadable: 1 });
  });

  it('finds the table cell a problem names', () => {
    expect(cellOfField('requests.2.mw')).toEqual({ index: 2, field: 'mw' });
    expect(cellOfField('requests.0')).toEqual({ index: 0, field: 'id' });
    expect(cellOfField('requests.0.unknown')).toBeNull();
    expect(cellOfField(null)).toBeNull();
  });
});
