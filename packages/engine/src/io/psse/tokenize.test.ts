import { describe, expect, it } from 'vitest';
import { collectSection } from './sections';
import { isDataEnd, isSectionEnd, isZeroRecord, parseFortranNumber, tokenize } from './tokenize';

// MATPOWER lib/t/t_psse_case.raw, with the expectations of lib/t/t_psse.m.
const TORTURE = [
  'Header 1',
  'Header 2',
  'Header 3',
  `    1 'Line 1   '  1.1000 -.1   1.1e-2   '1'   '1.1'    A,,   'A'   /, "comment 1"`,
  `2,'Line, "2"', 2.2000 , -0.2\t, 0.022,\t'2 '   ,' 2.2',B , , 'B' / comment, '2'`,
  `3\t"Line, '3'"\t3.3000\t-0.3\t33E-3\t' 3 '\t'\t3.3'\tC\t,\t,\t'C'\t\t/\t'comment\t3'`,
  `   4\t'Line\t4'\t44e-1\t-0.4\t0.44E-1\t'4'\t'4.4'\tD\t,\t,\t'D' ///comment,4`,
  ' 0   / END OF TEST1 DATA, BEGIN TEST2 DATA',
  `    1 'Line 1   '  1.1000 -.1   1.1e-2   '1'   '1.1'    A,,   'A'   /, "comment 1"`,
  `2,'Line, "2"', 2.2000 , -0.2\t, 0.022,\t'2 '   ,' 2.2',B , , 'B' / comment, '2'`,
  'Q',
  `3\t"Line, '3'"\t3.3000\t-0.3\t33E-3\t' 3 '\t'\t3.3'\tC\t,\t,\t'C'\t\t/\t'comment\t3'`,
  ' 0   / END OF TEST2 DATA',
];

const EXPECTED: (number | string)[][] = [
  [1, 'Line 1   ', 1.1, -0.1, 0.011, 1, 1.1, 'A', '', 'A'],
  [2, 'Line, "2"', 2.2, -0.2, 0.022, 2, 2.2, 'B', '', 'B'],
  [3, "Line, '3'", 3.3, -0.3, 0.033, 3, 3.3, 'C', '', 'C'],
  [4, 'Line\t4', 4.4, -0.4, 0.044, 4, 4.4, 'D', '', 'D'],
];
const COMMENTS = [', "comment 1"', "comment, '2'", "'comment\t3'", '//comment,4'];

describe('tokenize (t_psse_case.raw)', () => {
  EXPECTED.forEach((expected, k) => {
    it(`record ${k + 1}: fields, quoted strings, empty field and comment`, () => {
      const { fields, quoted, comment } = tokenize(TORTURE[3 + k]);
      expect(fields).toHaveLength(expected.length);
      expected.forEach((e, c) => {
        if (typeof e === 'number') expect(parseFortranNumber(fields[c])).toBeCloseTo(e, 12);
        else expect(fields[c]).toBe(e);
      });
      // psse_parse_line's 'D' columns: numbers inside quotes.
      expect(quoted[5]).toBe(true);
      expect(quoted[8]).toBe(false);
      expect(comment).toBe(COMMENTS[k]);
    });
  });

  it('missing trailing fields are absent, not empty strings', () => {
    expect(tokenize(TORTURE[3]).fields[10]).toBeUndefined();
  });

  it('splits the torture file into sections at 0 and stops at Q', () => {
    const first = collectSection(TORTURE, 3);
    expect(first.lines).toEqual([3, 4, 5, 6]);
    expect(first.ended).toBe('zero');
    expect(first.beginLabel).toBe('TEST2');
    const second = collectSection(TORTURE, first.next);
    expect(second.lines).toEqual([8, 9]);
    expect(second.ended).toBe('q');
  });

  it('leading commas and commas between blanks', () => {
    expect(tokenize(',5, ,7').fields).toEqual(['', '5', '', '7']);
    expect(tokenize('1 2,3 , 4').fields).toEqual(['1', '2', '3', '4']);
    expect(tokenize("'a/b, c' / x").fields).toEqual(['a/b, c']);
  });
});

