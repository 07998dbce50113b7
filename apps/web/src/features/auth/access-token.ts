import { ACCESS_TOKEN_PATH } from '@holgura/contracts/first-load-paths';
import { apiRequest, type Parser } from '../../lib/api-client';
import { decodeJwtPayload } from './sax-token';

/** Renew this long before expiry so no request leaves with a token about to lapse. */
export const REFRESH_MARGIN_MS = 60_000;
const FALLBACK_LIFETIME_MS = 15 * 60_000;

const tokenResponse: Parser<{ token: string }> = {
  safeParse(data) {
    if (typeof data === 'object' && data !== null && 'token' in data) {
      const { token } = data;
      if (typeof token === 'string' && token !== '') return { success: true, data: { token } };
    }
    return { success: false };
  },
};

function expiryOf(token: string, now: number): number {
  const exp = decodeJwtPayload(token)?.exp;
  return typeof exp === 'number' ? exp * 1000 : now + FALLBACK_LIFETIME_MS;
}

/**
 * Keeps the account's access token: fetched on first use, cached until a minute before it
 * expires, then renewed on a timer (each renewal calls `onRefreshed`). When the token cannot be
 * fetched, callers get null and the request relies on the session cookie instead.
 */
export function createAccessTokenManager(onRefreshed: () => void) {
  let cached: { token: string; expiresAt: number } | null = null;
  let pending: Promise<string | null> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let generation = 0;

  const stopTimer = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };

  async function fetchToken(): Promise<string | null> {
    const started = generation;
    const { token } = await apiRequest(ACCESS_TOKEN_PATH, tokenResponse);
    if (started !== generation) return null; // signed out meanwhile
    const now = Date.now();
    cached = { token, expiresAt: expiryOf(token, now) };
    stopTimer();
    timer = setTimeout(
      () => {
        pending = fetchToken()
          .then((renewed) => {
            if (renewed !== null) onRefreshed();
            return renewed;
          })
          .catch(() => null)
          .finally(() => {
            pending = null;
          });
      },
      Math.max(0, cached.expiresAt - REFRESH_MARGIN_MS - now),
    );
    return token;
  }

  return {
    /** A valid access token, or null when none can be had. */
    get(): Promise<string | null> {
      if (cached !== null && cached.expiresAt - REFRESH_MARGIN_MS > Date.now()) {
        return Promise.resolve(cached.token);
      }
      pending ??= fetchToken()
        .catch(() => null)
        .finally(() => {
          pending = null;
        });
      return pending;
    },
    /** Forget the token and stop renewing (sign-out). */
    clear(): void {
      generation += 1;
      cached = null;
      pending = null;
      stopTimer();
    },
  };
}

export type AccessTokenManager = ReturnType<typeof createAccessTokenManager>;
