import type { Warning } from '../../model/network';
import { PsseParseError } from './errors';
import { CASE_ID } from './fields';
import type { RawValues } from './records';
import { readFields } from './records';
import { isHeaderComment, tokenize } from './tokenize';

export const MIN_REVISION = 29;
export const MAX_REVISION = 35;

export interface CaseHeader {
  readonly id: RawValues;
  readonly revision: number;
  readonly sbaseMva: number;
  readonly titles: readonly [string, string];
  /** 0-based index of the first line after the two title lines. */
  readonly dataStart: number;
}

// `/ PSS/E-29.0`, `/ PSS(tm)E-30 RAW`, `/ PSS(R)E-33.11`, `/ PSS(R)E 32 RAW`: the writer's version.
const COMMENT_REV = /PSS(?:\/|\(tm\)|\(R\))?E[- ](\d+)/i;

/**
 * Case identification data (record 1 and the two title lines). REV comes from its field, else
 * from the writer's comment (as MATPOWER's psse_parse does), else from the bus record layout
 * (11 fields with GL, BL is the v29/v30 layout), else 33 with a warning.
 */
export function readHeader(lines: readonly string[], warnings: Warning[]): CaseHeader {
  let i = 0;
  while (i < lines.length && isHeaderComment(lines[i])) i++;
  if (i >= lines.length) {
    throw new PsseParseError(
      'PARSE_RAW_SECTION_TRUNCATED',
      'the file has no case identification record',
      1,
      'IC',
    );
  }
  const line = i + 1;
  const id = readFields(lines[i], line, CASE_ID, 'case identification');
  const sbase = id.SBASE as number;
  if (!(sbase > 0)) {
    throw new PsseParseError(
      'PARSE_RAW_FIELD_INVALID',
      `line ${line}: SBASE must be a positive number of MVA`,
      line,
      'SBASE',
    );
  }
  let revision = id.REV as number;
  if (Number.isNaN(revision)) {
    const m = COMMENT_REV.exec(tokenize(lines[i]).comment);
    if (m) {
      revision = Number(m[1]);
      warnings.push({
        code: 'PARSE_RAW_REVISION_ASSUMED',
        message: `line ${line}: REV is absent; revision ${revision} taken from the comment '${m[0]}'`,
        line,
      });
    } else {
      revision = guessFromBusLayout(lines, i + 3);
      warnings.push({
        code: 'PARSE_RAW_REVISION_ASSUMED',
        message: `line ${line}: REV is absent; revision ${revision} assumed from the bus record layout`,
        line,
      });
    }
  }
  if (revision < MIN_REVISION || revision > MAX_REVISION) {
    throw new PsseParseError(
      'PARSE_RAW_REVISION_UNSUPPORTED',
      `line ${line}: PSS/E revision ${revision} is not supported (revisions ${MIN_REVISION} to ${MAX_REVISION} are)`,
      line,
      'REV',
    );
  }
  if (id.IC !== 0) {
    warnings.push({
      code: 'PARSE_RAW_CHANGE_CASE',
      message: `line ${line}: IC = ${id.IC} marks a change case; it was read as a base case`,
      line,
    });
  }
  const titles: [string, string] = [(lines[i + 1] ?? '').trim(), (lines[i + 2] ?? '').trim()];
  return { id, revision, sbaseMva: sbase, titles, dataStart: i + 3 };
}

function guessFromBusLayout(lines: readonly string[], start: number): number {
  for (let i = start; i < lines.length && i < start + 50; i++) {
    if (isHeaderComment(lines[i]) || lines[i].trim() === '') continue;
    return tokenize(lines[i]).fields.length === 11 ? 30 : 33;
  }
  return 33;
}
