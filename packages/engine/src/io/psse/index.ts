export type { PsseErrorCode } from './errors';
export { PSSE_ERROR_CODES, PsseParseError } from './errors';
export type { PsseCase, ReadPsseOptions } from './read-psse';
export { readPsse } from './read-psse';
export type { Tokens } from './tokenize';
export { tokenize } from './tokenize';
