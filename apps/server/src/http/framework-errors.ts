import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { apiError, type ErrorCode } from '@holgura/contracts';
import { securityHeadersOf } from './security-headers';

/**
 * Fastify's own refusals, made before a request reaches any route or hook: a path parameter
 * longer than `maxParamLength` (100 characters: a 10,000-character id) used to get a raw
 * `414` in English without the security headers; a URL that is not valid percent-encoding, a
 * raw `400`. Both now answer like every other: our envelope in Spanish, with the CSP and the
 * other headers of http/security-headers.ts.
 */
export function frameworkErrors(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const [status, code]: [number, ErrorCode] =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? [414, 'REQUEST_URI_TOO_LONG']
      : error.code === 'FST_ERR_BAD_URL'
        ? [400, 'VALIDATION_FAILED']
        : [500, 'INTERNAL'];
  if (status >= 500) request.log.error({ err: error }, 'request failed before routing');
  for (const [name, value] of securityHeadersOf(request.server)) void reply.header(name, value);
  void reply
    .status(status)
    .type('application/json; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(apiError(code));
}
