import type { FastifyError, FastifyInstance } from 'fastify';
import { apiError, type ErrorCode } from '@holgura/contracts';

/** The one place where failures become `{ error: { code, message } }` with a Spanish message. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    const code: ErrorCode =
      status === 413
        ? 'REQUEST_TOO_LARGE'
        : status === 415
          ? 'UNSUPPORTED_MEDIA_TYPE'
          : status === 404
            ? 'NOT_FOUND'
            : status >= 400 && status < 500
              ? 'VALIDATION_FAILED'
              : 'INTERNAL';
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    void reply.status(status).send(apiError(code));
  });
}
