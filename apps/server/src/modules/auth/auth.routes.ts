import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { apiError } from '@holgura/contracts';
import { AUTH_BASE_PATH, type Auth } from './auth';

/** The Web Request better-auth expects, built from Fastify's (body already parsed as JSON). */
export function toWebRequest(request: FastifyRequest, publicUrl: string, pathname?: string) {
  const headers = fromNodeHeaders(request.headers);
  // The rate limiter keys on this header: always our own view of the peer, never the client's.
  headers.set('x-forwarded-for', request.ip);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body != null;
  return new Request(new URL(pathname ?? request.url, publicUrl), {
    method: request.method,
    headers,
    ...(hasBody ? { body: JSON.stringify(request.body) } : {}),
  });
}

/**
 * better-auth writes that cannot end or weaken a session. Every other write (sign-out, session
 * revocation, password change or reset, second-factor changes, account deletion) may, so it
 * makes the API forget the sessions it had confirmed.
 */
const WRITES_THAT_KEEP_SESSIONS = [
  `${AUTH_BASE_PATH}/sign-in/`,
  `${AUTH_BASE_PATH}/sign-up/`,
  `${AUTH_BASE_PATH}/two-factor/verify-`,
  `${AUTH_BASE_PATH}/request-password-reset`,
];

/** Mounts better-auth under /api/auth and its JWKS at the well-known path too. */
export function registerAuthRoutes(
  app: FastifyInstance,
  auth: Auth,
  options: { publicUrl: string; onSessionsChanged: () => void },
): void {
  const { publicUrl, onSessionsChanged } = options;
  const forward = async (request: FastifyRequest, reply: FastifyReply, pathname?: string) => {
    const response = await auth.handler(toWebRequest(request, publicUrl, pathname));
    if (
      request.method === 'POST' &&
      !WRITES_THAT_KEEP_SESSIONS.some((prefix) => request.url.startsWith(prefix))
    ) {
      onSessionsChanged();
    }
    reply.status(response.status);
    response.headers.forEach((value, key) => {
      if (key !== 'set-cookie') void reply.header(key, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) void reply.header('set-cookie', cookies);
    if (response.status === 429) {
      return reply.send(apiError('AUTH_RATE_LIMITED'));
    }
    const text = await response.text();
    return reply.send(text.length > 0 ? text : null);
  };

  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_BASE_PATH}/*`,
    handler: (request, reply) => forward(request, reply),
  });
  app.get('/.well-known/jwks.json', (request, reply) =>
    forward(request, reply, `${AUTH_BASE_PATH}/jwks`),
  );
}
