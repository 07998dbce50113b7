import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export interface SaxConfig {
  /** External OpenID provider; `null` = Holgura starts its local provider under /sax. */
  issuer: string | null;
  clientId: string;
  policy: string | null;
  /**
   * Password of the local provider's test user; `null` = a random one made at first start and
   * kept in `DATA_DIR` (ignored with an external issuer).
   */
  testPassword: string | null;
}

/** Per-user limits (issue #16): uploads and studies count alike. */
export interface UserLimits {
  /** Uploads (cases and studies) a user may send per minute. */
  uploadsPerMinute: number;
  /** Analyses and studies of a user queued or running at once. */
  activeJobs: number;
  /** Bytes of the user's stored files (cases and study base files). */
  storageBytes: number;
}

/**
 * Bounds on one job (issue #26): what a case or a study may be before it runs, and how long one
 * of its turns (an analysis, a study's scenario × year case) may take. Each refusal names its
 * setting and value.
 */
export interface JobLimits {
  /** Buses a case may have (MAX_CASE_BUSES). */
  maxCaseBuses: number;
  /** Scenario × year cases a study may have (MAX_STUDY_CASES). */
  maxStudyCases: number;
  /** Hours a study is estimated to take, at most (MAX_STUDY_HOURS). */
  maxStudyHours: number;
  /** Minutes one turn of a job may run before it is stopped (JOB_TIME_LIMIT_MINUTES). */
  jobTimeLimitMinutes: number;
  /**
   * Minutes an all-bus AC verification («Verificar todas en AC», issue #31) is estimated to take,
   * at most (MAX_AC_VERIFICATION_MINUTES): past it, the request is refused with the estimate.
   */
  maxAcVerificationMinutes: number;
  /** Cases up to this many buses are small: a thread is kept for them (SMALL_CASE_BUSES). */
  smallCaseBuses: number;
}

export interface AppConfig {
  port: number;
  host: string;
  /** Where users reach Holgura; links in mails and the OpenID issuer derive from it. */
  publicUrl: string;
  dataDir: string;
  /** PostgreSQL connection string; `null` = SQLite in `dataDir`. */
  databaseUrl: string | null;
  /** Folder with the built web app; the server runs API-only when it has no index.html. */
  webDistDir: string;
  /** Folder with the demo networks and study (demo.json); `null`: no demo data. */
  demoDir: string | null;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'silent';
  /** Secret for session signing and key encryption; `null` = generated once into `dataDir`. */
  authSecret: string | null;
  /** Sign-in attempts allowed per minute, per client address and per account. */
  signInAttemptsPerMinute: number;
  sax: SaxConfig;
  /** SMTP URL for password-recovery mail; `null` = write mail to the outbox table and the log. */
  smtpUrl: string | null;
  /** Analysis worker threads in this process (0: API only, PostgreSQL deployments). */
  workers: number;
  /** Where users write for help: the footer's 'Soporte técnico' and contact address. */
  supportEmail: string;
  /** Longest a request may take to arrive whole (headers and body); slower ones get 408. */
  bodyTimeoutMs: number;
  limits: UserLimits;
  jobLimits: JobLimits;
  /**
   * Which peers' X-Forwarded-* headers to believe (Fastify `trustProxy`): false, true (all: only
   * behind a proxy nobody can bypass), a hop count, or addresses and CIDR ranges.
   */
  trustProxy: boolean | number | string[];
  /** Origins besides Holgura's own whose pages may sign in and write with a cookie. */
  allowedOrigins: string[];
}

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const url = (name: string) =>
  z
    .string()
    .trim()
    .url(`${name} debe ser una URL completa (p. ej. https://holgura.ejemplo.co)`)
    .transform((value) => value.replace(/\/+$/, ''));

const positiveInt = (name: string, what: string) =>
  z.coerce
    .number({ error: `${name} debe ser un número` })
    .int(`${name} debe ser un entero`)
    .min(1, `${name} debe ser al menos 1 (${what})`);

const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): boolean | number | string[] => {
    if (value === '' || value === 'off') return false;
    if (value === 'on') return true;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    for (const entry of entries) {
      const [address = '', bits, ...rest] = entry.split('/');
      const family = net.isIP(address);
      const prefixOk =
        bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
      if (family === 0 || !prefixOk || rest.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `TRUST_PROXY debe ser off, on, un número de saltos o direcciones IP y rangos CIDR separados por comas (no se entiende «${entry}»)`,
        });
        return z.NEVER;
      }
    }
    return entries;
  });

