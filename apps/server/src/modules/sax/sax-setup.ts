import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { JWK } from 'jose';
import { isDefaultPublicUrl, type SaxConfig } from '../../config/env';
import {
  generateSigningJwks,
  LOCAL_SAX_TEST_USER,
  registerLocalSax,
  SAX_SCOPES,
} from './local-provider';
import { createSaxTokenVerifier, type SaxTokenVerifier } from './token-verifier';

const LOCAL_KEYS_FILE = 'sax-local-jwks.json';
/** The local test user's password when SAX_TEST_PASSWORD is not set (mode 0600). */
export const LOCAL_PASSWORD_FILE = 'sax-test-password';

/** What the browser needs to start a SAX sign-in (docs/product.md §6), served by GET /api/config. */
export interface SaxClientSettings {
  authority: string;
  clientId: string;
  policy: string | null;
  scopes: string;
  local: boolean;
}

/**
 * The local provider's signing keys, generated once and kept in DATA_DIR (mode 0600) so the id
 * tokens it issued stay valid across restarts.
 */
async function loadOrCreateLocalKeys(dataDir: string): Promise<{ keys: JWK[] }> {
  const file = path.join(dataDir, LOCAL_KEYS_FILE);
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as { keys: JWK[] };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const jwks = await generateSigningJwks();
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  fs.writeFileSync(file, JSON.stringify(jwks), { mode: 0o600 });
  return jwks;
}

/**
 * The local test user's password: SAX_TEST_PASSWORD when set; otherwise one made at random on
 * first start, kept in DATA_DIR (0600) and printed once, in that start's log.
 */
function localTestPassword(
  configured: string | null,
  dataDir: string,
  log: FastifyBaseLogger,
): string {
  if (configured !== null) return configured;
  const file = path.join(dataDir, LOCAL_PASSWORD_FILE);
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 8) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const password = randomBytes(12).toString('base64url');
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  fs.writeFileSync(file, `${password}\n`, { mode: 0o600 });
  log.warn(
    `SAX local (sin SAX_ISSUER): usuario de prueba «${LOCAL_SAX_TEST_USER.username}», ` +
      `contraseña «${password}». Se muestra solo esta vez; queda en ${file}.`,
  );
  return password;
}

/**
 * SAX sign-in: the operator's tenant when SAX_ISSUER is set; otherwise a real local OpenID
 * provider under /sax with the seeded user (README). Returns the id-token verifier the API's
 * auth guard uses and, for the address a request reached, the settings the web app's OIDC
 * client needs.
 *
 * The local provider's issuer is PUBLIC_URL's when it was set. Without it (the default,
 * `http://localhost:$PORT`, isDefaultPublicUrl) each address the server is reached at —
 * localhost, 127.0.0.1, the machine's address — has its own, `${origin}/sax`: a page opened
 * there signs in through a popup on its own origin, which its Content-Security-Policy allows,
 * and its tokens are checked against the issuer of the address they are presented at.
 */
export async function setupSax(
  server: FastifyInstance,
  options: { sax: SaxConfig; publicUrl: string; dataDir: string; cookieSecret: string },
): Promise<{
  verifier: SaxTokenVerifier;
  /** `origin`: the request's (http/origins.ts ownOrigin), `null` when its Host makes none. */
  clientFor(origin: string | null): SaxClientSettings;
}> {
  const { sax, publicUrl } = options;
  const scopes = SAX_SCOPES.join(' ');
  if (sax.issuer !== null) {
    const client: SaxClientSettings = {
      authority: sax.issuer,
      clientId: sax.clientId,
      policy: sax.policy,
      scopes,
      local: false,
    };
    return {
      verifier: createSaxTokenVerifier({ issuer: sax.issuer, audience: sax.clientId }),
      clientFor: () => client,
    };
  }
  const publicOrigin = new URL(publicUrl).origin;
  const local = await registerLocalSax(server, {
    publicUrl: isDefaultPublicUrl(publicUrl) ? null : publicOrigin,
    clientId: sax.clientId,
    seedUser: {
      ...LOCAL_SAX_TEST_USER,
      password: localTestPassword(sax.testPassword, options.dataDir, server.log),
    },
    cookieKeys: [options.cookieSecret],
    jwks: await loadOrCreateLocalKeys(options.dataDir),
  });
  const fixedIssuer = local.issuer;
  return {
    verifier: createSaxTokenVerifier({
      issuer: fixedIssuer ?? ((origin) => (origin === null ? null : local.issuerFor(origin))),
      audience: local.clientId,
      jwks: local.publicJwks,
    }),
    clientFor: (origin) => ({
      authority: fixedIssuer ?? local.issuerFor(origin ?? publicOrigin),
      clientId: local.clientId,
      policy: sax.policy,
      scopes,
      local: true,
    }),
  };
}
