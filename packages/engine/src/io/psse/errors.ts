import { EngineError, type EngineErrorCode } from '../../util/engine-error';

/** Fatal RAW errors: the PARSE_RAW_* members of EngineErrorCode. */
export type PsseErrorCode = Extract<EngineErrorCode, `PARSE_RAW_${string}`>;

export const PSSE_ERROR_CODES: readonly PsseErrorCode[] = [
  'PARSE_RAW_FIELD_INVALID',
  'PARSE_RAW_SECTION_TRUNCATED',
  'PARSE_RAW_REVISION_UNSUPPORTED',
  'PARSE_RAW_BUS_UNKNOWN',
  'PARSE_RAW_BUS_DUPLICATE',
  'PARSE_RAW_NUMBER_OVERFLOW',
];

/** An EngineError whose code is one of PsseErrorCode; `line` is 1-based, `field` the manual's name. */
export class PsseParseError extends EngineError {
  constructor(code: PsseErrorCode, message: string, line?: number, field?: string) {
    super(code, message, { line, field });
    this.name = 'PsseParseError';
  }
}
