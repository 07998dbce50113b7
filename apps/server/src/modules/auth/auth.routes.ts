import type { FastifyInstance } from 'fastify';
import type { SessionResponse } from '@holgura/contracts';

/**
 * Product accounts arrive with issue 5 (better-auth mounted under /api/auth). Until then no
 * account can exist, so the truthful answer to "who is signed in?" is nobody; the path matches
 * better-auth's so the web app does not change when accounts land.
 */
export function registerAuthRoutes(app: FastifyInstance): void {
  app.get('/api/auth/get-session', (): SessionResponse => null);
}
