import Fastify, { type FastifyInstance } from 'fastify';
import {
  apiRoutes,
  clientConfigResponseSchema,
  MAX_UPLOAD_BYTES,
  type ClientConfigResponse,
} from '@holgura/contracts';
import { isDefaultPublicUrl, type AppConfig } from './config/env';
import { openDatabase, type Db, type DatabaseHandle } from './db/database';
import { defineRoute } from './http/api-route';
import { createAuthGuard, type SaxVerifier } from './http/auth-guard';
import { registerCompression } from './http/compression';
import { registerErrorHandler } from './http/error-handler';
import { ownOrigin } from './http/origins';
import { registerOpenApi } from './http/openapi';
import {
  registerJsonDepthLimit,
  registerUnreadBodyGuard,
  requestTimeoutOptions,
  trustProxyOption,
} from './http/request-limits';
import { registerSecurityHeaders } from './http/security-headers';
import { registerWebApp } from './http/web-app';
import { ACCESS_TOKEN_LIFETIME, createAuth, sessionLookup, type Auth } from './modules/auth/auth';
import { accountSignInLimit } from './modules/auth/account-limit';
import { migrateAuthTables } from './modules/auth/auth-migrations';
import { resolveAuthSecret } from './modules/auth/auth-secret';
import { registerAnalysisRoutes } from './modules/analyses/analyses.routes';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { registerBusbarCapacityRoutes } from './modules/busbar-capacities/busbar-capacity.routes';
import { registerShortCircuitRoutes } from './modules/short-circuit/short-circuit.routes';
import { registerHourlyCapacityRoutes } from './modules/hourly-capacity/hourly-capacity.routes';
import { registerCaseRoutes } from './modules/cases/cases.routes';
import { loadDemoOnFirstStart, readDemoStudyFile } from './modules/demo/demo-loader';
import { registerExportRoutes } from './modules/export/export.routes';
import { createXlsxWriter } from './modules/export/xlsx-thread';
import { createReportWriter } from './modules/report/report-thread';
import { registerCaseReportRoutes } from './modules/case-report/case-report.routes';
import { registerContingencySetRoutes } from './modules/contingency-sets/contingency-sets.routes';
import { registerLegacyRoutes } from './modules/legacy/legacy.routes';
import { registerNetworkRoutes } from './modules/network/network.routes';
import { registerResultRoutes } from './modules/results/results.routes';
import { registerHealthRoutes } from './modules/health/health.routes';
import { createMailer } from './modules/mail/mailer';
import { profilesRepository } from './modules/profiles/profiles.repository';
import { registerProfileRoutes } from './modules/profiles/profiles.routes';
import { setupSax } from './modules/sax';
import { registerStatsRoutes } from './modules/stats/stats.routes';
import { databaseUploadStorage, fileUploadStorage } from './modules/uploads/upload-storage';
import { registerUploadRoutes } from './modules/uploads/uploads.routes';
import { userLimits } from './modules/uploads/user-limits';
import { createStudyChecker } from './modules/studies/study-check-thread';
import { registerWindowRoutes } from './modules/windows/windows.routes';
import { registerStudyRoutes } from './modules/studies/studies.routes';
import { studiesService } from './modules/studies/studies.service';
import { jobRunners } from './job-kinds';
import { JobEvents } from './jobs/job-events';
import { jobQueueStore, MAX_JOB_ATTEMPTS } from './jobs/jobs.repository';
import { registerJobRoutes } from './jobs/jobs.routes';
import { startPgBossQueue } from './jobs/pgboss-queue';
import { startThreadQueue, type AnalysisQueue } from './jobs/thread-queue';
import { createWorkerPool } from './jobs/worker-pool';

export interface App {
  server: FastifyInstance;
  /** Settles when the first-start demo data is in place (or not needed, or failed). */
  demoReady: Promise<'disabled' | 'present' | 'loaded' | 'failed'>;
  queue: AnalysisQueue;
  db: Db;
  database: DatabaseHandle;
  auth: Auth;
  servesWebApp: boolean;
}

