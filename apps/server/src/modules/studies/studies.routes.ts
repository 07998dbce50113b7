import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  apiError,
  apiRoutes,
  caseBusesResponseSchema,
  caseParamsSchema,
  DEMO_STUDY_ID,
  networkViewResponseSchema,
  studyDetailSchema,
  studyFileSchema,
  studyListResponseSchema,
  XLSX_MEDIA_TYPE,
} from '@holgura/contracts';
import { defineRoute } from '../../http/api-route';
import { acceptsGzip, sendStoredJson } from '../../http/stored-json';
import { DEMO_STUDY_NETWORK_KEY, findNetworkAnswer } from '../network/network.repository';
import { STUDY_TEMPLATE_EXAMPLE } from './workbook';
import { studyNetworkKey } from './study-jobs.repository';
import { caseBusCatalog, studyBusCatalog } from './case-buses';
import { registerStudyFormRoutes } from './study-form.routes';
import { owner, studyParams, type StudyRouteDeps } from './study-routes.shared';
import { registerStudyReportRoutes } from './report/report.routes';

export type { StudyRouteDeps };

/**
 * Users' capacity studies (issue #15): created from a form with the base case and the study
 * file, computed as a job, read per scenario × year case, edited into new versions, cancelled
 * and deleted. Only the owner sees a study; the demo study is public and read-only. One function
 * per endpoint group, in the order the API lists them.
 */
export async function registerStudyRoutes(
  app: FastifyInstance,
  deps: StudyRouteDeps,
): Promise<void> {
  await registerStudyFormRoutes(app, deps);
  registerStudyListRoutes(app, deps);
  registerStudyFileRoutes(app, deps);
  registerStudyNetworkRoutes(app, deps);
  registerStudyReportRoutes(app, deps);
  registerStudyControlRoutes(app, deps);
  registerCaseBusesRoute(app, deps);
}

