import { readFileSync, statSync } from 'node:fs';
import { readMatpower } from '../io/matpower/read-matpower';
import type { CaseFormat } from '../io/sniff';
import { sniffFormat } from '../io/sniff';
import type { Network, Warning } from '../model/network';
import { EngineError } from '../util/engine-error';

/** ANALYSIS.md §1: 200 MB is the most a case may be once decompressed. */
const MAX_BYTES = 200 * 1024 * 1024;

export interface LoadedCase {
  readonly format: CaseFormat;
  readonly revision: number | null;
  readonly compressed: boolean;
  readonly network: Network;
  readonly warnings: Warning[];
}

export function loadCaseFile(path: string): LoadedCase {
  let bytes: Uint8Array;
  try {
    if (statSync(path).size > MAX_BYTES) {
      throw new EngineError('INPUT_TOO_LARGE', `${path} is larger than 200 MB`);
    }
    bytes = readFileSync(path);
  } catch (e) {
    if (e instanceof EngineError) throw e;
    throw new EngineError('INPUT_UNREADABLE', `cannot read ${path}: ${(e as Error).message}`);
  }
  const { format } = sniffFormat(bytes);
  if (format === 'xz') {
    throw new EngineError(
      'INPUT_COMPRESSED_UNSUPPORTED',
      'the file is xz-compressed; decompression is not available in this build',
    );
  }
  if (format === 'psse') {
    throw new EngineError(
      'INPUT_FORMAT_UNSUPPORTED',
      'the file is not a MATPOWER case; PSS/E RAW reading is not available yet',
    );
  }
  const text = new TextDecoder('utf-8').decode(bytes);
  const { network, warnings } = readMatpower(text);
  return { format, revision: 2, compressed: false, network, warnings };
}
