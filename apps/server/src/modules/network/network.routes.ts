import type { FastifyInstance } from 'fastify';
import { apiError, caseIdSchema } from '@holgura/contracts';
import type { Db } from '../../db/database';
import type { AuthGuard } from '../../http/auth-guard';
import { findCaseNetworkJson, findDemoStudyNetworkJson } from './network.repository';

/**
 * `GET /api/cases/:caseId/network`: the owner's case (or a demo case); `GET
 * /api/demo-study/network`: the /resultados study network, for any signed-in user like the
 * study's cases. The stored JSON is sent as is (it can be megabytes; no re-serialising).
 */
export function registerNetworkRoutes(app: FastifyInstance, deps: { db: Db; guard: AuthGuard }) {
  const { db, guard } = deps;
  const signedIn = { preHandler: guard.requireUser };

  app.get<{ Params: { caseId: string } }>(
    '/api/cases/:caseId/network',
    signedIn,
    async (request, reply) => {
      const caseId = caseIdSchema.safeParse(request.params.caseId);
      if (!caseId.success) return reply.status(404).send(apiError('CASE_NOT_FOUND'));
      const json = await findCaseNetworkJson(db, request.principal!.userId, caseId.data);
      if (json === null) return reply.status(404).send(apiError('CASE_NETWORK_NOT_FOUND'));
      return reply.type('application/json; charset=utf-8').send(`{"network":${json}}`);
    },
  );

  app.get('/api/demo-study/network', signedIn, async (_request, reply) => {
    const json = await findDemoStudyNetworkJson(db);
    if (json === null) return reply.status(404).send(apiError('DEMO_NETWORK_NOT_FOUND'));
    return reply.type('application/json; charset=utf-8').send(`{"network":${json}}`);
  });
}
