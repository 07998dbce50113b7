import type { FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { createLocalJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { apiError } from '@holgura/contracts';
import { ownOrigin, trustedOrigins } from './origins';
import { createSessionCache } from './session-cache';

export type AccountKind = 'holgura' | 'sax';

/**
 * What the guard needs of the product's accounts (modules/auth's better-auth instance, handed in
 * by app.ts): http/ knows no module.
 */
export interface GuardAuth {
  api: {
    /** The key set our access tokens are signed with. */
    getJwks(): Promise<Parameters<typeof createLocalJWKSet>[0]>;
    getSession(input: { headers: Headers }): Promise<{
      user: { id: string; email: string };
      session: { expiresAt: Date | string | number };
    } | null>;
  };
}

/** Creates the profile of a SAX user the first time a token of theirs is seen (modules/profiles). */
export interface GuardProfiles {
  createIfMissing(profile: {
    userId: string;
    firstName: string;
    lastName: string;
    email: string;
    company: string;
  }): Promise<void>;
}

/** Who is calling: the owner id every repository query is scoped to. */
export interface Principal {
  userId: string;
  accountKind: AccountKind;
  email: string;
}

/** Verifies a SAX id token; provided when SAX sign-in is configured (local or external). */
export interface SaxVerifier {
  /**
   * `origin`: the address the request reached (ownOrigin), `null` when its Host makes none;
   * without PUBLIC_URL the local provider's issuer is that address's.
   */
  verify(
    idToken: string,
    origin: string | null,
  ): Promise<{
    subject: string;
    email: string;
    givenName: string;
    familyName: string;
    /** ms since the epoch */
    expiresAt: number;
  }>;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

class Unauthorized extends Error {
  constructor(readonly code: 'AUTH_REQUIRED' | 'AUTH_TOKEN_INVALID') {
    super(code);
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * How long a confirmed session is trusted without asking the database again: also the longest a
 * session revoked through another API process keeps working here (see session-cache.ts).
 */
export const SESSION_CACHE_TTL_MS = 10_000;
const SESSION_CACHE_MAX_ENTRIES = 10_000;

class CrossSiteWrite extends Error {}

/** SAX users are keyed by the provider's subject, in a namespace product accounts cannot reach. */
export const saxUserId = (subject: string) => `sax:${subject}`;

/**
 * The one place that turns a request into a Principal. Accepted, in order: a bearer access token
 * issued by /api/auth/token (JWT, checked against our JWKS), a bearer SAX id token (checked
 * against the provider's JWKS; the first call creates the profile), a bearer session token, or
 * the session cookie.
 */
export function createAuthGuard(deps: {
  auth: GuardAuth;
  /** The longest lifetime of an access token as we issue them (modules/auth). */
  accessTokenLifetime: string;
  publicUrl: string;
  profiles: GuardProfiles;
  sax: SaxVerifier | null;
  /** Whether a product session still exists (access tokens name theirs in `sid`). */
  sessionExists: (sessionId: string) => Promise<boolean>;
  /** Origins besides the request's own and PUBLIC_URL's that may write with a cookie. */
  allowedOrigins?: readonly string[];
}) {
  const { auth, accessTokenLifetime, publicUrl, profiles, sax, sessionExists } = deps;
  let jwks: JWTVerifyGetKey | null = null;

  async function localJwks(refresh: boolean): Promise<JWTVerifyGetKey> {
    if (jwks === null || refresh) jwks = createLocalJWKSet(await auth.api.getJwks());
    return jwks;
  }

  // A verified token is remembered as a confirmed session is (session-cache.ts): for a few
  // seconds, forgotten here at once when an account changes its sessions through this process.
  const verifiedTokens = createSessionCache<Principal>({
    ttlMs: SESSION_CACHE_TTL_MS,
    maxEntries: SESSION_CACHE_MAX_ENTRIES,
  });

  async function fromAccessToken(token: string): Promise<Principal | null> {
    const cached = verifiedTokens.get(token);
    if (cached !== undefined) return cached;
    for (const refresh of [false, true]) {
      try {
        const { payload } = await jwtVerify(token, await localJwks(refresh), {
          issuer: publicUrl,
          audience: publicUrl,
          // A token that never expires, or outlives the lifetime we issue, is not ours to take.
          requiredClaims: ['exp', 'iat', 'sub', 'sid'],
          maxTokenAge: accessTokenLifetime,
        });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
        // Signed out, or the password reset: the session is gone and so is its token.
        if (!(await sessionExists(payload.sid))) return null;
        const principal: Principal = {
          userId: payload.sub,
          accountKind: 'holgura',
          email: typeof payload.email === 'string' ? payload.email : '',
        };
        if (typeof payload.exp === 'number')
          verifiedTokens.set(token, principal, payload.exp * 1000);
        return principal;
      } catch (error) {
        // A key rotated since we cached the set: fetch it once more.
        if ((error as { code?: string }).code !== 'ERR_JWKS_NO_MATCHING_KEY') return null;
      }
    }
    return null;
  }

  /**
   * A SAX token is checked against the issuer of the address it came to: remembered for that
   * address only (a JWT has no spaces, so these keys never meet an access token's).
   */
  const saxCacheKey = (token: string, origin: string | null) => `sax ${origin ?? ''} ${token}`;

  function fromCachedSaxToken(token: string, origin: string | null): Principal | null {
    if (sax === null) return null;
    return verifiedTokens.get(saxCacheKey(token, origin)) ?? null;
  }

  /** Checks a SAX token (fromCachedSaxToken came first) and creates its user's profile. */
  async function fromSaxToken(token: string, origin: string | null): Promise<Principal | null> {
    if (sax === null) return null;
    try {
      const claims = await sax.verify(token, origin);
      const userId = saxUserId(claims.subject);
      await profiles.createIfMissing({
        userId,
        firstName: claims.givenName,
        lastName: claims.familyName,
        email: claims.email,
        company: '',
      });
      const principal: Principal = { userId, accountKind: 'sax', email: claims.email };
      // The profile exists now: the next calls with this token skip the check and the write.
      verifiedTokens.set(saxCacheKey(token, origin), principal, claims.expiresAt);
      return principal;
    } catch {
      return null;
    }
  }

  const sessions = createSessionCache<Principal>({
    ttlMs: SESSION_CACHE_TTL_MS,
    maxEntries: SESSION_CACHE_MAX_ENTRIES,
  });

  async function fromSession(request: FastifyRequest): Promise<Principal | null> {
    const { authorization, cookie } = request.headers;
    if (authorization === undefined && cookie === undefined) return null;
    const key = `${authorization ?? ''}\n${cookie ?? ''}`;
    const cached = sessions.get(key);
    if (cached !== undefined) return cached;
    const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (session === null) return null;
    const principal: Principal = {
      userId: session.user.id,
      accountKind: 'holgura',
      email: session.user.email,
    };
    sessions.set(key, principal, new Date(session.session.expiresAt).getTime());
    return principal;
  }

  const allowedOrigins = deps.allowedOrigins ?? [];

  /**
   * Cookies ride along with requests other sites make; a bearer token does not. A write that
   * authenticates by cookie must come from our own pages (served from the very origin the
   * request came to, PUBLIC_URL, or ALLOWED_ORIGINS): browsers always send Origin on
   * cross-origin writes, so a foreign Origin is refused (SameSite=Lax cookies are the first line).
   */
  function isCrossSiteWrite(request: FastifyRequest): boolean {
    if (SAFE_METHODS.has(request.method)) return false;
    const origin = request.headers.origin;
    return (
      origin !== undefined && !trustedOrigins(request, publicUrl, allowedOrigins).includes(origin)
    );
  }

  async function identify(request: FastifyRequest): Promise<Principal | null> {
    const header = request.headers.authorization;
    if (header !== undefined) {
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      const token = match?.[1];
      if (token === undefined) throw new Unauthorized('AUTH_TOKEN_INVALID');
      const origin = ownOrigin(request);
      const principal =
        fromCachedSaxToken(token, origin) ??
        (await fromAccessToken(token)) ??
        (await fromSaxToken(token, origin)) ??
        (await fromSession(request));
      if (principal === null) throw new Unauthorized('AUTH_TOKEN_INVALID');
      return principal;
    }
    const principal = await fromSession(request);
    if (principal !== null && isCrossSiteWrite(request)) throw new CrossSiteWrite();
    return principal;
  }

  /** Hook for routes that need someone signed in; runs before the body is read (api-route.ts). */
  async function requireUser(request: FastifyRequest, reply: FastifyReply) {
    try {
      request.principal = await identify(request);
    } catch (error) {
      if (error instanceof Unauthorized) {
        return reply.status(401).send(apiError(error.code));
      }
      if (error instanceof CrossSiteWrite) {
        return reply.status(403).send(apiError('CROSS_SITE_REQUEST'));
      }
      throw error;
    }
    if (request.principal === null) {
      return reply.status(401).send(apiError('AUTH_REQUIRED'));
    }
  }

  return {
    identify,
    requireUser,
    /** Called when an account changes its sessions here (sign-out, password, second factor). */
    forgetSessions: () => {
      sessions.clear();
      verifiedTokens.clear();
    },
  };
}

export type AuthGuard = ReturnType<typeof createAuthGuard>;
