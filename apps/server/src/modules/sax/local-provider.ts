import { createHash, generateKeyPair, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { calculateJwkThumbprint, type JWK } from 'jose';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { ownOrigin } from '../../http/origins';
import { registerInteractionRoutes } from './interaction.routes';
import { createMemoryAdapterStore } from './memory-adapter';
import { mountProvider } from './mount';
import { SAX_PAGE_CSP, errorPage, loggedOutPage, logoutPage, saxText } from './sax-pages';

/** Where the local provider lives inside Holgura's server; an issuer is `${origin}/sax`. */
export const LOCAL_SAX_PATH = '/sax';
/** What the web app asks for (docs/product.md §6); `User.Read` is the operator tenant's Graph scope. */
export const SAX_SCOPES = ['openid', 'profile', 'User.Read'] as const;
export const DEFAULT_LOCAL_SAX_CLIENT_ID = 'holgura-web';
/**
 * The seeded test user the README lists, but for the password: every install has its own
 * (SAX_TEST_PASSWORD, or a random one made at first start, sax-setup.ts), so nobody who can
 * reach a server signs in with a password printed in the documentation.
 */
export const LOCAL_SAX_TEST_USER: Omit<LocalSaxUser, 'password'> = {
  username: 'prueba',
  email: 'prueba@sax.holgura.test',
  givenName: 'Ana',
  familyName: 'Prueba',
};

export interface LocalSaxUser {
  username: string;
  password: string;
  email: string;
  givenName: string;
  familyName: string;
}

export interface LocalSaxProviderOptions {
  /**
   * Where users reach Holgura, without a path (e.g. `https://holgura.operador.co`): one issuer,
   * `${publicUrl}/sax`, whatever address a request came to. `null` (PUBLIC_URL unset): each
   * address a request reached has its own issuer, `${origin}/sax` (http/origins.ts ownOrigin),
   * made on first use, so sign-in works at localhost, 127.0.0.1 or the machine's address alike.
   */
  publicUrl: string | null;
  clientId: string;
  seedUser: LocalSaxUser;
  /** Signs the provider's cookies; newest first, older keys still verify (rotation). */
  cookieKeys: string[];
  /** Private signing keys to keep tokens valid across restarts; absent = a fresh RS256 pair. */
  jwks?: { keys: JWK[] };
  /**
   * With `publicUrl`: trust X-Forwarded-Proto/Host (Koa `proxy`). Default: when `publicUrl` is
   * https, because Holgura itself never terminates TLS, so an https URL means a proxy does.
   * Without it the provider sees the scheme and host Fastify derived (TRUST_PROXY decides).
   */
  trustProxy?: boolean;
  /**
   * Without `publicUrl`: how many addresses hold a provider at once; past it the least recently
   * used one is dropped (and made again if asked for), so a stream of forged Host headers cannot
   * grow the server's memory. Sign-ins in progress survive: the providers share one store.
   */
  maxOrigins?: number;
}

/** The OpenID provider of one address: its issuer and the client's URIs there. */
export interface LocalSaxIssuer {
  readonly issuer: string;
  readonly redirectUris: readonly string[];
  readonly postLogoutRedirectUris: readonly string[];
  readonly provider: Provider;
}

export interface LocalSaxProvider {
  readonly clientId: string;
  /** Public halves of the signing keys: lets the API verify tokens without an HTTP round trip. */
  readonly publicJwks: { keys: JWK[] };
  /** The issuer PUBLIC_URL names; `null` when each address has its own (issuerFor). */
  readonly issuer: string | null;
  /** The issuer a request that reached `origin` (a normalized origin, ownOrigin) signs in with. */
  issuerFor(origin: string): string;
  /**
   * The provider for `origin` (made on first use without PUBLIC_URL; always PUBLIC_URL's with
   * it). Without PUBLIC_URL at most `maxOrigins` are kept, the least recently used dropped.
   */
  providerFor(origin: string): LocalSaxIssuer;
  /** The addresses holding a provider now, least recently used first. */
  origins(): string[];
  /** Mounts the provider and its sign-in pages under `/sax`. Call before `listen`/`ready`. */
  register(app: FastifyInstance): Promise<void>;
}

/** Addresses a server is commonly reached at: localhost, 127.0.0.1, [::1], a LAN address or two. */
export const DEFAULT_MAX_SAX_ORIGINS = 8;

const PRIVATE_JWK_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'k', 'oth'] as const;
const HOUR = 60 * 60;

