import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { apiError, type ErrorCode } from '@holgura/contracts';
import { isDatabaseUnavailable } from './database-unavailable';

/** Seconds a client is told to wait before retrying while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 10;

/** 503 with the Spanish outage message: the request was fine, the database is not reachable. */
export function sendDatabaseUnavailable(reply: FastifyReply): FastifyReply {
  return reply
    .status(503)
    .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
    .send(apiError('DATABASE_UNAVAILABLE'));
}

/** The one place where failures become `{ error: { code, message } }` with a Spanish message. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return sendDatabaseUnavailable(reply);
    }
    const status = error.statusCode ?? 500;
    const code: ErrorCode =
      error.code === 'JSON_TOO_DEEP'
        ? 'REQUEST_TOO_DEEP'
        : status === 413
          ? 'REQUEST_TOO_LARGE'
          : status === 415
            ? 'UNSUPPORTED_MEDIA_TYPE'
            : status === 404
              ? 'NOT_FOUND'
              : status >= 400 && status < 500
                ? 'VALIDATION_FAILED'
                : 'INTERNAL';
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.status(status).send(apiError(code));
  });
}
