import type { FastifyInstance } from 'fastify';
import type { HealthResponse } from '@holgura/contracts';
import packageJson from '../../../package.json';

export function registerHealthRoutes(app: FastifyInstance): void {
  app.get('/api/health', (): HealthResponse => ({
    status: 'ok',
    version: packageJson.version,
    uptimeSeconds: Math.round(process.uptime()),
  }));
}
