import { getMigrations } from 'better-auth/db/migration';
import type { Auth } from './auth';

/**
 * better-auth owns its tables (user, session, account, verification, jwks, twoFactor) and knows
 * their shape per plugin; it creates or extends them at start, after our own migrations, on
 * either dialect. Its CLI crashes on Node 20, the programmatic API does not.
 */
export async function migrateAuthTables(auth: Auth): Promise<void> {
  const { runMigrations } = await getMigrations(auth.options);
  await runMigrations();
}
