import type { FastifyInstance } from 'fastify';
import { apiRoutes, statsResponseSchema, type DemoDataState } from '@holgura/contracts';
import type { Db } from '../../db/database';
import { defineRoute } from '../../http/api-route';
import { hasDemoData, readStats } from './stats.repository';

/**
 * `demoPending`: true while the first-start demo data is being computed (app.ts); with no demo
 * data stored yet, the figures are zeros only because of that, and the screens say so.
 */
export function registerStatsRoutes(
  app: FastifyInstance,
  db: Db,
  demoPending: () => boolean = () => false,
): void {
  defineRoute(app, {
    method: 'GET',
    url: apiRoutes.stats.pattern,
    tag: 'Servicio',
    summary: 'Cifras públicas calculadas de la base de datos',
    responses: { 200: statsResponseSchema },
    handler: async () => {
      const [stats, demoStored] = await Promise.all([readStats(db), hasDemoData(db)]);
      const demoData: DemoDataState = demoStored ? 'ready' : demoPending() ? 'computing' : 'none';
      return statsResponseSchema.parse({ ...stats, demoData });
    },
  });
}
