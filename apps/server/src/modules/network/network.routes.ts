import type { FastifyError, FastifyInstance } from 'fastify';
import { apiError, caseIdSchema, describeEngineError } from '@holgura/contracts';
import { isEngineError } from '@holgura/engine';
import type { Db } from '../../db/database';
import type { AuthGuard } from '../../http/auth-guard';
import { acceptsGzip, sendStoredJson } from '../../http/stored-json';
import { reprojectNetwork } from './network-view';
import {
  DEMO_STUDY_NETWORK_KEY,
  findNetworkAnswer,
  findOwnCaseNetwork,
  prepareNetworkView,
  saveCaseNetwork,
} from './network.repository';

/** A coordinates file is one short line per bus: 2 MB is ~50,000 buses. */
export const MAX_COORDINATES_BYTES = 2 * 1024 * 1024;

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
      const answer = await findNetworkAnswer(
        db,
        { owner: request.principal!.userId },
        caseId.data,
        acceptsGzip(request.headers['accept-encoding']),
      );
      if (answer === null) return reply.status(404).send(apiError('CASE_NETWORK_NOT_FOUND'));
      return sendStoredJson(request, reply, answer);
    },
  );

  app.get('/api/demo-study/network', signedIn, async (request, reply) => {
    const answer = await findNetworkAnswer(
      db,
      'demo-study',
      DEMO_STUDY_NETWORK_KEY,
      acceptsGzip(request.headers['accept-encoding']),
    );
    if (answer === null) return reply.status(404).send(apiError('DEMO_NETWORK_NOT_FOUND'));
    return sendStoredJson(request, reply, answer);
  });

  // Companion coordinates (issue #9 item 1): a CSV `bus,lat,lon` that replaces the positions of
  // the owner's case (not a demo case). Text bodies only here, in an encapsulated plugin.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      ['text/csv', 'text/plain'],
      { parseAs: 'string' },
      (_request, body, done) => done(null, body),
    );
    scope.addContentTypeParser('*', (_request, _payload, done) => {
      done(Object.assign(new Error('unsupported content type'), { statusCode: 415 }), undefined);
    });
    scope.setErrorHandler((error: FastifyError, _request, reply) => {
      if (error.statusCode === 413) return reply.status(413).send(apiError('REQUEST_TOO_LARGE'));
      if (error.statusCode === 415) {
        return reply.status(415).send(apiError('UNSUPPORTED_MEDIA_TYPE'));
      }
      throw error;
    });
    scope.put<{ Params: { caseId: string }; Body: string }>(
      '/api/cases/:caseId/coordinates',
      { preHandler: guard.requireUser, bodyLimit: MAX_COORDINATES_BYTES },
      async (request, reply) => {
        const caseId = caseIdSchema.safeParse(request.params.caseId);
        if (!caseId.success) return reply.status(404).send(apiError('CASE_NOT_FOUND'));
        const stored = await findOwnCaseNetwork(db, request.principal!.userId, caseId.data);
        if (stored === null) return reply.status(404).send(apiError('CASE_NETWORK_NOT_FOUND'));
        try {
          const network = reprojectNetwork(
            stored,
            typeof request.body === 'string' ? request.body : '',
          );
          await saveCaseNetwork(db, caseId.data, await prepareNetworkView(network));
          return reply.status(200).send({ network });
        } catch (error) {
          if (!isEngineError(error)) throw error;
          const described = describeEngineError(error);
          return reply.status(400).send(apiError(described.code, described.message));
        }
      },
    );
  });
}
