// A CommonJS bundle whose exports Node's ESM loader cannot see by name: take the default export
// (its typings declare only named ones).
// eslint-disable-next-line import-x/default
import xz from 'xz-decompress';
import { EngineError } from '../util/engine-error';

/**
 * Decompresses an xz stream (the upload's `.bin` files), stopping as soon as the output passes
 * `maxBytes`: a decompression bomb is bad input, not a reason to run out of memory.
 */
export async function decompressXz(bytes: Uint8Array, maxBytes: number): Promise<Uint8Array> {
  const stream = new xz.XzReadableStream(new Blob([bytes]).stream());
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel();
        throw new EngineError(
          'INPUT_TOO_LARGE',
          `the decompressed case is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`,
        );
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof EngineError) throw error;
    throw new EngineError('INPUT_XZ_CORRUPT', `the xz stream is corrupt or truncated`);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}
