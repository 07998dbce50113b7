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

/**
 * An origin built from a scheme and a Host, normalized as browsers write origins (lower-case
 * host, no default port); `null` unless it is a plain http(s) origin — a Host carrying a path,
 * a query or credentials, or a forwarded scheme other than http and https, is not one.
 */
export function originOf(protocol: string, host: string): string | null {
  if (protocol !== 'http' && protocol !== 'https') return null;
  let url: URL;
  try {
    url = new URL(`${protocol}://${host}`);
  } catch {
    return null;
  }
  const plain =
    url.username === '' &&
    url.password === '' &&
    url.pathname === '/' &&
    url.search === '' &&
    url.hash === '' &&
    !/[/?#@\\]/.test(host);
  return plain ? url.origin : null;
}

/** requestOrigin, checked and normalized by originOf: `null` when the Host makes no origin. */
export function ownOrigin(request: FastifyRequest): string | null {
  return originOf(request.protocol, request.host);
}
