import type { FastifyInstance } from 'fastify';
import {
  apiError,
  apiRoutes,
  caseDataSchema,
  caseIdResponseSchema,
  caseListQuerySchema,
  caseListResponseSchema,
  caseLookupParamsSchema,
  caseParamsSchema,
  DEMO_CASE_ID_PREFIX,
  demoCaseResponseSchema,
  errorMessages,
  upsertCaseDataRequestSchema,
  upsertCaseRequestSchema,
  type CaseIdResponse,
  type CaseListResponse,
} from '@holgura/contracts';
import type { Db } from '../../db/database';
import type { UserLimitsGuard } from '../uploads/user-limits';
import { defineRoute, NOT_MODIFIED } from '../../http/api-route';
import type { AuthGuard } from '../../http/auth-guard';
import { etagOf } from '../../http/json-segments';
import {
  acceptsGzip,
  sendComposedJson,
  sendJsonAnswer,
  sendStoredJson,
} from '../../http/stored-json';
import type { ManagedUploadStorage } from '../uploads/upload-storage';
import { deleteCase } from './case-delete';
import { casesRepository, findNewestDemoCase } from './cases.repository';

export function registerCaseRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    guard: AuthGuard;
    storage: ManagedUploadStorage;
    /** Per-user writes per minute and stored bytes (issue #26); tests may leave them out. */
    limits?: Pick<UserLimitsGuard, 'beforeWrite'>;
  },
) {
  const { db, guard } = deps;
  const forOwner = (request: { principal: { userId: string } | null }) =>
    casesRepository(db, request.principal!.userId);

  defineRoute(app, {
    method: 'GET',
    url: apiRoutes.cases.pattern,
    tag: 'Casos',
    summary: 'Casos del usuario: una página, ordenada y filtrada en el servidor',
    description:
      'Con cualquier parámetro, una página (`page`, `pageSize` 5, 10, 25, 50 o 100) de los ' +
      'casos que pasan los filtros (`owner`: own, demo o all; `family`: none para los de ' +
      '/analisis, some para los de estudios), ordenada por `sort` (createdAt o name) y ' +
      '`order`, con `total`. Sin parámetros, todos los casos propios, del más reciente al más ' +
      'antiguo (los 450 de la demostración se leen con `owner=demo` o en ' +
      'GET /api/studies/demo). Con ETag (`If-None-Match` → 304).',
    auth: guard.requireUser,
    querystring: caseListQuerySchema,
    responses: { 200: caseListResponseSchema, 304: NOT_MODIFIED },
    handler: async (request, reply) => {
      const repository = forOwner(request);
      const paged = new URLSearchParams(request.url.split('?')[1] ?? '').size > 0;
      let answer: CaseListResponse;
      if (paged) {
        const { page, pageSize } = request.query;
        const { cases, total } = await repository.page(request.query);
        answer = { cases, total, page, pageSize };
      } else {
        answer = { cases: await repository.list({ withDemo: false }) };
      }
      const json = JSON.stringify(answer);
      return sendJsonAnswer(request, reply, etagOf(json), json);
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: apiRoutes.case.pattern,
    tag: 'Casos',
    summary: 'Crea un caso o cambia los campos dados (los demás se conservan)',
    auth: guard.requireUser,
    params: caseParamsSchema,
    notFound: 'CASE_NOT_FOUND',
    body: upsertCaseRequestSchema,
    responses: { 200: caseIdResponseSchema },
    preHandler: deps.limits?.beforeWrite,
    errors: {
      404: ['CASE_NOT_FOUND'],
      409: ['CASE_ID_RESERVED'],
      413: ['STORAGE_QUOTA_EXCEEDED'],
      429: ['UPLOAD_RATE_LIMITED'],
    },
    handler: async (request, reply) => {
      const { caseId } = request.params;
      // The demo study's ids: nobody may claim one before (or after) the demo is stored.
      if (caseId.startsWith(DEMO_CASE_ID_PREFIX)) {
        return reply.status(409).send(apiError('CASE_ID_RESERVED'));
      }
      const stored = await forOwner(request).upsert(caseId, request.body);
      if (stored === 'not-found') return reply.status(404).send(apiError('CASE_NOT_FOUND'));
      if (stored === 'name-required') {
        return reply
          .status(400)
          .send(apiError('VALIDATION_FAILED', 'El nombre del caso es obligatorio'));
      }
      return reply.status(200).send({ caseId } satisfies CaseIdResponse);
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: apiRoutes.case.pattern,
    tag: 'Casos',
    summary: 'Elimina un caso con su archivo, sus resultados y su análisis',
    description:
      'Un análisis en curso se detiene. Los casos de un estudio se eliminan con el estudio ' +
      '(409); un estudio hecho sobre este caso conserva su propia copia del archivo.',
    auth: guard.requireUser,
    params: caseParamsSchema,
    notFound: 'CASE_NOT_FOUND',
    responses: { 204: { description: 'Caso eliminado' } },
    errors: { 403: ['CASE_READ_ONLY'], 404: ['CASE_NOT_FOUND'], 409: ['CASE_IN_STUDY'] },
    handler: async (request, reply) => {
      const outcome = await deleteCase(deps, request.principal!.userId, request.params.caseId);
      if (outcome.deleted) return reply.status(204).send();
      if (outcome.reason === 'demo') return reply.status(403).send(apiError('CASE_READ_ONLY'));
      if (outcome.reason === 'in-study') {
        const study = outcome.studyName === '' ? '' : ` (estudio «${outcome.studyName}»)`;
        return reply
          .status(409)
          .send(apiError('CASE_IN_STUDY', `${errorMessages.CASE_IN_STUDY}${study}`));
      }
      return reply.status(404).send(apiError('CASE_NOT_FOUND'));
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: apiRoutes.caseData.pattern,
    tag: 'Casos',
    summary: 'Resultados del caso',
    description:
      'El resultado completo (el documento fullDataJSON y el análisis), enviado desde lo ' +
      'guardado sin armarlo de nuevo: comprimido (gzip) si el cliente lo acepta, con ETag. En ' +
      'un caso de 10 000 barras son decenas de MB: las pantallas leen las partes de ' +
      '/api/cases/{caseId}/result/….',
    auth: guard.requireUser,
    params: caseLookupParamsSchema,
    responses: { 200: caseDataSchema, 304: NOT_MODIFIED },
    errors: { 404: ['CASE_DATA_NOT_FOUND'] },
    handler: async (request, reply) => {
      const answer = await forOwner(request).findDataAnswer(
        request.params.caseId,
        acceptsGzip(request.headers['accept-encoding']),
      );
      if (answer === null) return reply.status(404).send(apiError('CASE_DATA_NOT_FOUND'));
      if (answer.kind === 'composed') {
        return sendComposedJson(request, reply, answer.etag, answer.pieces);
      }
      return sendStoredJson(request, reply, answer.stored);
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: apiRoutes.caseData.pattern,
    tag: 'Casos',
    summary: 'Guarda los resultados del caso',
    auth: guard.requireUser,
    params: caseLookupParamsSchema,
    body: upsertCaseDataRequestSchema,
    responses: { 200: caseIdResponseSchema },
    preHandler: deps.limits?.beforeWrite,
    errors: {
      404: ['CASE_NOT_FOUND'],
      413: ['STORAGE_QUOTA_EXCEEDED'],
      429: ['UPLOAD_RATE_LIMITED'],
    },
    handler: async (request, reply) => {
      const { caseId } = request.params;
      const stored = await forOwner(request).upsertData(
        caseId,
        request.body.fullDataJson,
        request.body.extras,
      );
      if (!stored) return reply.status(404).send(apiError('CASE_NOT_FOUND'));
      return reply.status(200).send({ caseId } satisfies CaseIdResponse);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: apiRoutes.demoCase.pattern,
    tag: 'Demostración',
    summary: 'Caso de demostración más reciente',
    responses: { 200: demoCaseResponseSchema },
    errors: { 404: ['DEMO_CASE_NOT_FOUND'] },
    handler: async (_request, reply) => {
      const demo = await findNewestDemoCase(db);
      if (demo === null) return reply.status(404).send(apiError('DEMO_CASE_NOT_FOUND'));
      return demo;
    },
  });
}
