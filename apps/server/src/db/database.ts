import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import { migrationProvider } from './migrations';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export const SQLITE_FILE_NAME = 'holgura.sqlite';

/** Opens (creating if needed) the SQLite database in `dataDir` and brings its schema up to date. */
export async function openDatabase(dataDir: string): Promise<Db> {
  fs.mkdirSync(dataDir, { recursive: true });
  const sqlite = new SQLite(path.join(dataDir, SQLITE_FILE_NAME));
  // WAL lets API reads proceed while an analysis worker writes its results.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  await migrateToLatest(db);
  return db;
}

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error !== undefined || failed !== undefined) {
    throw new Error(
      `No se pudo actualizar el esquema de la base de datos${failed ? ` (${failed.migrationName})` : ''}`,
      { cause: error },
    );
  }
}
