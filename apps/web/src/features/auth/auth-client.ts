import { AUTH_BASE_PATH } from '@holgura/contracts/first-load-paths';
import { inferAdditionalFields, jwtClient, twoFactorClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

/**
 * The better-auth client for product accounts (email and password, TOTP, JWT access tokens).
 * Loaded on demand by the auth provider only, so the landing page does not carry it.
 */
export function createHolguraAuthClient() {
  return createAuthClient({
    baseURL: window.location.origin,
    basePath: AUTH_BASE_PATH,
    plugins: [
      twoFactorClient(),
      jwtClient(),
      inferAdditionalFields({
        user: {
          firstName: { type: 'string', required: true },
          lastName: { type: 'string', required: true },
          company: { type: 'string', required: true },
        },
      }),
    ],
    fetchOptions: {
      // Looked up per call (not captured at creation) so tests can stub `fetch`.
      customFetchImpl: (input, init) => fetch(input, init),
    },
  });
}

export type HolguraAuthClient = ReturnType<typeof createHolguraAuthClient>;
