import { pino } from 'pino';
import { ConfigError, loadConfig } from './config/env';
import { openDatabase } from './db/database';
import { jobRunners } from './job-kinds';
import { JobEvents } from './jobs/job-events';
import { jobQueueStore, MAX_JOB_ATTEMPTS } from './jobs/jobs.repository';
import { startPgBossQueue } from './jobs/pgboss-queue';
import { createWorkerPool } from './jobs/worker-pool';
import { databaseUploadStorage } from './modules/uploads/upload-storage';

/**
 * `npm run worker`: a standalone analysis worker for PostgreSQL deployments. It takes jobs from
 * the shared pg-boss queue, runs them in WORKERS threads and writes results to the database.
 * Start as many as the machines allow; API processes may run with WORKERS=0.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (config.databaseUrl === null) {
    throw new ConfigError([
      'DATABASE_URL: el trabajador de análisis necesita PostgreSQL (con SQLite los análisis corren dentro de `npm start`)',
    ]);
  }
  const log = pino({ level: config.logLevel });
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const store = jobQueueStore(database.db, MAX_JOB_ATTEMPTS);
  // Status changes reach browsers through the API process, which re-reads the database.
  const events = new JobEvents();
  const queue = await startPgBossQueue({
    databaseUrl: config.databaseUrl,
    schema: 'pgboss',
    store,
    storage: databaseUploadStorage(database.db),
    events,
    log,
    pool: createWorkerPool({
      store,
      kinds: jobRunners(database.db),
      events,
      log,
      workers: Math.max(1, config.workers),
      limits: config.jobLimits,
    }),
    maxAttempts: MAX_JOB_ATTEMPTS,
  });
  console.log(
    `Trabajador de análisis de Holgura en marcha con ${Math.max(1, config.workers)} hilos.`,
  );

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log.info(`${signal} recibido: cerrando el trabajador...`);
    queue
      .close()
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