const origins = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const list: string[] = [];
    for (const entry of value.split(',').map((item) => item.trim())) {
      if (entry === '') continue;
      let parsed: URL | null = null;
      try {
        parsed = new URL(entry);
      } catch {
        parsed = null;
      }
      if (
        parsed === null ||
        !/^https?:$/.test(parsed.protocol) ||
        parsed.origin !== entry.replace(/\/+$/, '')
      ) {
        ctx.addIssue({
          code: 'custom',
          message: `ALLOWED_ORIGINS debe ser una lista de orígenes separados por comas, como https://holgura.ejemplo.co o http://10.0.0.5:8080 (no se entiende «${entry}»)`,
        });
        return z.NEVER;
      }
      list.push(parsed.origin);
    }
    return list;
  });

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'PORT debe ser un número' })
    .int('PORT debe ser un entero')
    .min(0, 'PORT debe estar entre 0 y 65535')
    .max(65535, 'PORT debe estar entre 0 y 65535')
    .default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: optionalText.pipe(url('PUBLIC_URL').optional()),
  DATA_DIR: z.string().min(1, 'DATA_DIR no puede estar vacío').default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL debe empezar por postgres:// o postgresql://')
      .optional(),
  ),
  WEB_DIST_DIR: optionalText,
  DEMO_DATA: z.enum(['on', 'off'], { error: 'DEMO_DATA debe ser on u off' }).default('on'),
  DEMO_DIR: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'silent']).default('info'),
  AUTH_SECRET: optionalText.pipe(
    z.string().min(32, 'AUTH_SECRET debe tener al menos 32 caracteres').optional(),
  ),
  SIGN_IN_ATTEMPTS_PER_MINUTE: z.coerce
    .number()
    .int('SIGN_IN_ATTEMPTS_PER_MINUTE debe ser un entero')
    .min(1, 'SIGN_IN_ATTEMPTS_PER_MINUTE debe ser al menos 1')
    .default(10),
  SAX_ISSUER: optionalText.pipe(url('SAX_ISSUER').optional()),
  SAX_CLIENT_ID: optionalText,
  SAX_POLICY: optionalText,
  SAX_TEST_PASSWORD: optionalText.pipe(
    z
      .string()
      .min(8, 'SAX_TEST_PASSWORD debe tener al menos 8 caracteres')
      .max(128, 'SAX_TEST_PASSWORD no puede tener más de 128 caracteres')
      .optional(),
  ),
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL debe empezar por smtp:// o smtps://')
      .optional(),
  ),
  WORKERS: z.coerce
    .number()
    .int('WORKERS debe ser un entero')
    .min(0, 'WORKERS no puede ser negativo')
    .optional(),
  BODY_TIMEOUT_SECONDS: positiveInt(
    'BODY_TIMEOUT_SECONDS',
    'segundos para recibir una solicitud completa',
  ).default(60),
  USER_UPLOADS_PER_MINUTE: positiveInt(
    'USER_UPLOADS_PER_MINUTE',
    'subidas por usuario y minuto',
  ).default(10),
  USER_ACTIVE_JOBS: positiveInt('USER_ACTIVE_JOBS', 'análisis en curso por usuario').default(3),
  USER_STORAGE_MB: positiveInt('USER_STORAGE_MB', 'MB de archivos por usuario').default(500),
  MAX_CASE_BUSES: positiveInt('MAX_CASE_BUSES', 'barras por caso').default(50_000),
  MAX_STUDY_CASES: positiveInt('MAX_STUDY_CASES', 'casos (escenarios × años) por estudio').default(
    5_000,
  ),
  MAX_STUDY_HOURS: z.coerce
    .number({ error: 'MAX_STUDY_HOURS debe ser un número de horas' })
    .positive('MAX_STUDY_HOURS debe ser mayor que 0')
    .default(2),
  JOB_TIME_LIMIT_MINUTES: positiveInt(
    'JOB_TIME_LIMIT_MINUTES',
    'minutos por análisis o por caso de un estudio',
  ).default(30),
  SMALL_CASE_BUSES: positiveInt('SMALL_CASE_BUSES', 'barras de un caso pequeño').default(5_000),
  MAX_AC_VERIFICATION_MINUTES: positiveInt(
    'MAX_AC_VERIFICATION_MINUTES',
    'minutos estimados de una verificación AC de todas las barras',
  ).default(60),
  TRUST_PROXY: trustProxy.default(false),
  ALLOWED_ORIGINS: origins.default([]),
  SUPPORT_EMAIL: optionalText.pipe(
    z
      .email('SUPPORT_EMAIL debe ser una dirección de correo (p. ej. soporte@holgura.co)')
      .optional(),
  ),
});

