import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { composeAnswer, type AnswerPiece } from './json-segments';

const gzip = promisify(zlib.gzip);

/** Below this the compression plugin sends JSON as it is (http/compression.ts), and so do we. */
const COMPRESS_FROM_BYTES = 1024;
/** Up to this, one synchronous gzip call costs less than a compression stream per answer. */
const GZIP_NOW_UP_TO_BYTES = 64 * 1024;

/** A JSON answer kept ready to send: its entity tag, and its gzip bytes or its text. */
export interface StoredJson {
  etag: string;
  gzip: Buffer | null;
  json: string | null;
}

/**
 * A large JSON answer prepared once, when its data is written: gzip -9 on zlib's thread pool
 * (off the event loop; a 2,000-bus result goes from ~240 KB to ~26 KB) and an entity tag, so
 * each read sends stored bytes and a browser's revalidation sends none.
 */
export async function prepareStoredJson(json: string): Promise<{ gzip: Buffer; etag: string }> {
  return {
    gzip: await gzip(json, { level: zlib.constants.Z_BEST_COMPRESSION }),
    etag: createHash('sha256').update(json).digest('base64url').slice(0, 27),
  };
}

/** Whether the client takes gzip (RFC 9110 §12.5.3; `gzip;q=0` refuses it). */
export function acceptsGzip(header: string | undefined): boolean {
  if (header === undefined) return false;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [coding = '', ...params] = part.split(';').map((item) => item.trim());
    const q = params.find((param) => param.startsWith('q='));
    weights.set(coding, q === undefined ? 1 : Number(q.slice(2)));
  }
  // A named coding overrides the wildcard.
  const weight = weights.get('gzip') ?? weights.get('x-gzip') ?? weights.get('*') ?? 0;
  return weight > 0;
}

function matchesEntityTag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  // Weak comparison (RFC 9110 §13.1.2): the W/ prefix does not matter.
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === `"${etag}"`);
}

/**
 * Sends a stored JSON answer: 304 when the client already holds this version, the stored gzip
 * bytes when it takes gzip, else the text. The tag is weak because both codings share it.
 * `private, no-cache` lets the browser keep a signed-in user's copy and revalidate each time.
 */
export function sendStoredJson(request: FastifyRequest, reply: FastifyReply, stored: StoredJson) {
  reply
    .header('cache-control', 'private, no-cache')
    .header('vary', 'Accept-Encoding, Authorization, Cookie')
    .header('etag', `W/"${stored.etag}"`);
  if (matchesEntityTag(request.headers['if-none-match'], stored.etag)) {
    return reply.status(304).send();
  }
  reply.type('application/json; charset=utf-8');
  if (stored.gzip !== null && acceptsGzip(request.headers['accept-encoding'])) {
    return reply.header('content-encoding', 'gzip').send(stored.gzip);
  }
  if (stored.json === null) throw new Error('stored JSON without text for a non-gzip client');
  return reply.send(stored.json);
}

/**
 * Sends an answer composed of texts and stored segments (http/json-segments.ts) the way
 * sendStoredJson sends a stored one: 304 for the client's version, else gzip bytes or text,
 * streamed chunk by chunk as the client reads them (a 10,000-bus document is ~9 MB compressed
 * and ~70 MB of text: neither is ever whole in memory, parsed, or built on the event loop).
 */
export function sendComposedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  etag: string,
  pieces: () => readonly AnswerPiece[],
) {
  reply
    .header('cache-control', 'private, no-cache')
    .header('vary', 'Accept-Encoding, Authorization, Cookie')
    .header('etag', `W/"${etag}"`);
  if (matchesEntityTag(request.headers['if-none-match'], etag)) {
    return reply.status(304).send();
  }
  return sendComposedStream(request, reply, pieces());
}

/** A composed answer streamed as is (gzip when the client takes it), without caching headers. */
export function sendComposedStream(
  request: FastifyRequest,
  reply: FastifyReply,
  pieces: readonly AnswerPiece[],
) {
  const answer = composeAnswer(pieces);
  reply.type('application/json; charset=utf-8');
  if (acceptsGzip(request.headers['accept-encoding'])) {
    return reply
      .header('content-encoding', 'gzip')
      .header('content-length', answer.gzipBytes)
      .send(Readable.from(answer.gzip(), { objectMode: false }));
  }
  return reply
    .header('content-length', answer.textBytes)
    .send(Readable.from(answer.text(), { objectMode: false }));
}

/**
 * A small JSON answer made per request (a page of constraints or cases) with its entity tag:
 * 304 for the client's version, else gzip-compressed here in one call (tens of microseconds for
 * a page) rather than through a compression stream per answer, whose setup cost more than the
 * page under issue #16's load. Larger answers are left to the compression plugin.
 */
export function sendJsonAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  etag: string,
  json: string,
) {
  reply
    .header('cache-control', 'private, no-cache')
    .header('vary', 'Accept-Encoding, Authorization, Cookie')
    .header('etag', `W/"${etag}"`);
  if (matchesEntityTag(request.headers['if-none-match'], etag)) {
    return reply.status(304).send();
  }
  reply.type('application/json; charset=utf-8');
  if (
    json.length >= COMPRESS_FROM_BYTES &&
    json.length <= GZIP_NOW_UP_TO_BYTES &&
    acceptsGzip(request.headers['accept-encoding'])
  ) {
    return reply
      .header('content-encoding', 'gzip')
      .send(zlib.gzipSync(json, { level: 6, windowBits: 14, memLevel: 7 }));
  }
  return reply.send(json);
}