export interface BuildOptions {
  /** PostgreSQL schema for this app (tests isolate each app in its own). */
  postgresSchema?: string;
  /** Overrides SAX id-token verification (tests). */
  saxVerifier?: SaxVerifier | null;
  /** Analysis worker entry (tests substitute one that crashes). */
  workerUrl?: URL;
  /** How often the queue and job streams re-read the database. */
  pollIntervalMs?: number;
  /** Buses per slice of the all-bus AC verification (tests: several slices on a small case). */
  acSliceBuses?: number;
}

/** No JSON request comes near this; larger bodies are refused with 413 before parsing. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

/** Everything but listening: tests drive the result in-process with `server.inject`. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<App> {
  const database = await openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    ...(options.postgresSchema === undefined ? {} : { postgresSchema: options.postgresSchema }),
  });
  const { db } = database;
  const server = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    // JSON bodies are small; only the upload route raises its limit (to 10 MB, docs/product.md).
    bodyLimit: MAX_JSON_BODY_BYTES,
    ...requestTimeoutOptions(config.bodyTimeoutMs),
    trustProxy: trustProxyOption(config.trustProxy),
  });
  registerUnreadBodyGuard(server);
  registerJsonDepthLimit(server);
  server.decorateRequest('principal', null);
  let queue: AnalysisQueue | null = null;
  const closing = new AbortController();
  const xlsx = createXlsxWriter();
  // Study reports and case reports share one thread (issue #29).
  const reports = createReportWriter();
  const studyChecker = createStudyChecker();
  server.addHook('onClose', async () => {
    closing.abort();
    await queue?.close();
    await xlsx.close();
    await reports.close();
    await studyChecker.close();
    await database.close();
  });

  try {
    const profiles = profilesRepository(db);
    const secret = resolveAuthSecret(config.authSecret, config.dataDir);
    const sax = await setupSax(server, {
      sax: config.sax,
      publicUrl: config.publicUrl,
      dataDir: config.dataDir,
      cookieSecret: secret,
    });
    const auth = createAuth({
      database,
      publicUrl: config.publicUrl,
      secret,
      signInAttemptsPerMinute: config.signInAttemptsPerMinute,
      allowedOrigins: config.allowedOrigins,
      mailer: createMailer({ smtpUrl: config.smtpUrl, db, log: server.log }),
      profiles,
    });
    await migrateAuthTables(auth);
    const guard = createAuthGuard({
      auth,
      accessTokenLifetime: ACCESS_TOKEN_LIFETIME,
      sessionExists: sessionLookup(database.authDb),
      allowedOrigins: config.allowedOrigins,
      publicUrl: config.publicUrl,
      profiles,
      sax: options.saxVerifier === undefined ? sax.verifier : options.saxVerifier,
    });

    registerSecurityHeaders(server, { publicUrl: config.publicUrl });
    await registerCompression(server);
    registerErrorHandler(server);
    // Before the API's routes: it reads each route's contract as the route is registered.
    await registerOpenApi(server, config.publicUrl);
    registerHealthRoutes(server, db);
    const clientConfig: Omit<ClientConfigResponse, 'sax'> = {
      maxUploadBytes: MAX_UPLOAD_BYTES,
      supportEmail: config.supportEmail,
      publicUrl: isDefaultPublicUrl(config.publicUrl) ? null : new URL(config.publicUrl).origin,
    };
    defineRoute(server, {
      method: 'GET',
      url: apiRoutes.clientConfig.pattern,
      tag: 'Servicio',
      summary: 'Configuración pública: proveedor SAX, tamaño máximo de subida, correo de soporte',
      database: false,
      responses: { 200: clientConfigResponseSchema },
      // Without PUBLIC_URL the local SAX issuer is the one of the address the page was opened at.
      handler: (request) => ({ ...clientConfig, sax: sax.clientFor(ownOrigin(request)) }),
    });
    // True until the first-start demo data is stored (or not needed, or failed): /api/stats says so.
    let demoPending = config.demoDir !== null;
    registerStatsRoutes(server, db, () => demoPending);
    registerAuthRoutes(server, auth, {
      publicUrl: config.publicUrl,
      onSessionsChanged: guard.forgetSessions,
      accountLimit: accountSignInLimit(database.authDb, {
        max: config.signInAttemptsPerMinute,
        windowMs: 60_000,
      }),
    });
    registerProfileRoutes(server, { guard, profiles });
    // PostgreSQL: uploads in the database and pg-boss, so workers on any machine can run them.
    const storage =
      database.dialect === 'postgres'
        ? databaseUploadStorage(db)
        : fileUploadStorage(config.dataDir);
    const limits = userLimits({ db, dialect: database.dialect, limits: config.limits });
    registerCaseRoutes(server, { db, guard, storage, limits });
    registerNetworkRoutes(server, { db, guard });
    registerResultRoutes(server, { db, guard });
    registerLegacyRoutes(server, { db, guard });
    registerExportRoutes(server, { db, guard, xlsx });

    const events = new JobEvents();
    const store = jobQueueStore(db, MAX_JOB_ATTEMPTS);
    const makePool = () =>
      createWorkerPool({
        store,
        kinds: jobRunners(
          db,
          options.acSliceBuses === undefined ? {} : { acSliceBuses: options.acSliceBuses },
        ),
        events,
        log: server.log,
        workers: config.workers,
        limits: config.jobLimits,
        ...(options.workerUrl === undefined ? {} : { workerUrl: options.workerUrl }),
      });
    queue =
      database.dialect === 'postgres'
        ? await startPgBossQueue({
            databaseUrl: config.databaseUrl!,
            schema:
              options.postgresSchema === undefined ? 'pgboss' : `${options.postgresSchema}_boss`,
            store,
            storage,
            events,
            log: server.log,
            pool: config.workers > 0 ? makePool() : null,
            maxAttempts: MAX_JOB_ATTEMPTS,
            ...(options.pollIntervalMs === undefined
              ? {}
              : { sweepIntervalMs: options.pollIntervalMs * 5 }),
          })
        : startThreadQueue({
            store,
            storage,
            events,
            log: server.log,
            pool: makePool(),
            ...(options.pollIntervalMs === undefined
              ? {}
              : { pollIntervalMs: options.pollIntervalMs }),
          });
    const studies = studiesService({
      db,
      storage,
      queue,
      checker: studyChecker,
      demoStudy: readDemoStudyFile(config.demoDir),
      limits: config.jobLimits,
    });
    await registerUploadRoutes(server, { db, guard, storage, queue, studies, limits });
    registerAnalysisRoutes(server, { db, guard, storage, queue, limits });
    registerBusbarCapacityRoutes(server, {
      db,
      guard,
      queue,
      xlsx,
      storage,
      limits,
      acVerificationMinutes: config.jobLimits.maxAcVerificationMinutes,
    });
    registerCaseReportRoutes(server, { db, guard, reports });
    registerContingencySetRoutes(server, { db, guard, queue, storage, limits });
    registerShortCircuitRoutes(server, { db, guard, storage });
    registerHourlyCapacityRoutes(server, { db, guard, storage });
    await registerStudyRoutes(server, {
      db,
      guard,
      service: studies,
      checker: studyChecker,
      storage,
      limits,
      reports,
    });
    registerWindowRoutes(server, {
      db,
      guard,
      queue,
      xlsx,
      storage,
      checker: studyChecker,
      limits,
    });
    registerJobRoutes(server, {
      db,
      guard,
      events,
      ...(options.pollIntervalMs === undefined ? {} : { pollIntervalMs: options.pollIntervalMs }),
    });
    const servesWebApp = await registerWebApp(server, config.webDistDir);

    const demoReady = loadDemoOnFirstStart({
      db,
      demoDir: config.demoDir,
      log: server.log,
      signal: closing.signal,
      dialect: database.dialect,
    })
      .catch((error: unknown) => {
        server.log.error({ err: error }, 'demo data');
        return 'failed' as const;
      })
      .finally(() => {
        demoPending = false;
      });
    return { server, demoReady, queue, db, database, auth, servesWebApp };
  } catch (error) {
    await server.close();
    throw error;
  }
}
