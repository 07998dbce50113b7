import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** Folder with the built web app; the server runs API-only when it has no index.html. */
  webDistDir: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'silent';
}

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'PORT debe ser un número' })
    .int('PORT debe ser un entero')
    .min(0, 'PORT debe estar entre 0 y 65535')
    .max(65535, 'PORT debe estar entre 0 y 65535')
    .default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1, 'DATA_DIR no puede estar vacío').default('./data'),
  WEB_DIST_DIR: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'silent']).default('info'),
});

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Configuración inválida:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Both `src/config` (dev, tsx) and `dist/` (bundle) sit two levels below apps/. */
function defaultWebDistDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const serverRoot = here.includes(`${path.sep}src${path.sep}`)
    ? path.resolve(here, '../..')
    : path.resolve(here, '..');
  return path.resolve(serverRoot, '../web/dist');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const values = parsed.data;
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir: path.resolve(values.DATA_DIR),
    webDistDir: path.resolve(values.WEB_DIST_DIR ?? defaultWebDistDir()),
    logLevel: values.LOG_LEVEL,
  };
}
