import { betterAuth } from 'better-auth';
import { bearer, jwt, twoFactor } from 'better-auth/plugins';
import { sql, type Kysely } from 'kysely';
import { AUTH_BASE_PATH } from '@holgura/contracts';
import type { DatabaseHandle } from '../../db/database';
import { REQUEST_ORIGIN_HEADER } from '../../http/origins';
import type { Mailer } from '../mail/mailer';
import type { ProfilesRepository } from '../profiles/profiles.repository';
import {
  RESET_LINK_LIFETIME_SECONDS,
  resetLink,
  resetLinkOrigin,
  resetMail,
} from './password-reset';

/** Lifetime of the access token the browser sends to the API; it refreshes it from /token. */
export const ACCESS_TOKEN_LIFETIME = '15m';

export interface AuthOptions {
  database: DatabaseHandle;
  publicUrl: string;
  secret: string;
  signInAttemptsPerMinute: number;
  /** ALLOWED_ORIGINS: other sites whose pages may sign in. */
  allowedOrigins: readonly string[];
  mailer: Mailer;
  profiles: ProfilesRepository;
}

/**
 * Product accounts (better-auth): email and password, cookie sessions that renew themselves,
 * short-lived JWT access tokens with a JWKS, TOTP second factor, password recovery by mail.
 * The profile (docs/product.md §3) is written when the account is created.
 */
export function createAuth(options: AuthOptions) {
  const { database, publicUrl, mailer, profiles } = options;
  return betterAuth({
    appName: 'Holgura',
    baseURL: publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: options.secret,
    database: { db: database.authDb, type: database.dialect },
    telemetry: { enabled: false },
    // better-auth skips its origin check when NODE_ENV is 'test': tests check what runs.
    advanced: { disableOriginCheck: false },
    // Password-reset tokens are kept as their SHA-256: a copy of the database resets nothing.
    // (Session tokens have no such option in better-auth 1.7: DATA_DIR is 0700 instead.)
    verification: { storeIdentifier: 'hashed' },
    // The page's own origin (whatever host name the user typed), PUBLIC_URL and ALLOWED_ORIGINS.
    trustedOrigins: (request) => [
      publicUrl,
      ...options.allowedOrigins,
      request?.headers.get(REQUEST_ORIGIN_HEADER) ?? null,
    ],
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_LINK_LIFETIME_SECONDS,
      // Our own link rather than better-auth's `url` (PUBLIC_URL plus the client's redirectTo):
      // the address the user reached Holgura at when PUBLIC_URL is the default, and a page of
      // the app whatever the client sent (auth.routes.ts).
      async sendResetPassword({ user, token }, request) {
        const link = resetLink(resetLinkOrigin(publicUrl, request), AUTH_BASE_PATH, token);
        // Never throws (a failure is logged): the answer must not tell whether the account exists.
        await mailer.send({ to: user.email, ...resetMail(user.name, link) });
      },
    },
    user: {
      additionalFields: {
        firstName: { type: 'string', required: true, input: true },
        lastName: { type: 'string', required: true, input: true },
        company: { type: 'string', required: true, input: true },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: true,
      // In the database rather than memory: shared by every API process (issue 8) and owned by
      // this app instance (better-auth's memory store is one map per Node process).
      storage: 'database',
      window: 60,
      max: 300,
      customRules: {
        '/sign-in/email': { window: 60, max: options.signInAttemptsPerMinute },
        '/sign-up/email': { window: 60, max: options.signInAttemptsPerMinute },
        '/two-factor/verify-totp': { window: 60, max: options.signInAttemptsPerMinute },
        // Like sign-in: per address here, per account in auth.routes.ts.
        '/request-password-reset': { window: 60, max: options.signInAttemptsPerMinute },
      },
    },
    databaseHooks: {
      user: {
        create: {
          async after(user) {
            const fields = user as typeof user & {
              firstName: string;
              lastName: string;
              company: string;
            };
            await profiles.createIfMissing({
              userId: user.id,
              firstName: fields.firstName.trim(),
              lastName: fields.lastName.trim(),
              email: user.email,
              company: fields.company.trim(),
            });
          },
        },
      },
    },
    plugins: [
      twoFactor({ issuer: 'Holgura' }),
      jwt({
        jwt: {
          issuer: publicUrl,
          audience: publicUrl,
          expirationTime: ACCESS_TOKEN_LIFETIME,
          // `sid` ties the token to its session: signing out or resetting the password ends
          // the session, and the API then refuses its tokens too (http/auth-guard.ts).
          definePayload: ({ user, session }) => ({ email: user.email, sid: session.id }),
        },
        // Otherwise every session check (each cookie-authenticated API call) reads the JWKS and
        // signs a fresh token into a `set-auth-jwt` header nobody reads: the web app asks
        // /token for its access token. It was most of the cookie path's CPU under load.
        disableSettingJwtHeader: true,
      }),
      bearer(),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** Whether a product session (better-auth's `session` table) still exists: a token names it. */
export function sessionLookup(authDb: Kysely<unknown>) {
  return async (sessionId: string): Promise<boolean> => {
    const { rows } = await sql<{
      id: string;
    }>`select id from session where id = ${sessionId}`.execute(authDb);
    return rows.length > 0;
  };
}
