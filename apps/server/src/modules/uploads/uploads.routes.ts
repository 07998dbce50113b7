import multipart from '@fastify/multipart';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  apiError,
  apiRoutes,
  createStudyResponseSchema,
  hasCaseFileExtension,
  MAX_UPLOAD_BYTES,
  UPLOAD_CONTENT_TYPES,
  uploadQuerySchema,
  uploadResponseSchema,
} from '@holgura/contracts';
import type { Db } from '../../db/database';
import { defineRoute } from '../../http/api-route';
import type { AuthGuard } from '../../http/auth-guard';
import type { AnalysisQueue } from '../../jobs/thread-queue';
import { readStudyForm } from '../studies/study-form';
import { sendStudyErrors } from '../studies/study-errors';
import type { StudiesService } from '../studies/studies.service';
import type { ManagedUploadStorage } from './upload-storage';
import { acceptUpload, cleanFileName } from './uploads.service';
import { sendUserLimitError, UserLimitError, type UserLimitsGuard } from './user-limits';

/**
 * The SAX-compatible upload (docs/product.md §7): the raw file as the body, the signed-in user's own token.
 * Raw bodies are accepted only here, in an encapsulated plugin. Given a study instead (the form
 * of `POST /api/studies`), it creates the study, whose busbar cases carry `family_id` as the
 * original calculation API's did.
 */
export async function registerUploadRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    guard: AuthGuard;
    storage: ManagedUploadStorage;
    queue: AnalysisQueue;
    studies: StudiesService;
    limits: UserLimitsGuard;
  },
): Promise<void> {
  /**
   * Before the body arrives: its declared type and file name, then the user's limits. A type
   * the parsers would refuse is refused here too, with the same answer, so nothing is read.
   */
  const beforeUpload = async (request: FastifyRequest, reply: FastifyReply) => {
    const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'multipart/form-data') {
      if (!(UPLOAD_CONTENT_TYPES as readonly string[]).includes(type)) {
        return reply.status(415).send(apiError('UPLOAD_CONTENT_TYPE'));
      }
      const header = request.headers['x-file-name'];
      const named = Array.isArray(header) ? header[0] : header;
      if (named !== undefined && !hasCaseFileExtension(cleanFileName(named))) {
        return reply.status(415).send(apiError('UPLOAD_EXTENSION'));
      }
    }
    return deps.limits.beforeUpload(request, reply);
  };

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    await scope.register(multipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 2, fields: 4, parts: 6 },
    });
    scope.addContentTypeParser(
      [...UPLOAD_CONTENT_TYPES],
      { parseAs: 'buffer' },
      (_req, body, done) => done(null, body),
    );
    // Sizes and types are about the file here, in the words of the upload card (docs/product.md §5).
    scope.setErrorHandler((error: FastifyError, _request, reply) => {
      if (error.statusCode === 413) return reply.status(413).send(apiError('INPUT_TOO_LARGE'));
      if (error.statusCode === 415) return reply.status(415).send(apiError('UPLOAD_CONTENT_TYPE'));
      throw error;
    });
    scope.addContentTypeParser('*', (_req, _payload, done) => {
      const error = Object.assign(new Error('unsupported content type'), { statusCode: 415 });
      done(error, undefined);
    });

    defineRoute(scope, {
      method: 'POST',
      url: apiRoutes.upload.pattern,
      tag: 'Análisis',
      summary: 'Sube un caso (MATPOWER o PSS/E RAW, opcionalmente comprimido con xz) y lo analiza',
      description:
        'El archivo va como cuerpo, hasta 10 MB; su nombre, en la cabecera opcional ' +
        '`X-File-Name`. La respuesta trae el caso creado y el análisis en curso: su progreso está ' +
        'en `/api/jobs/{jobId}`. `?group=` elige el grupo de estudio de la flexibilidad ' +
        '(`area:3`, `fuel:wind`, …); sin él, la regla por defecto.',
      auth: deps.guard.requireUser,
      preHandler: beforeUpload,
      querystring: uploadQuerySchema,
      rawBody: {
        mediaTypes: [...UPLOAD_CONTENT_TYPES, 'multipart/form-data'],
        description:
          'El caso: texto (.m, .raw, .txt) o comprimido con xz (.bin). O un estudio: el ' +
          'formulario de `POST /api/studies` (partes `case` o `caseId`, y `study`).',
      },
      bodyLimit: MAX_UPLOAD_BYTES,
      responses: { 202: z.union([uploadResponseSchema, createStudyResponseSchema]) },
      errors: {
        400: ['UPLOAD_EMPTY'],
        413: ['INPUT_TOO_LARGE', 'STORAGE_QUOTA_EXCEEDED'],
        415: ['UPLOAD_CONTENT_TYPE', 'UPLOAD_EXTENSION'],
        429: ['UPLOAD_RATE_LIMITED', 'JOBS_LIMIT_REACHED'],
      },
      handler: async (request, reply) => {
        if (request.isMultipart()) {
          return sendStudyErrors(reply, async () =>
            reply
              .status(202)
              .send(
                await deps.studies.create(request.principal!.userId, await readStudyForm(request)),
              ),
          );
        }
        const bytes = request.body;
        if (!(bytes instanceof Buffer) || bytes.byteLength === 0) {
          return reply.status(400).send(apiError('UPLOAD_EMPTY'));
        }
        const header = request.headers['x-file-name'];
        let result;
        try {
          result = await acceptUpload(deps, {
            owner: request.principal!.userId,
            fileName: cleanFileName(Array.isArray(header) ? header[0] : header),
            contentType: (request.headers['content-type'] ?? '').split(';')[0]!.trim(),
            bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
            group: request.query.group ?? null,
          });
        } catch (error) {
          if (error instanceof UserLimitError) return sendUserLimitError(reply, error);
          throw error;
        }
        // The job is committed; if this send is lost, the queue's sweep sends it again.
        await deps.queue.enqueue(result.jobId).catch((error: unknown) => {
          request.log.warn({ err: error, jobId: result.jobId }, 'enqueue failed; sweep will retry');
        });
        return reply.status(202).send(result);
      },
    });
  });
}
