import { isDataEnd, isHeaderComment, isSectionEnd, tokenize } from './tokenize';

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
}

/**
 * The records of the section starting at line `start`, up to its `0` line. `@!` comment lines and
 * blank lines are not records. `Q` ends the data (and so this section).
 */
export function collectSection(lines: readonly string[], start: number): Section {
  const out: number[] = [];
  let i = start;
  for (; i < lines.length; i++) {
    const text = lines[i];
    if (isHeaderComment(text) || text.trim() === '') continue;
    if (isDataEnd(text)) return { lines: out, next: i, ended: 'q', endLine: i + 1, beginLabel: '' };
    if (isSectionEnd(text)) {
      const { comment } = tokenize(text);
      const m = /BEGIN\s+(.*?)\s*(?:DATA)?\s*$/i.exec(comment);
      return {
        lines: out,
        next: i + 1,
        ended: 'zero',
        endLine: i + 1,
        beginLabel: m ? m[1].toUpperCase() : '',
      };
    }
    out.push(i);
  }
  return { lines: out, next: i, ended: 'eof', endLine: lines.length, beginLabel: '' };
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
  };
}
