import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { apiError } from '@holgura/contracts';
import { REQUEST_ORIGIN_HEADER, requestOrigin } from '../../http/origins';
import { accountKey, type AccountSignInLimit } from './account-limit';
import { AUTH_BASE_PATH, type Auth } from './auth';
import { isPasswordAcceptable } from './password-policy';

/** The Web Request better-auth expects, built from Fastify's (body already parsed as JSON). */
export function toWebRequest(request: FastifyRequest, publicUrl: string, pathname?: string) {
  const headers = fromNodeHeaders(request.headers);
  // The rate limiter keys on this header: always our own view of the peer (TRUST_PROXY
  // decides whether that is a forwarded address), never the client's.
  headers.set('x-forwarded-for', request.ip);
  // The origin check trusts the page's origin when it is the one this request came to.
  headers.set(REQUEST_ORIGIN_HEADER, requestOrigin(request));
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

/** Writes that set a new password, and the body field that carries it. */
const NEW_PASSWORD_FIELD: Record<string, string> = {
  [`${AUTH_BASE_PATH}/sign-up/email`]: 'password',
  [`${AUTH_BASE_PATH}/reset-password`]: 'newPassword',
  [`${AUTH_BASE_PATH}/change-password`]: 'newPassword',
};

const SIGN_IN_PATH = `${AUTH_BASE_PATH}/sign-in/email`;

/** The new password a request sets (and what else it says about its owner), if any. */
function newPassword(request: FastifyRequest): { password: string; inputs: string[] } | null {
  if (request.method !== 'POST') return null;
  const field = NEW_PASSWORD_FIELD[request.url.split('?')[0]!];
  const body = request.body as Record<string, unknown> | null;
  if (field === undefined || body === null || typeof body !== 'object') return null;
  const password = body[field];
  if (typeof password !== 'string') return null;
  const inputs = ['email', 'firstName', 'lastName', 'name', 'company']
    .map((key) => body[key])
    .filter((value): value is string => typeof value === 'string');
  return { password, inputs };
}

/** Mounts better-auth under /api/auth and its JWKS at the well-known path too. */
export function registerAuthRoutes(
  app: FastifyInstance,
  auth: Auth,
  options: {
    publicUrl: string;
    onSessionsChanged: () => void;
    /** Failed sign-ins per account and minute (the per-address limit is better-auth's). */
    accountLimit: AccountSignInLimit;
  },
): void {
  const { publicUrl, onSessionsChanged, accountLimit } = options;
  const forward = async (request: FastifyRequest, reply: FastifyReply, pathname?: string) => {
    const chosen = newPassword(request);
    if (chosen !== null && !isPasswordAcceptable(chosen.password, chosen.inputs)) {
      return reply.status(400).send(apiError('AUTH_PASSWORD_WEAK'));
    }
    const account =
      request.method === 'POST' && request.url.split('?')[0] === SIGN_IN_PATH
        ? accountKey(request.body)
        : null;
    if (account !== null && !(await accountLimit.allows(account))) {
      return reply.status(429).header('retry-after', '60').send(apiError('AUTH_RATE_LIMITED'));
    }
    const response = await auth.handler(toWebRequest(request, publicUrl, pathname));
    if (account !== null && response.status === 401) await accountLimit.failed(account);
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
    // better-auth's English 'Invalid origin': say in Spanish why, where the dialog shows it.
    if (response.status === 403 && /"code"\s*:\s*"INVALID_ORIGIN"/.test(text)) {
      return reply.type('application/json').send(apiError('AUTH_ORIGIN_REFUSED'));
    }
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
