import type { FastifyInstance } from 'fastify';
import { statsResponseSchema } from '@holgura/contracts';
import type { Db } from '../../db/database';
import { readStats } from './stats.repository';

export function registerStatsRoutes(app: FastifyInstance, db: Db): void {
  app.get('/api/stats', async () => statsResponseSchema.parse(await readStats(db)));
}
