import type { FastifyError, FastifyInstance } from 'fastify';
import { apiError, MAX_UPLOAD_BYTES, UPLOAD_CONTENT_TYPES } from '@holgura/contracts';
import type { Db } from '../../db/database';
import type { AuthGuard } from '../../http/auth-guard';
import type { AnalysisQueue } from '../../jobs/thread-queue';
import type { UploadStorage } from './upload-storage';
import { acceptUpload, cleanFileName } from './uploads.service';

export const UPLOAD_PATH = '/api/casesCalculate/calculate';

/**
 * The SAX-compatible upload (spec §7): the raw file as the body, the signed-in user's own token.
 * Raw bodies are accepted only here, in an encapsulated plugin.
 */
export async function registerUploadRoutes(
  app: FastifyInstance,
  deps: { db: Db; guard: AuthGuard; storage: UploadStorage; queue: AnalysisQueue },
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      [...UPLOAD_CONTENT_TYPES],
      { parseAs: 'buffer' },
      (_req, body, done) => done(null, body),
    );
    // Sizes and types are about the file here, in the words of the upload card (spec §5).
    scope.setErrorHandler((error: FastifyError, _request, reply) => {
      if (error.statusCode === 413) return reply.status(413).send(apiError('INPUT_TOO_LARGE'));
      if (error.statusCode === 415) return reply.status(415).send(apiError('UPLOAD_CONTENT_TYPE'));
      throw error;
    });
    scope.addContentTypeParser('*', (_req, _payload, done) => {
      const error = Object.assign(new Error('unsupported content type'), { statusCode: 415 });
      done(error, undefined);
    });

    const options = { preHandler: deps.guard.requireUser, bodyLimit: MAX_UPLOAD_BYTES };
    scope.post(UPLOAD_PATH, options, async (request, reply) => {
      const bytes = request.body;
      if (!(bytes instanceof Buffer) || bytes.byteLength === 0) {
        return reply.status(400).send(apiError('UPLOAD_EMPTY'));
      }
      const header = request.headers['x-file-name'];
      const result = await acceptUpload(deps, {
        owner: request.principal!.userId,
        fileName: cleanFileName(Array.isArray(header) ? header[0] : header),
        contentType: (request.headers['content-type'] ?? '').split(';')[0]!.trim(),
        bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      });
      // The job is committed; if this send is lost, the queue's sweep sends it again.
      await deps.queue.enqueue(result.jobId).catch((error: unknown) => {
        request.log.warn({ err: error, jobId: result.jobId }, 'enqueue failed; sweep will retry');
      });
      return reply.status(202).send(result);
    });
  });
}
