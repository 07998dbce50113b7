import type { FastifyInstance } from 'fastify';
import {
  apiError,
  caseIdSchema,
  upsertCaseDataRequestSchema,
  upsertCaseRequestSchema,
  type CaseListResponse,
} from '@holgura/contracts';
import type { Db } from '../../db/database';
import type { AuthGuard } from '../../http/auth-guard';
import { acceptsGzip, sendStoredJson } from '../../http/stored-json';
import { parseBody } from '../../http/validation';
import { casesRepository, findNewestDemoCase } from './cases.repository';

export function registerCaseRoutes(app: FastifyInstance, deps: { db: Db; guard: AuthGuard }) {
  const { db, guard } = deps;
  const forOwner = (request: { principal: { userId: string } | null }) =>
    casesRepository(db, request.principal!.userId);
  const signedIn = { preHandler: guard.requireUser };

  app.get('/api/cases', signedIn, async (request): Promise<CaseListResponse> => ({
    cases: await forOwner(request).list(),
  }));

  app.put<{ Params: { caseId: string } }>(
    '/api/cases/:caseId',
    signedIn,
    async (request, reply) => {
      const caseId = caseIdSchema.safeParse(request.params.caseId);
      if (!caseId.success) return reply.status(404).send(apiError('CASE_NOT_FOUND'));
      const body = parseBody(upsertCaseRequestSchema, request.body, reply);
      if (body === undefined) return reply;
      const stored = await forOwner(request).upsert(caseId.data, body);
      if (!stored) return reply.status(404).send(apiError('CASE_NOT_FOUND'));
      return reply.status(200).send({ caseId: caseId.data });
    },
  );

  app.get<{ Params: { caseId: string } }>(
    '/api/cases/:caseId/data',
    signedIn,
    async (request, reply) => {
      const stored = await forOwner(request).findStoredData(
        request.params.caseId,
        acceptsGzip(request.headers['accept-encoding']),
      );
      if (stored === null) return reply.status(404).send(apiError('CASE_DATA_NOT_FOUND'));
      return sendStoredJson(request, reply, stored);
    },
  );

  app.put<{ Params: { caseId: string } }>(
    '/api/cases/:caseId/data',
    signedIn,
    async (request, reply) => {
      const body = parseBody(upsertCaseDataRequestSchema, request.body, reply);
      if (body === undefined) return reply;
      const stored = await forOwner(request).upsertData(
        request.params.caseId,
        body.fullDataJson,
        body.extras,
      );
      if (!stored) return reply.status(404).send(apiError('CASE_NOT_FOUND'));
      return reply.status(200).send({ caseId: request.params.caseId });
    },
  );

  app.get('/api/demo-case', async (_request, reply) => {
    const demo = await findNewestDemoCase(db);
    if (demo === null) return reply.status(404).send(apiError('DEMO_CASE_NOT_FOUND'));
    return demo;
  });
}
