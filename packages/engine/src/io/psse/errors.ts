import type { EngineErrorCode } from '../../util/engine-error';
import { EngineError } from '../../util/engine-error';

/**
 * Fatal RAW errors. Not yet members of EngineErrorCode (util/engine-error.ts belongs to another
 * change): the lead adds this union there in one line, then the cast below can go.
 */
export type PsseErrorCode =
  /** A field is not a number where the manual wants one, or is out of its range. */
  | 'PARSE_RAW_FIELD_INVALID'
  /** The file ends inside a section or a multi-line record (no `0` / `Q` where one is due). */
  | 'PARSE_RAW_SECTION_TRUNCATED'
  /** REV below 29 or above 35. */
  | 'PARSE_RAW_REVISION_UNSUPPORTED'
  /** A load, generator, branch, transformer or shunt names a bus not in the bus data. */
  | 'PARSE_RAW_BUS_UNKNOWN'
  /** Two bus records with the same number. */
  | 'PARSE_RAW_BUS_DUPLICATE';

export const PSSE_ERROR_CODES: readonly PsseErrorCode[] = [
  'PARSE_RAW_FIELD_INVALID',
  'PARSE_RAW_SECTION_TRUNCATED',
  'PARSE_RAW_REVISION_UNSUPPORTED',
  'PARSE_RAW_BUS_UNKNOWN',
  'PARSE_RAW_BUS_DUPLICATE',
];

/** An EngineError whose code is one of PsseErrorCode; `line` is 1-based, `field` the manual's name. */
export class PsseParseError extends EngineError {
  constructor(code: PsseErrorCode, message: string, line?: number, field?: string) {
    super(code as unknown as EngineErrorCode, message, { line, field });
    this.name = 'PsseParseError';
  }
}
