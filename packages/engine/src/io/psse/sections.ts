import { isDataEnd, isHeaderComment, isSectionEnd, isZeroRecord, tokenize } from './tokenize';

/** One data category: the 0-based indices of its record lines, and how it ended. */
export interface Section {
  readonly lines: number[];
  /** 0-based index of the line after the section (after its `0`, or at `Q` / end of text). */
  readonly next: number;
  readonly ended: 'zero' | 'q' | 'eof';
  /** 1-based line of the terminator, or of the last line read. */
  readonly endLine: number;
  /** The upper-cased `BEGIN … DATA` label of the terminator's comment, '' when none. */
  readonly beginLabel: string;
  /** The terminator is a record with number 0 and more fields, which are not read. */
  readonly zeroRecord: boolean;
}

/**
 * The records of the section starting at line `start`, up to its `0` line. `@!` comment lines and
 * blank lines are not records. `Q` ends the data (and so this section). With `zeroRecordEnds`
 * (categories of one-line records numbered from 1), a record numbered 0 ends it too, as in PSS/E.
 */
export function collectSection(
  lines: readonly string[],
  start: number,
  zeroRecordEnds = false,
): Section {
  const out: number[] = [];
  let i = start;
  for (; i < lines.length; i++) {
    const text = lines[i];
    if (isHeaderComment(text) || text.trim() === '') continue;
    if (isDataEnd(text)) {
      return { lines: out, next: i, ended: 'q', endLine: i + 1, beginLabel: '', zeroRecord: false };
    }
    if (zeroRecordEnds && isZeroRecord(text)) {
      return {
        lines: out,
        next: i + 1,
        ended: 'zero',
        endLine: i + 1,
        beginLabel: '',
        zeroRecord: true,
      };
    }
    if (isSectionEnd(text)) {
      const { comment } = tokenize(text);
      const m = /BEGIN\s+(.*?)\s*(?:DATA)?\s*$/i.exec(comment);
      return {
        lines: out,
        next: i + 1,
        ended: 'zero',
        endLine: i + 1,
        beginLabel: m ? m[1].toUpperCase() : '',
        zeroRecord: false,
      };
    }
    out.push(i);
  }
  return {
    lines: out,
    next: i,
    ended: 'eof',
    endLine: lines.length,
    beginLabel: '',
    zeroRecord: false,
  };
}

/** Everything up to `Q` or the end of the text: used for v35 substation data (nested `0`s). */
export function collectRest(lines: readonly string[], start: number): Section {
  const out: number[] = [];
  let i = start;
  for (; i < lines.length; i++) {
    const text = lines[i];
    if (isDataEnd(text)) break;
    if (isHeaderComment(text) || text.trim() === '' || isSectionEnd(text)) continue;
    out.push(i);
  }
  return {
    lines: out,
    next: i,
    ended: i < lines.length ? 'q' : 'eof',
    endLine: Math.min(i + 1, lines.length),
    beginLabel: '',
    zeroRecord: false,
  };
}