describe('tokenize: PSS/E quoting rules', () => {
  it("a quote written twice inside a quoted name is one quote ('1'' DROP' is 1' DROP)", () => {
    const t = tokenize("    1,'1'' DROP    ', 240.0000,3");
    expect(t.fields).toEqual(['1', "1' DROP    ", '240.0000', '3']);
    expect(t.unclosedQuote).toBe(-1);
    expect(tokenize("'''', 'it''s'''").fields).toEqual(["'", "it's'"]);
    expect(tokenize('"say ""hi""", 2').fields).toEqual(['say "hi"', '2']);
  });

  it('an empty quoted name is a value, not a doubled quote', () => {
    const t = tokenize(`1005,'',  87.0, "", 2`);
    expect(t.fields).toEqual(['1005', '', '87.0', '', '2']);
    expect(t.quoted).toEqual([false, true, false, true, false]);
    expect(t.unclosedQuote).toBe(-1);
  });

  it('the other kind of quote, commas, slashes and blanks inside quotes are text', () => {
    expect(tokenize(`1,"O'Brien, /A", 'say "x"' / tail`).fields).toEqual([
      '1',
      "O'Brien, /A",
      'say "x"',
    ]);
    expect(tokenize("1005,',/,',  87.0000 / comment").fields).toEqual(['1005', ',/,', '87.0000']);
  });

  it('a comment after the data is not a field, and quotes in it need not close', () => {
    const t = tokenize("1,'A' / it's the end, 'really");
    expect(t.fields).toEqual(['1', 'A']);
    expect(t.comment).toBe("it's the end, 'really");
    expect(t.unclosedQuote).toBe(-1);
  });

  it('a quote that never closes is reported at its column, its field holding the rest', () => {
    // PowerModels' parser_test_j: the name's inner quote was not written twice.
    const j = tokenize("1005,'26' Drop x  ',  87.0000, 2");
    expect(j.unclosedQuote).toBe(18);
    expect(j.fields).toEqual(['1005', '26', 'Drop', 'x', ',  87.0000, 2']);
    expect(tokenize("1,'it''s").unclosedQuote).toBe(2);
    expect(tokenize("'a''").unclosedQuote).toBe(0);
  });
});

describe('parseFortranNumber', () => {
  it('reads Fortran reals and rejects what is not a number', () => {
    expect(parseFortranNumber('-.1')).toBe(-0.1);
    expect(parseFortranNumber('33E-3')).toBeCloseTo(0.033, 15);
    expect(parseFortranNumber('1.1D-2')).toBeCloseTo(0.011, 15);
    expect(parseFortranNumber('1.')).toBe(1);
    expect(parseFortranNumber('+5')).toBe(5);
    expect(parseFortranNumber('0x10')).toBeNaN();
    expect(parseFortranNumber('Infinity')).toBeNaN();
    expect(parseFortranNumber('1,5')).toBeNaN();
  });
});

describe('section and data terminators', () => {
  it('0 ends a section, with or without a comment; 0.0 and 0 5 do not', () => {
    expect(isSectionEnd('0')).toBe(true);
    expect(isSectionEnd(' 0   / END OF BUS DATA, BEGIN LOAD DATA')).toBe(true);
    expect(isSectionEnd('0 /END OF GNE DEVICE DATA\r')).toBe(true);
    expect(isSectionEnd('0.0, 1')).toBe(false);
    expect(isSectionEnd('0 5')).toBe(false);
    expect(isSectionEnd('0, 5')).toBe(false);
  });
  it('a record numbered 0 with more fields is a zero record; 0 alone, 0.5 and 05 are not', () => {
    expect(isZeroRecord("    0,'1'' DROP    ', 240.0000,3")).toBe(true);
    expect(isZeroRecord('0 5')).toBe(true);
    expect(isZeroRecord('0')).toBe(false);
    expect(isZeroRecord(' 0   / END OF BUS DATA, BEGIN LOAD DATA')).toBe(false);
    expect(isZeroRecord('0.5, 1')).toBe(false);
    expect(isZeroRecord('05, 1')).toBe(false);
    expect(isZeroRecord('10, 1')).toBe(false);
  });
  it('Q ends the data', () => {
    expect(isDataEnd('Q')).toBe(true);
    expect(isDataEnd('Q\r')).toBe(true);
    expect(isDataEnd("'Q'")).toBe(false);
  });
});
