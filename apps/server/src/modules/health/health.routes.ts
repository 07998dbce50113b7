import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { apiRoutes, healthResponseSchema, type HealthResponse } from '@holgura/contracts';
import packageJson from '../../../package.json';
import type { Db } from '../../db/database';
import { defineRoute } from '../../http/api-route';
import { sendDatabaseUnavailable } from '../../http/error-handler';

/** A database that does not answer within this long counts as down for the health check. */
export const HEALTH_DATABASE_TIMEOUT_MS = 3000;

/**
 * Load balancers and monitors read this: 200 only when the database answers, else 503 with the
 * Spanish outage message, so traffic moves away from an instance that cannot serve.
 */
export function registerHealthRoutes(app: FastifyInstance, db: Db): void {
  defineRoute(app, {
    method: 'GET',
    url: apiRoutes.health.pattern,
    tag: 'Servicio',
    summary: 'Estado del servidor: 200 solo si la base de datos responde',
    responses: { 200: healthResponseSchema },
    handler: async (request, reply) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          sql`select 1`.execute(db),
          new Promise((_resolve, reject) => {
            timer = setTimeout(
              () => reject(new Error('database health check timed out')),
              HEALTH_DATABASE_TIMEOUT_MS,
            );
          }),
        ]);
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database unavailable');
        return sendDatabaseUnavailable(reply);
      } finally {
        clearTimeout(timer);
      }
      const body: HealthResponse = {
        status: 'ok',
        version: packageJson.version,
        uptimeSeconds: Math.round(process.uptime()),
      };
      return body;
    },
  });
}