/** The list, the Excel template and one study. */
function registerStudyListRoutes(app: FastifyInstance, deps: StudyRouteDeps): void {
  const { guard, service, checker } = deps;
  defineRoute(app, {
    method: 'GET',
    url: apiRoutes.studies.pattern,
    tag: 'Estudios',
    summary: 'Los estudios del usuario, del más reciente al más antiguo, y el de demostración',
    auth: guard.requireUser,
    responses: { 200: studyListResponseSchema },
    handler: async (request) => ({ studies: await service.list(owner(request)) }),
  });

  defineRoute(app, {
    method: 'GET',
    url: apiRoutes.studyTemplate.pattern,
    tag: 'Estudios',
    summary: 'Plantilla de Excel de un estudio, llena con un ejemplo pequeño',
    auth: guard.requireUser,
    responses: {
      200: { description: 'El libro de Excel', mediaTypes: [XLSX_MEDIA_TYPE] },
    },
    handler: async (_request, reply) => {
      const bytes = await checker.writeWorkbook(STUDY_TEMPLATE_EXAMPLE);
      return reply
        .header('Content-Type', XLSX_MEDIA_TYPE)
        .header('Content-Disposition', 'attachment; filename="plantilla-estudio-holgura.xlsx"')
        .send(bytes);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: apiRoutes.study.pattern,
    tag: 'Estudios',
    summary: 'Un estudio: su archivo, su estado y cada caso escenario × año con sus barras',
    auth: guard.requireUser,
    params: studyParams,
    notFound: 'STUDY_NOT_FOUND',
    responses: { 200: studyDetailSchema },
    errors: { 404: ['STUDY_NOT_FOUND'] },
    handler: async (request, reply) => {
      const detail = await service.detail(owner(request), request.params.studyId);
      if (detail === null) return reply.status(404).send(apiError('STUDY_NOT_FOUND'));
      return detail;
    },
  });
}

/** A study's own file, as Excel or JSON, to edit it. */
function registerStudyFileRoutes(app: FastifyInstance, deps: StudyRouteDeps): void {
  const { guard, service, checker } = deps;
  for (const format of ['xlsx', 'json'] as const) {
    defineRoute(app, {
      method: 'GET',
      url: apiRoutes.studyFile[format].pattern,
      tag: 'Estudios',
      summary:
        format === 'xlsx'
          ? 'El archivo del estudio como libro de Excel (para editarlo)'
          : 'El archivo del estudio en JSON (para editarlo)',
      auth: guard.requireUser,
      params: studyParams,
      notFound: 'STUDY_NOT_FOUND',
      responses: {
        200: {
          description: 'El archivo del estudio',
          mediaTypes: [format === 'xlsx' ? XLSX_MEDIA_TYPE : 'application/json'],
        },
      },
      errors: { 404: ['STUDY_NOT_FOUND'] },
      handler: async (request, reply) => {
        const detail = await service.detail(owner(request), request.params.studyId);
        if (detail === null) return reply.status(404).send(apiError('STUDY_NOT_FOUND'));
        const { baseCase: _baseCase, ...study } = studyFileSchema.parse(detail.study);
        const fileName = `estudio-${detail.studyId.slice(0, 8)}.${format}`;
        reply.header('Content-Disposition', `attachment; filename="${fileName}"`);
        if (format === 'json') {
          return reply
            .header('Content-Type', 'application/json; charset=utf-8')
            .send(JSON.stringify(study, null, 2));
        }
        return reply
          .header('Content-Type', XLSX_MEDIA_TYPE)
          .send(await checker.writeWorkbook(study));
      },
    });
  }
}

/** The study's base network: its map and its buses. */
function registerStudyNetworkRoutes(app: FastifyInstance, deps: StudyRouteDeps): void {
  const { db, guard, service } = deps;
  defineRoute(app, {
    method: 'GET',
    url: apiRoutes.studyNetwork.pattern,
    tag: 'Estudios',
    summary: 'La vista de la red base del estudio (para el mapa de capacidad)',
    auth: guard.requireUser,
    params: studyParams,
    notFound: 'STUDY_NOT_FOUND',
    responses: { 200: networkViewResponseSchema },
    errors: { 404: ['STUDY_NOT_FOUND', 'DEMO_NETWORK_NOT_FOUND', 'CASE_NETWORK_NOT_FOUND'] },
    handler: async (request, reply) => {
      const { studyId } = request.params;
      const gzip = acceptsGzip(request.headers['accept-encoding']);
      const reader = { owner: owner(request) };
      if (studyId === DEMO_STUDY_ID) {
        const stored = await findNetworkAnswer(db, 'demo-study', DEMO_STUDY_NETWORK_KEY, gzip);
        if (stored === null) return reply.status(404).send(apiError('DEMO_NETWORK_NOT_FOUND'));
        return sendStoredJson(request, reply, stored);
      }
      const detail = await service.detail(reader.owner, studyId);
      if (detail === null) return reply.status(404).send(apiError('STUDY_NOT_FOUND'));
      const version = detail.resultsVersion ?? detail.version;
      // The study is the caller's (detail above): its own network, stored under a key no case
      // has, is read without the case-ownership check ('demo-study' skips it), like the demo's.
      const stored =
        detail.baseCaseId !== null
          ? await findNetworkAnswer(db, reader, detail.baseCaseId, gzip)
          : await findNetworkAnswer(db, 'demo-study', studyNetworkKey(studyId, version), gzip);
      if (stored === null) return reply.status(404).send(apiError('CASE_NETWORK_NOT_FOUND'));
      return sendStoredJson(request, reply, stored);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: apiRoutes.studyBuses.pattern,
    tag: 'Estudios',
    summary:
      'Las barras de la red base de uno de tus estudios (para editarlo sin subir el archivo otra vez)',
    auth: guard.requireUser,
    params: studyParams,
    notFound: 'STUDY_NOT_FOUND',
    responses: { 200: caseBusesResponseSchema },
    errors: { 404: ['STUDY_NOT_FOUND'], 422: ['STUDY_CASE_UNREADABLE'] },
    handler: async (request, reply) => {
      const catalog = await studyBusCatalog(deps, owner(request), request.params.studyId);
      if (catalog === 'not-found') return reply.status(404).send(apiError('STUDY_NOT_FOUND'));
      if (catalog === 'unreadable') {
        return reply.status(422).send(apiError('STUDY_CASE_UNREADABLE'));
      }
      return catalog;
    },
  });
}

/** Stopping and deleting a study (never the demo's). */
function registerStudyControlRoutes(app: FastifyInstance, deps: StudyRouteDeps): void {
  const { guard, service } = deps;
  defineRoute(app, {
    method: 'POST',
    url: apiRoutes.studyCancel.pattern,
    tag: 'Estudios',
    summary: 'Cancela el cálculo en curso de un estudio (los resultados anteriores se conservan)',
    auth: guard.requireUser,
    params: studyParams,
    notFound: 'STUDY_NOT_FOUND',
    responses: { 200: z.object({ studyId: z.string(), state: z.literal('cancelled') }) },
    errors: { 403: ['STUDY_READ_ONLY'], 404: ['STUDY_NOT_FOUND'], 409: ['STUDY_NOT_RUNNING'] },
    handler: async (request, reply) => {
      const { studyId } = request.params;
      if (studyId === DEMO_STUDY_ID) return reply.status(403).send(apiError('STUDY_READ_ONLY'));
      const result = await service.cancel(owner(request), studyId);
      if (result === 'not-found') return reply.status(404).send(apiError('STUDY_NOT_FOUND'));
      if (result === 'not-running') return reply.status(409).send(apiError('STUDY_NOT_RUNNING'));
      return { studyId, state: 'cancelled' as const };
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: apiRoutes.study.pattern,
    tag: 'Estudios',
    summary: 'Borra un estudio con todos sus casos y resultados',
    auth: guard.requireUser,
    params: studyParams,
    notFound: 'STUDY_NOT_FOUND',
    responses: { 204: { description: 'Borrado' } },
    errors: { 403: ['STUDY_READ_ONLY'], 404: ['STUDY_NOT_FOUND'] },
    handler: async (request, reply) => {
      const { studyId } = request.params;
      if (studyId === DEMO_STUDY_ID) return reply.status(403).send(apiError('STUDY_READ_ONLY'));
      const deleted = await service.delete(owner(request), studyId);
      if (!deleted) return reply.status(404).send(apiError('STUDY_NOT_FOUND'));
      return reply.status(204).send();
    },
  });
}

/** An analysed case's buses, to pick a study's. */
function registerCaseBusesRoute(app: FastifyInstance, deps: StudyRouteDeps): void {
  const { guard } = deps;
  defineRoute(app, {
    method: 'GET',
    url: apiRoutes.caseBuses.pattern,
    tag: 'Estudios',
    summary: 'Las barras de un caso analizado (número, nombre, kV, área, zona) para elegirlas',
    auth: guard.requireUser,
    params: caseParamsSchema,
    notFound: 'CASE_NOT_FOUND',
    responses: { 200: caseBusesResponseSchema },
    errors: { 404: ['CASE_NOT_FOUND'], 422: ['STUDY_CASE_UNREADABLE'] },
    handler: async (request, reply) => {
      const catalog = await caseBusCatalog(deps, owner(request), request.params.caseId);
      if (catalog === 'not-found') return reply.status(404).send(apiError('CASE_NOT_FOUND'));
      if (catalog === 'unreadable') {
        return reply.status(422).send(apiError('STUDY_CASE_UNREADABLE'));
      }
      return catalog;
    },
  });
}
