import type { Migration, MigrationProvider } from 'kysely/migration';
import { initial } from './2026-11-21T000000-initial';

/**
 * Migrations are listed here rather than read from disk so they survive bundling. Names are
 * timestamps: Kysely applies them in name order.
 */
const migrations: Record<string, Migration> = {
  '2026-11-21T000000-initial': initial,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
