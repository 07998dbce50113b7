import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

/** Failed sign-ins per account: the key is the email, as typed, trimmed and lowercased. */
export function accountKey(body: unknown): string | null {
  if (body === null || typeof body !== 'object') return null;
  const email = (body as { email?: unknown }).email;
  return typeof email === 'string' && email.trim() !== ''
    ? `account:${email.trim().toLowerCase()}`
    : null;
}

export interface AccountSignInLimit {
  /** False once the account had `max` failed sign-ins within the window. */
  allows(key: string): Promise<boolean>;
  failed(key: string): Promise<void>;
}

interface Row {
  id: string;
  count: number | string;
  lastRequest: number | string;
}

/**
 * Failed sign-ins per account (issue #16): behind a load balancer every user may share one
 * address, so the per-address limit alone either locks everyone out or lets one address try
 * any number of passwords on each account. Kept in better-auth's own `rateLimit` table (keys
 * `account:<email>`, which its per-address keys never take), so every API process counts
 * alike and better-auth prunes old rows. A successful sign-in is not counted. The window
 * starts at the first failure; `lastRequest` holds its time.
 */
export function accountSignInLimit(
  authDb: Kysely<unknown>,
  rule: { max: number; windowMs: number },
): AccountSignInLimit {
  const read = async (key: string): Promise<Row | undefined> => {
    const { rows } =
      await sql<Row>`select id, count, "lastRequest" from "rateLimit" where key = ${key}`.execute(
        authDb,
      );
    return rows[0];
  };
  return {
    async allows(key) {
      const row = await read(key);
      if (row === undefined) return true;
      if (Date.now() - Number(row.lastRequest) >= rule.windowMs) return true;
      return Number(row.count) < rule.max;
    },
    async failed(key) {
      const now = Date.now();
      const row = await read(key);
      if (row === undefined) {
        await sql`insert into "rateLimit" (id, key, count, "lastRequest") values (${randomUUID()}, ${key}, 1, ${now})`.execute(
          authDb,
        );
      } else if (now - Number(row.lastRequest) >= rule.windowMs) {
        await sql`update "rateLimit" set count = 1, "lastRequest" = ${now} where id = ${row.id}`.execute(
          authDb,
        );
      } else {
        await sql`update "rateLimit" set count = count + 1 where id = ${row.id}`.execute(authDb);
      }
    },
  };
}
