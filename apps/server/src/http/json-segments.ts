import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/**
 * Stored JSON that can be sent whole or spliced into a larger answer without ever being parsed
 * or decompressed on the event loop (issue #16, docs/decisions/015).
 *
 * A segment is one JSON text compressed as raw DEFLATE ending with a sync flush and no final
 * block, with the CRC-32 and byte length of its text. Segments and short texts written at send
 * time concatenate into one valid DEFLATE stream; a gzip header, an empty final block and a
 * trailer whose CRC is combined from the parts' CRCs make it a gzip answer. A client that does
 * not take gzip gets the same bytes inflated as a stream, chunk by chunk.
 */
export interface JsonSegment {
  /** Raw DEFLATE, sync-flushed, no final block. */
  deflate: Uint8Array;
  crc32: number;
  /** UTF-8 bytes of the text. */
  textBytes: number;
  /** Entity tag of the text: SHA-256, base64url, 27 characters (as stored-json.ts). */
  etag: string;
}

/** Bigger texts compress at level 6: level 9 costs 3× the time for ~5 % on a 70 MB document. */
const LARGE_TEXT_BYTES = 1 << 20;

export function etagOf(text: Uint8Array | string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 27);
}

/** Compresses one JSON text as a segment (CPU-bound: call it in a worker thread). */
export function encodeSegment(text: string): JsonSegment {
  const bytes = Buffer.from(text, 'utf8');
  return {
    deflate: zlib.deflateRawSync(bytes, {
      level: bytes.length > LARGE_TEXT_BYTES ? 6 : 9,
      finishFlush: zlib.constants.Z_SYNC_FLUSH,
    }),
    crc32: zlib.crc32(bytes),
    textBytes: bytes.length,
    etag: etagOf(bytes),
  };
}

// CRC-32 of a concatenation from the CRCs of its parts (zlib's crc32_combine, by powers of x
// modulo the CRC polynomial), so a composed answer's trailer needs no pass over stored text.
const POLY = 0xedb88320;

function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if ((a & m) !== 0) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo the polynomial, k = 0…31. */
const X2N: number[] = (() => {
  const table = [0x40000000];
  for (let k = 1; k < 32; k++) table.push(multModP(table[k - 1]!, table[k - 1]!));
  return table;
})();

/** x^(8n) modulo the polynomial: what appending n bytes does to a CRC. */
function x8nModP(bytes: number): number {
  let p = 0x80000000;
  let k = 3;
  let n = bytes;
  while (n > 0) {
    if (n % 2 === 1) p = multModP(X2N[k % 32]!, p);
    n = Math.floor(n / 2);
    k++;
  }
  return p;
}

/** CRC-32 of A followed by B, from crc(A), crc(B) and B's length. */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return (multModP(x8nModP(lengthB), crcA >>> 0) ^ crcB) >>> 0;
}

/** A stored segment as the reader sees it: its facts and a source of its bytes. */
export interface StoredSegment {
  crc32: number;
  textBytes: number;
  storedBytes: number;
  etag: string;
  /** The DEFLATE bytes in order, read as the answer is sent. */
  chunks(): AsyncIterable<Buffer>;
}

/** One piece of a composed answer: text written at send time, or a stored segment. */
export type AnswerPiece = string | StoredSegment;

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
/** An empty final block (fixed Huffman, end of block). */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

interface PreparedPiece {
  piece: AnswerPiece;
  /** Text pieces: their bytes and sync-flushed DEFLATE. */
  text?: Buffer;
  deflate?: Buffer;
}

/** A JSON answer made of pieces, ready to stream either way. */
export interface ComposedAnswer {
  gzipBytes: number;
  textBytes: number;
  gzip(): AsyncIterable<Buffer>;
  text(): AsyncIterable<Buffer>;
}

/**
 * Composes an answer from texts (short: ids, dates; compressed here, microseconds) and stored
 * segments (read chunk by chunk as the client takes them).
 */
