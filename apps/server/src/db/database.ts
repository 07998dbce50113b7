import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { dialectSql, type DialectName } from './dialect';
import { migrationProvider } from './migrations';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  dialect: DialectName;
  /**
   * The connection better-auth uses. On PostgreSQL it keeps pg's own type parsing (better-auth
   * expects Date objects), unlike `db`, which returns ISO strings as SQLite does.
   */
  authDb: Kysely<unknown>;
  /** Closes every connection. */
  close(): Promise<void>;
}

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl: string | null;
  /** PostgreSQL schema to use (created if missing); tests give each app its own. */
  postgresSchema?: string;
}

export const SQLITE_FILE_NAME = 'holgura.sqlite';

const TIMESTAMPTZ_OID = 1184;
const TIMESTAMP_OID = 1114;
const INT8_OID = 20;

/**
 * Timestamps come back as ISO strings and bigints as numbers on PostgreSQL, as they do on
 * SQLite, so no code above this file branches on the dialect.
 */
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === TIMESTAMPTZ_OID || oid === TIMESTAMP_OID) {
      return (value: string) => new Date(value).toISOString();
    }
    if (oid === INT8_OID) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

/** Opens SQLite in `dataDir` (or PostgreSQL when a URL is given) and brings the schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  secureDataDir(options.dataDir);
  const handle =
    options.databaseUrl === null
      ? openSqlite(options.dataDir)
      : await openPostgres(options.databaseUrl, options.postgresSchema);
  try {
    await migrateToLatest(handle, options.postgresSchema);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

/**
 * DATA_DIR holds the database (sessions included), the uploads and the local keys: only the
 * account running Holgura may enter it (0700), and its files are 0600, on a fresh install and on
 * one created before this rule (issue #16: the database was readable by every local account).
 */
export function secureDataDir(dataDir: string): void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dataDir, 0o700);
  for (const entry of fs.readdirSync(dataDir, { withFileTypes: true })) {
    const full = path.join(dataDir, entry.name);
    if (entry.isFile()) fs.chmodSync(full, 0o600);
    else if (entry.isDirectory()) fs.chmodSync(full, 0o700);
  }
}

function openSqlite(dataDir: string): DatabaseHandle {
  const file = path.join(dataDir, SQLITE_FILE_NAME);
  // Created 0600 before SQLite opens it; its -wal and -shm files take the same mode.
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  const sqlite = new SQLite(file);
  // WAL lets API reads proceed while an analysis worker writes its results.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return { db, dialect: 'sqlite', authDb: db as Kysely<unknown>, close: () => db.destroy() };
}

/**
 * Kysely prepares every query again; preparing was an eighth of the API's time under load
 * (issue #16's national run). Statements are kept by their text: the same query with other
 * values reuses its statement. Safe because Kysely runs one statement at a time on this one
 * connection and never leaves one iterating (no `.stream()` on SQLite).
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (statement === undefined) {
        statement = sqlite.prepare(text);
        // Queries with lists of values have a text per list length: keep the cache bounded.
        if (statements.size >= 2000) statements.clear();
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

async function openPostgres(databaseUrl: string, schema?: string): Promise<DatabaseHandle> {
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) {
    throw new Error(`Nombre de esquema PostgreSQL inválido: ${schema}`);
  }
  if (schema !== undefined) {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      await admin.query(`create schema if not exists ${schema}`);
    } finally {
      await admin.end();
    }
  }
  const searchPath = schema === undefined ? {} : { options: `-c search_path=${schema}` };
  // A database host that stops answering (no refusal, just silence) would otherwise hold every
  // request open forever; after this long the request fails and the API answers 503.
  const connectionTimeoutMillis = 5000;
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    types: pgTypes,
    max: 10,
    connectionTimeoutMillis,
    ...searchPath,
  });
  const authPool = new pg.Pool({
    connectionString: databaseUrl,
    max: 5,
    connectionTimeoutMillis,
    ...searchPath,
  });
  // An idle connection that PostgreSQL drops (restart, network cut) is reported as an 'error'
  // event; without a listener Node ends the process. The pool discards the connection and the
  // next query opens a fresh one, or fails with an error the API answers as 503.
  for (const each of [pool, authPool]) each.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const authDb = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: authPool }) });
  return {
    db,
    dialect: 'postgres',
    authDb,
    close: async () => {
      await Promise.all([db.destroy(), authDb.destroy()]);
    },
  };
}

async function migrateToLatest({ db, dialect }: DatabaseHandle, schema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: migrationProvider(dialectSql(dialect)),
    // Kysely looks for its migration tables in every schema unless told which one.
    ...(schema === undefined ? {} : { migrationTableSchema: schema }),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error !== undefined || failed !== undefined) {
    throw new Error(
      `No se pudo actualizar el esquema de la base de datos${failed ? ` (${failed.migrationName})` : ''}`,
      { cause: error },
    );
  }
}
