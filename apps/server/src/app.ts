import Fastify, { type FastifyInstance } from 'fastify';
import type { AppConfig } from './config/env';
import { openDatabase, type Db } from './db/database';
import { registerErrorHandler } from './http/error-handler';
import { registerWebApp } from './http/web-app';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { registerHealthRoutes } from './modules/health/health.routes';
import { registerStatsRoutes } from './modules/stats/stats.routes';

export interface App {
  server: FastifyInstance;
  db: Db;
  servesWebApp: boolean;
}

/** Everything but listening: tests drive the result in-process with `server.inject`. */
export async function buildApp(config: AppConfig): Promise<App> {
  const db = await openDatabase(config.dataDir);
  const server = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    // Uploads are capped at 10 MB (PRODUCT.md); nothing else comes close.
    bodyLimit: 10 * 1024 * 1024,
  });
  server.addHook('onClose', async () => {
    await db.destroy();
  });

  registerErrorHandler(server);
  registerHealthRoutes(server);
  registerStatsRoutes(server, db);
  registerAuthRoutes(server);
  const servesWebApp = await registerWebApp(server, config.webDistDir);

  return { server, db, servesWebApp };
}