export async function generateSigningJwks(): Promise<{ keys: JWK[] }> {
  const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' }) as JWK;
  const kid = await calculateJwkThumbprint(jwk);
  return { keys: [{ ...jwk, kid, alg: 'RS256', use: 'sig' }] };
}

function publicHalf(jwks: { keys: JWK[] }): { keys: JWK[] } {
  return {
    keys: jwks.keys.map((key) => {
      const copy: Record<string, unknown> = { ...key };
      for (const member of PRIVATE_JWK_MEMBERS) delete copy[member];
      return copy as JWK;
    }),
  };
}

/**
 * A stable, opaque subject: real tenants hand out opaque ids, and deriving ours from the
 * username keeps a profile linked to the same SAX user across restarts.
 */
export function localSaxSubject(username: string): string {
  return createHash('sha256')
    .update(`holgura-local-sax:${username}`)
    .digest('base64url')
    .slice(0, 32);
}

function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

const SUPPORTED_SCOPES = new Set<string>([...SAX_SCOPES, 'email']);

/**
 * The only client is Holgura's own web app, so there is no consent screen: its grant covers
 * whatever supported scopes the request names (`loadExistingGrant`, called after login).
 */
async function loadFirstPartyGrant(ctx: KoaContextWithOIDC, clientId: string) {
  const { client, session } = ctx.oidc;
  const accountId = session?.accountId;
  if (client?.clientId !== clientId || session === undefined || accountId === undefined) {
    return undefined;
  }
  const { Grant } = ctx.oidc.provider;
  const grantId = session.grantIdFor(client.clientId);
  const existing = grantId === undefined ? undefined : await Grant.find(grantId);
  const grant =
    existing?.accountId === accountId
      ? existing
      : new Grant({ clientId: client.clientId, accountId });
  grant.addOIDCScope(
    [...ctx.oidc.requestParamScopes].filter((scope) => SUPPORTED_SCOPES.has(scope)),
  );
  await grant.save();
  return grant;
}

/** Checks a publicUrl for the local provider: an origin, no path. */
function originOfPublicUrl(publicUrl: string): string {
  const parsedUrl = new URL(publicUrl);
  // The provider is mounted at /sax of the server itself; a public path prefix would need a
  // proxy rewrite the issuer knows nothing about.
  if (parsedUrl.pathname !== '/') {
    throw new Error(`El proveedor SAX local necesita una URL pública sin ruta: ${publicUrl}`);
  }
  return parsedUrl.origin;
}

