import type { Network, Warning } from '../model/network';
import { EngineError } from '../util/engine-error';
import { readMatpower } from './matpower/read-matpower';
import type { CaseFormat } from './sniff';
import { sniffFormat } from './sniff';

/** ANALYSIS.md §1: 200 MB is the most a case may be once decompressed. */
export const MAX_CASE_BYTES = 200 * 1024 * 1024;

export interface LoadedCase {
  readonly format: CaseFormat;
  readonly revision: number | null;
  readonly compressed: boolean;
  readonly network: Network;
  readonly warnings: Warning[];
}

/** Reads a network case from its bytes, whatever the format (detected by content). */
export function loadCase(bytes: Uint8Array): LoadedCase {
  if (bytes.length > MAX_CASE_BYTES) {
    throw new EngineError('INPUT_TOO_LARGE', 'the case is larger than 200 MB');
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