export function composeAnswer(pieces: readonly AnswerPiece[]): ComposedAnswer {
  const prepared: PreparedPiece[] = pieces.map((piece) => {
    if (typeof piece !== 'string') return { piece };
    const text = Buffer.from(piece, 'utf8');
    return {
      piece,
      text,
      deflate: zlib.deflateRawSync(text, { finishFlush: zlib.constants.Z_SYNC_FLUSH }),
    };
  });
  let crc = 0;
  let textBytes = 0;
  let deflateBytes = 0;
  for (const { piece, text, deflate } of prepared) {
    if (typeof piece === 'string') {
      crc = zlib.crc32(text!, crc);
      textBytes += text!.length;
      deflateBytes += deflate!.length;
    } else {
      crc = crc32Combine(crc, piece.crc32, piece.textBytes);
      textBytes += piece.textBytes;
      deflateBytes += piece.storedBytes;
    }
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(textBytes % 2 ** 32, 4);
  return {
    gzipBytes: GZIP_HEADER.length + deflateBytes + FINAL_BLOCK.length + trailer.length,
    textBytes,
    async *gzip() {
      yield GZIP_HEADER;
      for (const { piece, deflate } of prepared) {
        if (typeof piece === 'string') yield deflate!;
        else yield* piece.chunks();
      }
      yield FINAL_BLOCK;
      yield trailer;
    },
    async *text() {
      for (const { piece, text } of prepared) {
        if (typeof piece === 'string') yield text!;
        else yield* inflateSegment(piece.chunks());
      }
    },
  };
}

/**
 * Inflating is the only real work of sending a stored document to a client without gzip (a
 * 10,000-bus document: ~0.9 s of CPU for 80 MB). One chunk at a time for all such clients, in
 * turn: ten of them would otherwise take every core of a small machine from the event loop.
 */
const inflateTurns = (() => {
  let busy = false;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (busy) await new Promise<void>((resolve) => waiting.push(resolve));
    busy = true;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next === undefined) busy = false;
      else next();
    }
  };
})();

/** A segment's text, inflated on zlib's thread pool chunk by chunk as the client reads it. */
async function* inflateSegment(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  // No final block: end the stream with a sync flush instead of waiting for one.
  const inflater = zlib.createInflateRaw({
    finishFlush: zlib.constants.Z_SYNC_FLUSH,
    chunkSize: 64 * 1024,
  });
  const output: Buffer[] = [];
  inflater.on('data', (chunk: Buffer) => output.push(chunk));
  const written = (chunk: Buffer) =>
    new Promise<void>((resolve, reject) =>
      inflater.write(chunk, (error) => (error ? reject(error) : resolve())),
    );
  try {
    for await (const chunk of chunks) {
      await inflateTurns(() => written(chunk));
      while (output.length > 0) yield output.shift()!;
    }
    await new Promise<void>((resolve, reject) => {
      inflater.once('end', resolve).once('error', reject);
      inflater.end();
    });
    while (output.length > 0) yield output.shift()!;
  } finally {
    inflater.destroy();
  }
}

/** A segment held in memory (tests, and segments written in one piece). */
export function segmentInMemory(segment: JsonSegment): StoredSegment {
  const bytes = Buffer.from(
    segment.deflate.buffer,
    segment.deflate.byteOffset,
    segment.deflate.byteLength,
  );
  return {
    crc32: segment.crc32,
    textBytes: segment.textBytes,
    storedBytes: bytes.length,
    etag: segment.etag,
    async *chunks() {
      yield bytes;
    },
  };
}

const deflateRawAsync = promisify(zlib.deflateRaw);

/** Texts up to this size are compressed as the answer is composed (microseconds). */
const INLINE_TEXT_BYTES = 64 * 1024;

/**
 * A text for a composed answer: as it is when short, else compressed now on zlib's thread pool
 * (an older row's document can be tens of MB: never compressed on the event loop).
 */
export async function textPiece(text: string): Promise<AnswerPiece> {
  if (text.length <= INLINE_TEXT_BYTES / 4) return text;
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= INLINE_TEXT_BYTES) return text;
  const deflate = await deflateRawAsync(bytes, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
  return segmentInMemory({
    deflate,
    crc32: zlib.crc32(bytes),
    textBytes: bytes.length,
    // Hashing tens of MB would take the event loop; the CRC and length tell versions apart.
    etag: `${zlib.crc32(bytes).toString(36)}-${bytes.length.toString(36)}`,
  });
}

/** A composed answer's whole text (tests, and the few readers that parse a result). */
export async function composedText(pieces: readonly AnswerPiece[]): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of composeAnswer(pieces).text()) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}
