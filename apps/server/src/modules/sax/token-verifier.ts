import { errorMessages } from '@holgura/contracts';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  jwtVerify,
  type JWK,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';

/** What Holgura keeps from a SAX id token: enough to create the profile on first sign-in. */
export interface SaxClaims {
  subject: string;
  email: string;
  givenName: string;
  familyName: string;
  name: string;
  /** When the token expires (`exp`), in ms since the epoch. */
  expiresAt: number;
}

export type SaxTokenFailure =
  'malformed' | 'signature' | 'expired' | 'claim' | 'keys-unavailable' | 'missing-email';

/**
 * Any refusal of a SAX token. The client only ever sees the code and the catalogue's Spanish
 * text; `reason` and `cause` are for the server log.
 */
export class SaxTokenError extends Error {
  readonly code = 'AUTH_TOKEN_INVALID' as const;
  readonly statusCode = 401;
  readonly reason: SaxTokenFailure;

  constructor(reason: SaxTokenFailure, options?: { cause?: unknown }) {
    super(errorMessages.AUTH_TOKEN_INVALID, options);
    this.name = 'SaxTokenError';
    this.reason = reason;
  }
}

export interface SaxTokenVerifierOptions {
  /**
   * Compared verbatim with `iss`, trailing slash and all (Entra issuers end in one). Or, for the
   * local provider without PUBLIC_URL, the issuer this server mints at the address a request
   * reached (`origin`, http/origins.ts ownOrigin), `null` for none: a token minted at another
   * address, or by anyone else, is refused. Needs `jwks` (there is no one issuer to discover).
   */
  issuer: string | ((origin: string | null) => string | null);
  /** The client id the web app signs in with. */
  audience: string;
  /** Skip discovery, e.g. for an Azure AD B2C policy whose metadata lives under `?p=`. */
  jwksUri?: string;
  /** Verify against these public keys instead of fetching: the in-process local provider. */
  jwks?: { keys: JWK[] };
  clockToleranceSeconds?: number;
}

export interface SaxTokenVerifier {
  /** `origin`: the address the request carrying the token reached (ownOrigin), if known. */
  verify(idToken: string, origin?: string | null): Promise<SaxClaims>;
}

/** Asymmetric only: a symmetric algorithm here would let anyone holding the client id sign. */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384'];
const DISCOVERY_TIMEOUT_MS = 5_000;

function failureOf(error: unknown): SaxTokenFailure {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'ERR_JWT_EXPIRED':
      return 'expired';
    case 'ERR_JWT_CLAIM_VALIDATION_FAILED':
      return 'claim';
    case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
    case 'ERR_JWKS_NO_MATCHING_KEY':
    case 'ERR_JWKS_MULTIPLE_MATCHING_KEYS':
    case 'ERR_JOSE_ALG_NOT_ALLOWED':
      return 'signature';
    case 'ERR_JWKS_TIMEOUT':
    case 'ERR_JWKS_INVALID':
    case 'ERR_JOSE_GENERIC': // the JWKS endpoint answered with an error status
      return 'keys-unavailable';
    default:
      // Every jose error has an ERR_J… code; anything else came from fetching the keys.
      return typeof code === 'string' && code.startsWith('ERR_J')
        ? 'malformed'
        : 'keys-unavailable';
  }
}

async function discoverJwksUri(issuer: string): Promise<URL> {
  const url = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
  const response = await fetch(url, { signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`SAX discovery answered ${response.status} at ${url}`);
  const metadata = (await response.json()) as { issuer?: unknown; jwks_uri?: unknown };
  // Mix-up defence (RFC 8414 §3.3): the document must be about the issuer we trust.
  if (metadata.issuer !== issuer) throw new Error(`SAX discovery at ${url} names another issuer`);
  if (typeof metadata.jwks_uri !== 'string')
    throw new Error(`SAX discovery at ${url} lacks jwks_uri`);
  return new URL(metadata.jwks_uri);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** Entra puts the address in `email`, B2C in `emails[]`, some tenants only in the username. */
function emailOf(payload: JWTPayload): string {
  const emails = Array.isArray(payload.emails) ? payload.emails : [];
  const candidates = [payload.email, emails[0], payload.preferred_username, payload.upn];
  return candidates.map(text).find((value) => value.includes('@')) ?? '';
}

function claimsOf(payload: JWTPayload): SaxClaims {
  const subject = text(payload.sub);
  if (subject === '') throw new SaxTokenError('claim');
  const email = emailOf(payload);
  if (email === '') throw new SaxTokenError('missing-email');
  const givenName = text(payload.given_name);
  const familyName = text(payload.family_name);
  const name = text(payload.name) || `${givenName} ${familyName}`.trim() || email;
  // `exp` is a required claim (jwtVerify checks it is there and a number).
  return { subject, email, givenName, familyName, name, expiresAt: (payload.exp ?? 0) * 1000 };
}

/**
 * Verifies SAX id tokens presented as bearer tokens: signature against the provider's JWKS
 * (fetched once, cached and refreshed by jose when an unknown `kid` shows up), issuer,
 * audience and expiry.
 */
export function createSaxTokenVerifier(options: SaxTokenVerifierOptions): SaxTokenVerifier {
  const { issuer, audience } = options;
  // One issuer per address has no one discovery document: its keys are handed in.
  const discoverable = typeof issuer === 'string' ? issuer : null;
  if (discoverable === null && options.jwks === undefined) {
    throw new Error('A SAX issuer per address needs the provider’s keys (jwks)');
  }
  const jwksUri = async (): Promise<URL> =>
    options.jwksUri !== undefined ? new URL(options.jwksUri) : discoverJwksUri(discoverable ?? '');
  const clockTolerance = options.clockToleranceSeconds ?? 30;
  let keys: Promise<JWTVerifyGetKey> | undefined;

  const keySource = (): Promise<JWTVerifyGetKey> => {
    if (keys !== undefined) return keys;
    const pending =
      options.jwks !== undefined
        ? Promise.resolve(createLocalJWKSet(options.jwks))
        : jwksUri().then((uri) =>
            createRemoteJWKSet(uri, { timeoutDuration: DISCOVERY_TIMEOUT_MS }),
          );
    keys = pending;
    // A failed discovery is not cached: the next request tries again.
    pending.catch(() => {
      if (keys === pending) keys = undefined;
    });
    return pending;
  };

  return {
    async verify(idToken, origin = null) {
      const expectedIssuer = typeof issuer === 'string' ? issuer : issuer(origin);
      if (expectedIssuer === null) throw new SaxTokenError('claim');
      let getKey: JWTVerifyGetKey;
      try {
        getKey = await keySource();
      } catch (cause) {
        throw new SaxTokenError('keys-unavailable', { cause });
      }
      try {
        const { payload } = await jwtVerify(idToken, getKey, {
          issuer: expectedIssuer,
          audience,
          algorithms: ALGORITHMS,
          clockTolerance,
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        // OIDC Core §3.1.3.7: with several audiences, the token must be meant for us (azp).
        if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== audience) {
          throw new SaxTokenError('claim');
        }
        return claimsOf(payload);
      } catch (cause) {
        throw cause instanceof SaxTokenError
          ? cause
          : new SaxTokenError(failureOf(cause), { cause });
      }
    },
  };
}