export async function createLocalSaxProvider(
  options: LocalSaxProviderOptions,
): Promise<LocalSaxProvider> {
  if (options.cookieKeys.length === 0 || options.cookieKeys.some((key) => key.length < 16)) {
    throw new Error('El proveedor SAX local necesita claves de cookies de al menos 16 caracteres');
  }
  const fixedOrigin = options.publicUrl === null ? null : originOfPublicUrl(options.publicUrl);
  const maxOrigins = options.maxOrigins ?? DEFAULT_MAX_SAX_ORIGINS;
  if (!Number.isInteger(maxOrigins) || maxOrigins < 1) {
    throw new Error(`maxOrigins debe ser un entero positivo: ${maxOrigins}`);
  }
  const { clientId, seedUser } = options;
  const jwks = options.jwks ?? (await generateSigningJwks());
  const subject = localSaxSubject(seedUser.username);
  const fullName = `${seedUser.givenName} ${seedUser.familyName}`.trim();
  // One store for every address's provider, a namespace per issuer: one dropped from the bound
  // and made again finds the sessions, interactions and codes it had; another address's, never.
  const store = createMemoryAdapterStore();
  let log: FastifyBaseLogger | undefined;

  const issuerFor = (origin: string) => `${fixedOrigin ?? origin}${LOCAL_SAX_PATH}`;

  const makeIssuer = (origin: string): LocalSaxIssuer => {
    const issuer = `${origin}${LOCAL_SAX_PATH}`;
    const redirectUris = [`${origin}/`, `${origin}/sax-popup-callback.html`];
    const postLogoutRedirectUris = [`${origin}/`];
    const configuration: Configuration = {
      adapter: store(issuer),
      clients: [
        {
          client_id: clientId,
          client_name: 'Holgura',
          application_type: 'web',
          // A browser app holds no secret: public client, PKCE instead.
          token_endpoint_auth_method: 'none',
          grant_types: ['authorization_code'],
          response_types: ['code'],
          redirect_uris: redirectUris,
          post_logout_redirect_uris: postLogoutRedirectUris,
        },
      ],
      scopes: [...SUPPORTED_SCOPES],
      // The web app asks only for `openid profile User.Read`, yet the profile needs the email.
      claims: {
        openid: ['sub'],
        profile: [
          'name',
          'given_name',
          'family_name',
          'preferred_username',
          'email',
          'email_verified',
        ],
        email: ['email', 'email_verified'],
      },
      // By default oidc-provider serves scope claims only from userinfo when an access token is
      // issued; the API sees only the id token, so they must be in it.
      conformIdTokenClaims: false,
      async findAccount(_ctx, sub) {
        if (sub !== subject) return undefined;
        return {
          accountId: subject,
          claims: () => ({
            sub: subject,
            email: seedUser.email,
            email_verified: true,
            name: fullName,
            given_name: seedUser.givenName,
            family_name: seedUser.familyName,
            preferred_username: seedUser.username,
          }),
        };
      },
      jwks: jwks as Configuration['jwks'],
      cookies: {
        keys: options.cookieKeys,
        // Prefixed so they never collide with Holgura's own cookies on the same origin.
        names: { session: 'sax_session', interaction: 'sax_interaction', resume: 'sax_resume' },
      },
      pkce: { required: () => true },
      features: {
        devInteractions: { enabled: false },
        rpInitiatedLogout: {
          enabled: true,
          logoutSource(ctx, form) {
            ctx.set('Content-Security-Policy', SAX_PAGE_CSP);
            ctx.type = 'html';
            ctx.body = logoutPage(form);
          },
          postLogoutSuccessSource(ctx) {
            ctx.set('Content-Security-Policy', SAX_PAGE_CSP);
            ctx.type = 'html';
            ctx.body = loggedOutPage();
          },
        },
      },
      interactions: {
        url: (_ctx, interaction) => `${LOCAL_SAX_PATH}/interaction/${interaction.uid}`,
      },
      loadExistingGrant: (ctx) => loadFirstPartyGrant(ctx, clientId),
      // Same rule as the library default (a public client may call from its redirect origins),
      // stated here so the choice is ours rather than a default that warns.
      clientBasedCORS(_ctx, corsOrigin, client) {
        return client.redirectUris?.some((uri) => new URL(uri).origin === corsOrigin) ?? false;
      },
      renderError(ctx, out) {
        ctx.set('Content-Security-Policy', SAX_PAGE_CSP);
        ctx.type = 'html';
        ctx.body = errorPage(`${saxText.invalidRequest} (${String(out.error)})`);
      },
      ttl: {
        AccessToken: HOUR,
        AuthorizationCode: 60,
        IdToken: HOUR,
        Interaction: 10 * 60,
        Session: 8 * HOUR,
        Grant: 8 * HOUR,
        RefreshToken: 8 * HOUR,
      },
    };

    const provider = new Provider(issuer, configuration);
    // Without PUBLIC_URL the mount hands the provider the scheme and host Fastify derived, as
    // forwarded headers (mount.ts): Koa must read them.
    provider.proxy =
      fixedOrigin === null ? true : (options.trustProxy ?? fixedOrigin.startsWith('https:'));
    // oidc-provider reports refusals only as events; surface them in Holgura's log.
    const refused = (event: string) => (_ctx: unknown, err: Error) => {
      log?.warn({ err, event, issuer }, 'local SAX provider refused a request');
    };
    provider.on('authorization.error', refused('authorization.error'));
    provider.on('end_session.error', refused('end_session.error'));
    provider.on('grant.error', refused('grant.error'));
    provider.on('server_error', (_ctx: unknown, err: Error) => {
      log?.error({ err, issuer }, 'local SAX provider failed');
    });
    return { issuer, redirectUris, postLogoutRedirectUris, provider };
  };

  // Least recently used first (a Map keeps insertion order; a hit is moved to the end).
  const byOrigin = new Map<string, LocalSaxIssuer>();
  const fixed = fixedOrigin === null ? null : makeIssuer(fixedOrigin);

  const providerFor = (origin: string): LocalSaxIssuer => {
    if (fixed !== null) return fixed;
    const known = byOrigin.get(origin);
    if (known !== undefined) {
      byOrigin.delete(origin);
      byOrigin.set(origin, known);
      return known;
    }
    const made = makeIssuer(origin);
    byOrigin.set(origin, made);
    for (const oldest of byOrigin.keys()) {
      if (byOrigin.size <= maxOrigins) break;
      byOrigin.delete(oldest);
    }
    return made;
  };

  const checkCredentials = (username: string, password: string): string | undefined => {
    const login = username.trim().toLowerCase();
    const known =
      login === seedUser.username.toLowerCase() || login === seedUser.email.toLowerCase();
    // Always compare, so a wrong username costs the same as a wrong password.
    const passwordMatches = sameSecret(password, seedUser.password);
    return known && passwordMatches ? subject : undefined;
  };

  /**
   * The provider for a request, or `null` when its Host makes no origin. Without PUBLIC_URL the
   * request is first told, in forwarded headers Koa trusts here, the scheme and host Fastify
   * derived (with TRUST_PROXY, from the proxy's): the provider then builds every URL (discovery,
   * redirects, cookies' `secure`) from the same address its issuer names.
   */
  const forRequest = (request: FastifyRequest): LocalSaxIssuer | null => {
    if (fixed !== null) return fixed;
    const origin = ownOrigin(request);
    if (origin === null) return null;
    const url = new URL(origin);
    const headers = request.raw.headers;
    headers['x-forwarded-proto'] = url.protocol.slice(0, -1);
    headers['x-forwarded-host'] = url.host;
    headers['x-forwarded-for'] = request.ip;
    return providerFor(origin);
  };

  return {
    clientId,
    publicJwks: publicHalf(jwks),
    issuer: fixed?.issuer ?? null,
    issuerFor,
    providerFor,
    origins: () => (fixedOrigin === null ? [...byOrigin.keys()] : [fixedOrigin]),
    async register(app) {
      log = app.log;
      await app.register(async (scope) => {
        registerInteractionRoutes(scope, {
          providerFor: (request) => forRequest(request)?.provider ?? null,
          pathPrefix: LOCAL_SAX_PATH,
          clientName: 'Holgura',
          checkCredentials,
        });
      });
      await app.register(async (scope) => {
        mountProvider(scope, (request) => forRequest(request)?.provider ?? null, LOCAL_SAX_PATH);
      });
    },
  };
}

/** Creates the local provider and mounts it under `/sax` in one call. */
export async function registerLocalSax(
  app: FastifyInstance,
  options: LocalSaxProviderOptions,
): Promise<LocalSaxProvider> {
  const sax = await createLocalSaxProvider(options);
  await sax.register(app);
  return sax;
}
