import type { FastifyRequest } from 'fastify';

/**
 * The header better-auth reads the request's own origin from (modules/auth/auth.routes.ts sets
 * it from Fastify's view; a client's copy is overwritten).
 */
export const REQUEST_ORIGIN_HEADER = 'x-holgura-request-origin';

/**
 * The origin the browser used to reach this server: the scheme and the Host it sent (with
 * TRUST_PROXY, those the proxy forwarded). A page served from there is Holgura's own, whatever
 * name the user typed: `localhost`, `127.0.0.1`, the machine's network name (issue #16).
 */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** Origins whose pages may sign in and write with a cookie. */
export function trustedOrigins(
  request: FastifyRequest,
  publicUrl: string,
  allowed: readonly string[],
): string[] {
  return [requestOrigin(request), new URL(publicUrl).origin, ...allowed];
}
