/**
 * Recently validated sessions, so a signed-in user's reads do not each cost a session lookup in
 * the database (the cookie path's main cost under load). Only sessions the database confirmed
 * are kept, under the exact credential headers that presented them, for a few seconds at most
 * and never past the session's own expiry.
 *
 * The price is revocation delay: a session revoked by another API process (sign-out, password
 * reset) keeps working here for up to `ttlMs`. Access tokens already live 15 minutes.
 */
export interface SessionCache<T> {
  get(key: string): T | undefined;
  set(key: string, value: T, sessionExpiresAt: number): void;
  /** Forgets every entry: an account changed its sessions through this process. */
  clear(): void;
  readonly size: number;
}

export function createSessionCache<T>(options: {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}): SessionCache<T> {
  const { ttlMs, maxEntries, now = Date.now } = options;
  const entries = new Map<string, { value: T; expiresAt: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (entry === undefined) return undefined;
      if (entry.expiresAt <= now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key, value, sessionExpiresAt) {
      const expiresAt = Math.min(now() + ttlMs, sessionExpiresAt);
      if (!(expiresAt > now())) return;
      entries.delete(key);
      // A Map iterates in insertion order: the first key is the oldest entry.
      while (entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done === true) break;
        entries.delete(oldest.value);
      }
      entries.set(key, { value, expiresAt });
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
