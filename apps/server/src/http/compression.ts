import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * API answers compressed on the way out (issue #20): JSON over 1 KB in brotli (quality 4, the
 * plugin's default: a few ms for hundreds of KB) or gzip, whichever the client prefers. Answers
 * that are already compressed keep theirs (stored results, http/stored-json.ts; the built app's
 * assets, served precompressed by http/web-app.ts), and event streams are never buffered.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'], threshold: 1024 });
}
