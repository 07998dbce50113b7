import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, type TestContext } from 'vitest';
import { buildApp, type App, type BuildOptions } from './app';
import type { AppConfig } from './config/env';

const openApps: App[] = [];
const tempDirs: string[] = [];
const pgSchemas: string[] = [];
const schemaOf = new WeakMap<App, string>();
const dataDirOf = new WeakMap<App, string>();

/**
 * The server suite runs on SQLite, and on PostgreSQL too when TEST_DATABASE_URL is set (.ci/run
 * sets it when a local PostgreSQL answers). Each app gets its own schema, dropped afterwards.
 */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL?.trim() || null;
export const dialects: ('sqlite' | 'postgres')[] =
  testDatabaseUrl === null ? ['sqlite'] : ['sqlite', 'postgres'];

/**
 * Most of the suite runs on both databases. A test whose database work another test of its file
 * already does on PostgreSQL (the same queries, queue and storage paths) runs on SQLite only, for
 * what it adds is alike on both: the engine's numbers, a parser, validation, HTTP headers, who may
 * see what. Its first line, `sqliteOnly(dialect, skip, '<the test that covers it>')`, skips it on
 * PostgreSQL with that note in the report. Tests of the database's own behaviour (repositories,
 * the queue, migrations, quotas, concurrency, recovery) stay on both.
 */
export function sqliteOnly(
  dialect: 'sqlite' | 'postgres',
  skip: TestContext['skip'],
  coveredOnPostgresBy: string,
): void {
  skip(dialect !== 'sqlite', `SQLite only; on PostgreSQL: ${coveredOnPostgresBy}`);
}

export function makeTempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

/** The DATA_DIR of the app built last (tests that look at its files). */
export function lastDataDir(): string {
  const app = openApps.at(-1);
  if (app === undefined) throw new Error('no app was built');
  return dataDirOf.get(app)!;
}

/** The local SAX test user's password in tests (SAX_TEST_PASSWORD); installs get a random one. */
export const TEST_SAX_PASSWORD = 'clave-sax-de-prueba';

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    publicUrl: 'http://localhost:8080',
    dataDir: makeTempDir('holgura-data-'),
    databaseUrl: null,
    webDistDir: makeTempDir('holgura-web-empty-'),
    demoDir: null,
    logLevel: 'silent',
    authSecret: 'test-secret-that-is-long-enough-0123456789',
    signInAttemptsPerMinute: 1000,
    sax: { issuer: null, clientId: 'holgura-web', policy: null, testPassword: TEST_SAX_PASSWORD },
    smtpUrl: null,
    workers: 1,
    supportEmail: 'soporte@holgura.co',
    bodyTimeoutMs: 60_000,
    // Tests upload freely unless they test the limits themselves.
    limits: { uploadsPerMinute: 1000, activeJobs: 1000, storageBytes: 10 * 1024 ** 3 },
    jobLimits: {
      maxCaseBuses: 50_000,
      maxStudyCases: 5_000,
      maxStudyHours: 2,
      jobTimeLimitMinutes: 30,
      smallCaseBuses: 5_000,
      maxAcVerificationMinutes: 60,
    },
    trustProxy: false,
    allowedOrigins: [],
    ...overrides,
  };
}

/** An app on a fresh database (SQLite file or PostgreSQL schema); closed after each test. */
export async function buildTestApp(
  overrides: Partial<AppConfig> = {},
  options: BuildOptions & {
    dialect?: 'sqlite' | 'postgres';
    /** Reopen the PostgreSQL schema of an earlier app (a restart); SQLite reuses `dataDir`. */
    reuseSchemaOf?: App;
  } = {},
): Promise<App> {
  const { dialect = 'sqlite', reuseSchemaOf, ...buildOptions } = options;
  let postgresSchema: string | undefined;
  if (dialect === 'postgres') {
    if (testDatabaseUrl === null) throw new Error('TEST_DATABASE_URL is not set');
    postgresSchema =
      (reuseSchemaOf && schemaOf.get(reuseSchemaOf)) ??
      `ht_${randomUUID().replaceAll('-', '').slice(0, 20)}`;
    pgSchemas.push(postgresSchema);
  }
  const config = testConfig({
    ...(dialect === 'postgres' ? { databaseUrl: testDatabaseUrl } : {}),
    ...overrides,
  });
  const app = await buildApp(config, {
    ...buildOptions,
    ...(postgresSchema === undefined ? {} : { postgresSchema }),
  });
  openApps.push(app);
  dataDirOf.set(app, config.dataDir);
  if (postgresSchema !== undefined) schemaOf.set(app, postgresSchema);
  return app;
}

afterEach(async () => {
  // Closing an app twice is harmless (a test may close one to simulate a restart).
  await Promise.all(openApps.splice(0).map((app) => app.server.close().catch(() => undefined)));
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  const schemas = pgSchemas.splice(0);
  if (schemas.length > 0 && testDatabaseUrl !== null) {
    const client = new pg.Client({ connectionString: testDatabaseUrl });
    await client.connect();
    try {
      for (const schema of new Set(schemas)) {
        await client.query(`drop schema if exists ${schema} cascade`);
        await client.query(`drop schema if exists ${schema}_boss cascade`);
      }
    } finally {
      await client.end();
    }
  }
});
