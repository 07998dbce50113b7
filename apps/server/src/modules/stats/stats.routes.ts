import type { FastifyInstance } from 'fastify';
import { statsResponseSchema } from '@holgura/contracts';
import type { Db } from '../../db/database';
import { defineRoute } from '../../http/api-route';
import { readStats } from './stats.repository';

export function registerStatsRoutes(app: FastifyInstance, db: Db): void {
  defineRoute(app, {
    method: 'GET',
    url: '/api/stats',
    tag: 'Servicio',
    summary: 'Cifras públicas calculadas de la base de datos',
    responses: { 200: statsResponseSchema },
    handler: async () => statsResponseSchema.parse(await readStats(db)),
  });
}