export const DEFAULT_SUPPORT_EMAIL = 'soporte@holgura.co';

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Configuración inválida:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Both `src/config` (dev, tsx) and `dist/` (bundle) sit below apps/server. */
function serverRoot(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return here.includes(`${path.sep}src${path.sep}`)
    ? path.resolve(here, '../..')
    : path.resolve(here, '..');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const values = parsed.data;
  if (values.WORKERS === 0 && values.DATABASE_URL === undefined) {
    throw new ConfigError([
      'WORKERS: 0 (sin análisis en este proceso) solo es posible con DATABASE_URL, donde otros procesos `npm run worker` ejecutan los análisis',
    ]);
  }
  if (values.SAX_ISSUER !== undefined && values.SAX_CLIENT_ID === undefined) {
    throw new ConfigError(['SAX_CLIENT_ID: es obligatorio cuando se define SAX_ISSUER']);
  }
  return {
    port: values.PORT,
    host: values.HOST,
    publicUrl: values.PUBLIC_URL ?? `http://localhost:${values.PORT}`,
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL ?? null,
    webDistDir: path.resolve(values.WEB_DIST_DIR ?? path.resolve(serverRoot(), '../web/dist')),
    demoDir:
      values.DEMO_DATA === 'off'
        ? null
        : path.resolve(values.DEMO_DIR ?? path.resolve(serverRoot(), '../../demo')),
    logLevel: values.LOG_LEVEL,
    authSecret: values.AUTH_SECRET ?? null,
    signInAttemptsPerMinute: values.SIGN_IN_ATTEMPTS_PER_MINUTE,
    sax: {
      issuer: values.SAX_ISSUER ?? null,
      clientId: values.SAX_CLIENT_ID ?? 'holgura-web',
      policy: values.SAX_POLICY ?? null,
      testPassword: values.SAX_TEST_PASSWORD ?? null,
    },
    smtpUrl: values.SMTP_URL ?? null,
    // At least two: one of them is kept for small cases (jobs/worker-pool.ts, issue #26).
    workers: values.WORKERS ?? Math.max(2, os.availableParallelism() - 1),
    supportEmail: values.SUPPORT_EMAIL ?? DEFAULT_SUPPORT_EMAIL,
    bodyTimeoutMs: values.BODY_TIMEOUT_SECONDS * 1000,
    limits: {
      uploadsPerMinute: values.USER_UPLOADS_PER_MINUTE,
      activeJobs: values.USER_ACTIVE_JOBS,
      storageBytes: values.USER_STORAGE_MB * 1024 * 1024,
    },
    jobLimits: {
      maxCaseBuses: values.MAX_CASE_BUSES,
      maxStudyCases: values.MAX_STUDY_CASES,
      maxStudyHours: values.MAX_STUDY_HOURS,
      jobTimeLimitMinutes: values.JOB_TIME_LIMIT_MINUTES,
      smallCaseBuses: values.SMALL_CASE_BUSES,
      maxAcVerificationMinutes: values.MAX_AC_VERIFICATION_MINUTES,
    },
    trustProxy: values.TRUST_PROXY,
    allowedOrigins: values.ALLOWED_ORIGINS,
  };
}

/**
 * Whether PUBLIC_URL is the default one (`http://localhost:$PORT`, above): then nobody told
 * Holgura its address, and `localhost` in a mail, or in the API's documentation, would point at
 * the reader's own machine.
 */
export function isDefaultPublicUrl(publicUrl: string): boolean {
  const url = new URL(publicUrl);
  return url.protocol === 'http:' && url.hostname === 'localhost' && url.pathname === '/';
}
