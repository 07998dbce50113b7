import type { Network, Warning } from '../model/network';
import { EngineError } from '../util/engine-error';
import { readMatpower } from './matpower/read-matpower';
import { readPsse } from './psse';
import type { CaseFormat } from './sniff';
import { sniffFormat } from './sniff';
import { decompressXz } from './xz';

/** docs/analysis.md §1: 200 MB is the most a case may be once decompressed. */
export const MAX_CASE_BYTES = 200 * 1024 * 1024;

export interface LoadedCase {
  readonly format: CaseFormat;
  readonly revision: number | null;
  readonly compressed: boolean;
  readonly network: Network;
  readonly warnings: Warning[];
  /** PSS/E machine ID of each generator (trimmed), in network order; absent for MATPOWER. */
  readonly generatorIds?: readonly string[];
  /** PSS/E area names (trimmed) by area number, as the file's area data gives them. */
  readonly areaNames?: ReadonlyMap<number, string>;
}

/**
 * Reads a network case from its bytes, whatever the format (detected by content), xz-compressed
 * or not.
 */
export async function loadCase(
  bytes: Uint8Array,
  maxBytes: number = MAX_CASE_BYTES,
): Promise<LoadedCase> {
  if (bytes.length > maxBytes) {
    throw new EngineError('INPUT_TOO_LARGE', 'the case is larger than 200 MB');
  }
  if (sniffFormat(bytes).format !== 'xz') return parseCase(bytes, false);
  const plain = await decompressXz(bytes, maxBytes);
  if (sniffFormat(plain).format === 'xz') {
    throw new EngineError('INPUT_FORMAT_UNSUPPORTED', 'the file is compressed twice');
  }
  return parseCase(plain, true);
}

/** The synchronous reader for uncompressed bytes (xz needs `loadCase`). */
export function loadUncompressedCase(bytes: Uint8Array): LoadedCase {
  if (bytes.length > MAX_CASE_BYTES) {
    throw new EngineError('INPUT_TOO_LARGE', 'the case is larger than 200 MB');
  }
  if (sniffFormat(bytes).format === 'xz') {
    throw new EngineError(
      'INPUT_COMPRESSED_UNSUPPORTED',
      'the file is xz-compressed: read it with loadCase',
    );
  }
  return parseCase(bytes, false);
}

function parseCase(bytes: Uint8Array, compressed: boolean): LoadedCase {
  const loaded = readCase(bytes, compressed);
  // A file with every section empty parses, but there is no network to analyse.
  if (loaded.network.buses.count === 0) {
    throw new EngineError('MODEL_NETWORK_EMPTY', 'the case has no buses');
  }
  return loaded;
}

function readCase(bytes: Uint8Array, compressed: boolean): LoadedCase {
  const { format } = sniffFormat(bytes);
  const text = new TextDecoder('utf-8').decode(bytes);
  if (format === 'psse') {
    const { network, warnings, revision, generatorIds, areaNames } = readPsse(text);
    return { format, revision, compressed, network, warnings, generatorIds, areaNames };
  }
  if (format !== 'matpower') {
    throw new EngineError('INPUT_FORMAT_UNSUPPORTED', 'the file is compressed twice');
  }
  const { network, warnings } = readMatpower(text);
  return { format, revision: 2, compressed, network, warnings };
}
