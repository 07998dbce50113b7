export type { CaseFormat, Sniffed } from './sniff';
export { sniffFormat } from './sniff';
export type { MatpowerCase } from './matpower/read-matpower';
export { readMatpower } from './matpower/read-matpower';
export type { LoadedCase } from './load-case';
export { MAX_CASE_BYTES, loadCase, loadUncompressedCase } from './load-case';
export { decompressXz } from './xz';
export type { PsseCase, PsseErrorCode, ReadPsseOptions } from './psse';
export { PsseParseError, readPsse } from './psse';
