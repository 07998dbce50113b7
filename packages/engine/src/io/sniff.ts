import { EngineError } from '../util/engine-error';

export type CaseFormat = 'matpower' | 'psse';

export interface Sniffed {
  /** 'xz' means compressed: the caller must decompress and sniff again. */
  readonly format: CaseFormat | 'xz';
}

const XZ_MAGIC = [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00];
const MATPOWER_HINT = /^\s*(function\s+mpc\s*=|mpc\.\w+\s*=)/m;

/** Detects the case format by content, never by file name (docs/analysis.md §1). */
export function sniffFormat(bytes: Uint8Array): Sniffed {
  if (bytes.length === 0) throw new EngineError('INPUT_EMPTY', 'the file is empty');
  if (bytes.length >= XZ_MAGIC.length && XZ_MAGIC.every((b, i) => bytes[i] === b)) {
    return { format: 'xz' };
  }
  // The header of either format is ASCII; a few KB is enough to decide.
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 8192));
  if (MATPOWER_HINT.test(head)) return { format: 'matpower' };
  if (/[^\s]/.test(head)) return { format: 'psse' };
  throw new EngineError('INPUT_EMPTY', 'the file has only white space');
}
