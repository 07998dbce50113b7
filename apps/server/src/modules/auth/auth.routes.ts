import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { apiError, apiRoutes, AUTH_BASE_PATH } from '@holgura/contracts';
import { REQUEST_ORIGIN_HEADER, requestOrigin } from '../../http/origins';
import { accountKey, type AccountSignInLimit } from './account-limit';
import type { Auth } from './auth';
import { translateAuthError } from './auth-errors';
import { resetTokenEmail, signInAfterReset } from './password-flows';
import { isPasswordAcceptable } from './password-policy';
import { RESET_PASSWORD_PAGE } from './password-reset';

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
const RESET_REQUEST_PATH = `${AUTH_BASE_PATH}/request-password-reset`;
const RESET_PATH = `${AUTH_BASE_PATH}/reset-password`;
const CHANGE_PASSWORD_PATH = `${AUTH_BASE_PATH}/change-password`;
/** better-auth's English error page; the reset link's check used to end there. */
const ERROR_PAGE_PATH = `${AUTH_BASE_PATH}/error`;

const pathOf = (request: FastifyRequest) => request.url.split('?')[0]!;
const isPost = (request: FastifyRequest, path: string) =>
  request.method === 'POST' && pathOf(request) === path;

/** A JSON body as an object, for the fields a route reads or sets (null otherwise). */
function bodyObject(request: FastifyRequest): Record<string, unknown> | null {
  const { body } = request;
  return body !== null && typeof body === 'object' && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : null;
}

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

/**
 * Mounts better-auth under /api/auth and its JWKS at the well-known path too. What it adds to
 * better-auth: the password policy, per-account limits, failures in our Spanish envelope, a
 * password recovery that ends on the app's own page and signs the user in, and a password
 * change that ends the account's other sessions unless asked not to.
 */
export function registerAuthRoutes(
  app: FastifyInstance,
  auth: Auth,
  options: {
    publicUrl: string;
    onSessionsChanged: () => void;
    /**
     * Failed sign-ins per account and minute (the per-address limit is better-auth's); reset
     * requests per account are counted in it too, under their own key.
     */
    accountLimit: AccountSignInLimit;
  },
): void {
  const { publicUrl, onSessionsChanged, accountLimit } = options;

  /** Too many attempts for this account (sign-in failures, or reset requests): 429. */
  const accountLimited = async (request: FastifyRequest): Promise<boolean> => {
    const key = accountKey(request.body);
    if (key === null) return false;
    if (isPost(request, SIGN_IN_PATH)) return !(await accountLimit.allows(key));
    if (isPost(request, RESET_REQUEST_PATH)) {
      // Every request counts: each sends a mail, whether the account exists or not.
      const resetKey = key.replace(/^account:/, 'reset:');
      if (!(await accountLimit.allows(resetKey))) return true;
      await accountLimit.failed(resetKey);
    }
    return false;
  };

  const forward = async (request: FastifyRequest, reply: FastifyReply, pathname?: string) => {
    const chosen = newPassword(request);
    if (chosen !== null && !isPasswordAcceptable(chosen.password, chosen.inputs)) {
      return reply.status(400).send(apiError('AUTH_PASSWORD_WEAK'));
    }
    if (await accountLimited(request)) {
      return reply.status(429).header('retry-after', '60').send(apiError('AUTH_RATE_LIMITED'));
    }
    const body = bodyObject(request);
    if (body !== null && isPost(request, RESET_REQUEST_PATH)) {
      // The link is ours (auth.ts): a client's redirectTo is neither used nor checked.
      delete body.redirectTo;
    }
    if (body !== null && isPost(request, CHANGE_PASSWORD_PATH)) {
      // A new password ends the account's other sessions unless the user asked to keep them.
      body.revokeOtherSessions = body.revokeOtherSessions !== false;
    }
    const resetEmail = isPost(request, RESET_PATH)
      ? await resetTokenEmail(auth, body?.token)
      : null;

    const webRequest = toWebRequest(request, publicUrl, pathname);
    const response = await auth.handler(webRequest);
    const signInAccount = isPost(request, SIGN_IN_PATH) ? accountKey(request.body) : null;
    if (signInAccount !== null && response.status === 401) await accountLimit.failed(signInAccount);
    if (
      request.method === 'POST' &&
      !WRITES_THAT_KEEP_SESSIONS.some((prefix) => request.url.startsWith(prefix))
    ) {
      onSessionsChanged();
    }
    reply.status(response.status);
    response.headers.forEach((value, key) => {
      if (key !== 'set-cookie' && key !== 'content-length') void reply.header(key, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) void reply.header('set-cookie', cookies);
    if (response.status === 429) return reply.send(apiError('AUTH_RATE_LIMITED'));
    const text = await response.text();
    if (response.status >= 400) {
      // better-auth's English `{ code, message }`: ours, in Spanish (auth-errors.ts).
      return reply
        .type('application/json; charset=utf-8')
        .send(translateAuthError(response.status, text));
    }
    if (isPost(request, RESET_REQUEST_PATH)) {
      // Its English sentence goes: the same `{ status: true }` for every address; the app
      // says in Spanish what happens next.
      return reply.type('application/json; charset=utf-8').send({ status: true });
    }
    if (resetEmail !== null && typeof body?.newPassword === 'string') {
      // The password is set: sign in with it (a session, or the TOTP step).
      const signedIn = await signInAfterReset(auth, webRequest.headers, {
        email: resetEmail,
        password: body.newPassword,
      });
      void reply.header('set-cookie', [...cookies, ...(signedIn?.cookies ?? [])]);
      return reply.type('application/json; charset=utf-8').send({
        status: true,
        signedIn: signedIn !== null && !signedIn.twoFactor,
        twoFactorRedirect: signedIn?.twoFactor ?? false,
      });
    }
    return reply.send(text.length > 0 ? text : null);
  };

  app.route({
    method: ['GET', 'POST'],
    url: apiRoutes.auth.pattern,
    handler: (request, reply) => {
      const path = pathOf(request);
      if (request.method === 'GET' && path.startsWith(`${RESET_PATH}/`)) {
        // The mailed link: better-auth checks the token and sends the browser to the app's
        // page (`?token=` or `?error=INVALID_TOKEN`) on the address the link was opened at.
        const page = `${requestOrigin(request)}${RESET_PASSWORD_PAGE}`;
        return forward(request, reply, `${path}?callbackURL=${encodeURIComponent(page)}`);
      }
      if (request.method === 'GET' && path === ERROR_PAGE_PATH) {
        // Never better-auth's English page: the app's, which explains in Spanish.
        const { error } = request.query as { error?: unknown };
        const code =
          typeof error === 'string' && /^[A-Za-z_]{1,64}$/.test(error) ? error : 'UNKNOWN';
        return reply.redirect(`${RESET_PASSWORD_PAGE}?error=${code}`, 302);
      }
      return forward(request, reply);
    },
  });
  app.get('/.well-known/jwks.json', (request, reply) =>
    forward(request, reply, `${AUTH_BASE_PATH}/jwks`),
  );
}
