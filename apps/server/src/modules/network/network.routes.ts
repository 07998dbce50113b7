import type { FastifyError, FastifyInstance } from 'fastify';
import {
  apiError,
  apiRoutes,
  caseParamsSchema,
  describeEngineError,
  networkViewResponseSchema,
} from '@holgura/contracts';
import { isEngineError } from '@holgura/engine';
import type { Db } from '../../db/database';
import { defineRoute, NOT_MODIFIED } from '../../http/api-route';
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
const COORDINATES_TYPES = ['text/csv', 'text/plain'];

/**
 * `GET /api/cases/:caseId/network`: the owner's case (or a demo case); `GET
 * /api/demo-study/network`: the /resultados study network, for any signed-in user like the
 * study's cases. The stored JSON is sent as is (it can be megabytes; no re-serialising).
 */
export function registerNetworkRoutes(app: FastifyInstance, deps: { db: Db; guard: AuthGuard }) {
  const { db, guard } = deps;
  defineRoute(app, {
    method: 'GET',
    url: apiRoutes.caseNetwork.pattern,
    tag: 'Red',
    summary: 'Vista de la red del caso',
    description:
      'Barras con su posición, ramas con el flujo DC del caso base y su capacidad, generadores. ' +
      'Del caso propio o de uno de demostración; 404 si el caso se analizó antes de existir la vista.',
    auth: guard.requireUser,
    params: caseParamsSchema,
    notFound: 'CASE_NOT_FOUND',
    responses: { 200: networkViewResponseSchema, 304: NOT_MODIFIED },
    errors: { 404: ['CASE_NETWORK_NOT_FOUND'] },
    handler: async (request, reply) => {
      const answer = await findNetworkAnswer(
        db,
        { owner: request.principal!.userId },
        request.params.caseId,
        acceptsGzip(request.headers['accept-encoding']),
      );
      if (answer === null) return reply.status(404).send(apiError('CASE_NETWORK_NOT_FOUND'));
      return sendStoredJson(request, reply, answer);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: apiRoutes.demoStudyNetwork.pattern,
    tag: 'Demostración',
    summary: 'Vista de la red del estudio de demostración (mapa de capacidad de /resultados)',
    auth: guard.requireUser,
    responses: { 200: networkViewResponseSchema, 304: NOT_MODIFIED },
    errors: { 404: ['DEMO_NETWORK_NOT_FOUND'] },
    handler: async (request, reply) => {
      const answer = await findNetworkAnswer(
        db,
        'demo-study',
        DEMO_STUDY_NETWORK_KEY,
        acceptsGzip(request.headers['accept-encoding']),
      );
      if (answer === null) return reply.status(404).send(apiError('DEMO_NETWORK_NOT_FOUND'));
      return sendStoredJson(request, reply, answer);
    },
  });

  // Companion coordinates (issue #9 item 1): a CSV `bus,lat,lon` that replaces the positions of
  // the owner's case (not a demo case). Text bodies only here, in an encapsulated plugin.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(COORDINATES_TYPES, { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
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
    defineRoute(scope, {
      method: 'PUT',
      url: apiRoutes.caseCoordinates.pattern,
      tag: 'Red',
      summary: 'Reemplaza las posiciones de las barras por las de un CSV barra,latitud,longitud',
      description: 'Separado por coma o punto y coma, hasta 2 MB; solo casos propios.',
      auth: guard.requireUser,
      params: caseParamsSchema,
      notFound: 'CASE_NOT_FOUND',
      rawBody: {
        mediaTypes: COORDINATES_TYPES,
        description: 'CSV con la cabecera barra,latitud,longitud',
      },
      bodyLimit: MAX_COORDINATES_BYTES,
      responses: { 200: networkViewResponseSchema },
      errors: {
        400: [
          'PARSE_COORDINATES_EMPTY',
          'PARSE_COORDINATES_HEADER',
          'PARSE_COORDINATES_FIELD_INVALID',
          'PARSE_COORDINATES_BUS_DUPLICATE',
          'PARSE_COORDINATES_BUS_UNKNOWN',
        ],
        404: ['CASE_NETWORK_NOT_FOUND'],
        413: ['REQUEST_TOO_LARGE'],
        415: ['UNSUPPORTED_MEDIA_TYPE'],
      },
      handler: async (request, reply) => {
        const { caseId } = request.params;
        const stored = await findOwnCaseNetwork(db, request.principal!.userId, caseId);
        if (stored === null) return reply.status(404).send(apiError('CASE_NETWORK_NOT_FOUND'));
        try {
          const network = reprojectNetwork(
            stored,
            typeof request.body === 'string' ? request.body : '',
          );
          await saveCaseNetwork(db, caseId, await prepareNetworkView(network));
          return reply.status(200).send({ network });
        } catch (error) {
          if (!isEngineError(error)) throw error;
          const described = describeEngineError(error);
          return reply.status(400).send(apiError(described.code, described.message));
        }
      },
    });
  });
}
