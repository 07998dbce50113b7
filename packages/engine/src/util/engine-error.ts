/**
 * The closed set of engine error codes. The API exposes the code; the Spanish text for the UI
 * lives in the contracts error catalogue, never here.
 */
export type EngineErrorCode =
  | 'CLI_USAGE'
  | 'INPUT_EMPTY'
  | 'INPUT_UNREADABLE'
  | 'INPUT_TOO_LARGE'
  | 'INPUT_COMPRESSED_UNSUPPORTED'
  | 'INPUT_XZ_CORRUPT'
  | 'INPUT_FORMAT_UNSUPPORTED'
  | 'PARSE_RAW_FIELD_INVALID'
  | 'PARSE_RAW_SECTION_TRUNCATED'
  | 'PARSE_RAW_REVISION_UNSUPPORTED'
  | 'PARSE_RAW_BUS_UNKNOWN'
  | 'PARSE_RAW_BUS_DUPLICATE'
  | 'PARSE_RAW_NUMBER_OVERFLOW'
  | 'PARSE_MATPOWER_SYNTAX'
  | 'PARSE_MATPOWER_FIELD_INVALID'
  | 'PARSE_MATPOWER_SECTION_MISSING'
  | 'PARSE_MATPOWER_ROW_LENGTH'
  | 'PARSE_MATPOWER_NUMBER_OVERFLOW'
  | 'PARSE_COORDINATES_EMPTY'
  | 'PARSE_COORDINATES_HEADER'
  | 'PARSE_COORDINATES_FIELD_INVALID'
  | 'PARSE_COORDINATES_BUS_DUPLICATE'
  | 'PARSE_COORDINATES_BUS_UNKNOWN'
  | 'CONTINGENCY_FILE_INVALID'
  | 'HOURLY_PROFILES_INVALID'
  | 'HOURLY_PROFILES_UNRESOLVED'
  | 'HOURLY_PLANT_PROFILE_INVALID'
  | 'HOURLY_PLANT_PROFILE_UNAVAILABLE'
  | 'CONTINGENCY_FILE_MISSING'
  | 'CONTINGENCY_FILES_SAME_KIND'
  | 'MODEL_NETWORK_EMPTY'
  | 'MODEL_BUS_UNKNOWN'
  | 'MODEL_BUS_DUPLICATE'
  | 'MODEL_NO_REFERENCE_BUS'
  | 'MODEL_BRANCH_INDEX_INVALID'
  | 'MODEL_BRANCH_ZERO_REACTANCE'
  | 'MODEL_VALUE_NOT_FINITE'
  | 'MODEL_CASE_TOO_LARGE'
  | 'POWERFLOW_AC_DIVERGED'
  | 'TRANSFER_GROUP_EMPTY'
  | 'TRANSFER_SINK_EMPTY'
  | 'TRANSFER_RULE_UNAVAILABLE'
  | 'TRANSFER_PLANT_UNKNOWN'
  | 'TRANSFER_GENERATOR_UNKNOWN'
  | 'TRANSFER_GROUP_NO_UNITS'
  | 'TRANSFER_BUS_OUTSIDE_ISLAND'
  | 'SHORT_CIRCUIT_UNAVAILABLE'
  | 'SHORT_CIRCUIT_PLACEHOLDER'
  | 'VALIDATION_FAILED'
  | 'LINALG_SINGULAR'
  | 'LINALG_DIMENSION_MISMATCH';

export interface EngineErrorPosition {
  line?: number;
  field?: string;
  /** A configured limit the input passed: its setting's name, its value and the input's. */
  limit?: LimitExceeded;
}

export interface LimitExceeded {
  readonly name: string;
  readonly limit: number;
  readonly actual: number;
}

export class EngineError extends Error {
  readonly code: EngineErrorCode;
  readonly line: number | undefined;
  readonly field: string | undefined;
  readonly limit: LimitExceeded | undefined;

  constructor(code: EngineErrorCode, message: string, position: EngineErrorPosition = {}) {
    super(message);
    this.name = 'EngineError';
    this.code = code;
    this.line = position.line;
    this.field = position.field;
    this.limit = position.limit;
  }
}

export function isEngineError(value: unknown): value is EngineError {
  return value instanceof EngineError;
}
