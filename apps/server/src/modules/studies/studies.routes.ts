import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  apiError,
  caseBusesResponseSchema,
  caseParamsSchema,
  createStudyResponseSchema,
  DEMO_STUDY_ID,
  MAX_UPLOAD_BYTES,
  networkViewResponseSchema,
  studyDetailSchema,
  studyFileSchema,
  studyIdSchema,
  studyListResponseSchema,
  studyValidationResponseSchema,
  XLSX_MEDIA_TYPE,
} from '@holgura/contracts';
import type { Db } from '../../db/database';
import { defineRoute } from '../../http/api-route';
import type { AuthGuard } from '../../http/auth-guard';
import { acceptsGzip, sendStoredJson } from '../../http/stored-json';
import { DEMO_STUDY_NETWORK_KEY, findNetworkAnswer } from '../network/network.repository';
import { STUDY_TEMPLATE_EXAMPLE } from './workbook';
import type { StudyChecker } from './study-check-thread';
import { sendStudyErrors } from './study-errors';
import { readNetworkForm, readStudyForm } from './study-form';
import type { StudiesService } from './studies.service';
import { studyNetworkKey } from './study-jobs.repository';
import { caseBusCatalog, studyBusCatalog } from './case-buses';
import type { UploadStorage } from '../uploads/upload-storage';
import type { UserLimitsGuard } from '../uploads/user-limits';

const studyParams = z.object({ studyId: studyIdSchema });
const FORM = ['multipart/form-data'] as const;
const FORM_DESCRIPTION =
  'Formulario `multipart/form-data`: `case` (el archivo de red, hasta 10 MB: MATPOWER o PSS/E ' +
  'RAW, opcionalmente comprimido con xz), `caseId` (uno de tus casos analizados) o `studyId` ' +
  '(la red de uno de tus estudios; en una nueva versión, por omisión la de la versión anterior), y `study` ' +
  '(el estudio en JSON o en Excel según la plantilla, hasta 5 MB, como archivo o como texto).';

/**
 * Users' capacity studies (issue #15): created from a form with the base case and the study
 * file, computed as a job, read per scenario × year case, edited into new versions, cancelled
 * and deleted. Only the owner sees a study; the demo study is public and read-only.
 */
export async function registerStudyRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    guard: AuthGuard;
    service: StudiesService;
    checker: StudyChecker;
    storage: UploadStorage;
    /** Per-user limits: a study or a new version counts as an upload and a job (issue #16). */
    limits: UserLimitsGuard;
  },
): Promise<void> {
  const { db, guard, service, checker } = deps;
  const owner = (request: { principal: { userId: string } | null }) => request.principal!.userId;

  await app.register(async (scope) => {
    // Multipart is read only here; the parts' sizes are enforced while they stream in.
    await scope.register(multipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 2, fields: 4, parts: 6 },
    });

    defineRoute(scope, {
      method: 'POST',
      url: '/api/networks/buses',
      tag: 'Estudios',
      summary:
        'Las barras de un archivo de red, sin guardarlo (para elegir las barras de un estudio)',
      description:
        'Formulario `multipart/form-data` con la parte `case` (hasta 10 MB): número, nombre, kV, ' +
        'área y zona de cada barra.',
      auth: guard.requireUser,
      rawBody: { mediaTypes: FORM, description: 'El archivo de red' },
      responses: { 200: caseBusesResponseSchema },
      errors: {
        400: ['STUDY_CASE_MISSING', 'STUDY_MULTIPART_INVALID', 'UPLOAD_EMPTY'],
        413: ['INPUT_TOO_LARGE'],
        415: ['STUDY_MULTIPART_INVALID'],
        422: ['STUDY_CASE_UNREADABLE'],
      },
      handler: (request, reply) =>
        sendStudyErrors(reply, async () => {
          const file = await readNetworkForm(request);
          try {
            return reply.send(await checker.buses(file.bytes));
          } catch {
            return reply.status(422).send(apiError('STUDY_CASE_UNREADABLE'));
          }
        }),
    });

    defineRoute(scope, {
      method: 'POST',
      url: '/api/studies/validate',
      tag: 'Estudios',
      summary: 'Revisa un estudio sin guardarlo: todos sus problemas, o lo que tomará calcularlo',
      description: FORM_DESCRIPTION,
      auth: guard.requireUser,
      rawBody: { mediaTypes: FORM, description: 'El caso base y el estudio' },
      responses: { 200: studyValidationResponseSchema },
      errors: {
        400: [
          'STUDY_FILE_MISSING',
          'STUDY_CASE_MISSING',
          'STUDY_MULTIPART_INVALID',
          'UPLOAD_EMPTY',
        ],
        404: ['CASE_NOT_FOUND', 'STUDY_NOT_FOUND'],
        413: ['INPUT_TOO_LARGE', 'STUDY_FILE_TOO_LARGE'],
        415: ['STUDY_MULTIPART_INVALID'],
      },
      handler: (request, reply) =>
        sendStudyErrors(reply, async () =>
          reply.send(await service.validate(owner(request), await readStudyForm(request))),
        ),
    });

    defineRoute(scope, {
      method: 'POST',
      url: '/api/studies',
      tag: 'Estudios',
      summary: 'Crea un estudio y lo calcula',
      description:
        `${FORM_DESCRIPTION} Un estudio con problemas se rechaza (422) nombrando cada campo o ` +
        'celda, y no se guarda nada. El progreso del cálculo está en `/api/jobs/{jobId}`.',
      auth: guard.requireUser,
      preHandler: deps.limits.beforeUpload,
      rawBody: { mediaTypes: FORM, description: 'El caso base y el estudio' },
      responses: { 202: createStudyResponseSchema },
      errors: {
        400: [
          'STUDY_FILE_MISSING',
          'STUDY_CASE_MISSING',
          'STUDY_MULTIPART_INVALID',
          'UPLOAD_EMPTY',
        ],
        404: ['CASE_NOT_FOUND'],
        413: ['INPUT_TOO_LARGE', 'STUDY_FILE_TOO_LARGE', 'STORAGE_QUOTA_EXCEEDED'],
        415: ['STUDY_MULTIPART_INVALID'],
        422: ['STUDY_INVALID', 'STUDY_TOO_LARGE'],
        429: ['UPLOAD_RATE_LIMITED', 'JOBS_LIMIT_REACHED'],
      },
      handler: (request, reply) =>
        sendStudyErrors(reply, async () =>
          reply
            .status(202)
            .send(await service.create(owner(request), await readStudyForm(request))),
        ),
    });

    defineRoute(scope, {
      method: 'POST',
      url: '/api/studies/:studyId/versions',
      tag: 'Estudios',
      summary: 'Calcula una nueva versión de un estudio (editado)',
      description:
        `${FORM_DESCRIPTION} Los resultados de la versión anterior se siguen mostrando hasta que ` +
        'la nueva termina.',
      auth: guard.requireUser,
      preHandler: deps.limits.beforeUpload,
      params: studyParams,
      notFound: 'STUDY_NOT_FOUND',
      rawBody: { mediaTypes: FORM, description: 'El caso base y el estudio' },
      responses: { 202: createStudyResponseSchema },
      errors: {
        400: [
          'STUDY_FILE_MISSING',
          'STUDY_CASE_MISSING',
          'STUDY_MULTIPART_INVALID',
          'UPLOAD_EMPTY',
        ],
        403: ['STUDY_READ_ONLY'],
        404: ['STUDY_NOT_FOUND', 'CASE_NOT_FOUND'],
        409: ['STUDY_RUNNING'],
        413: ['INPUT_TOO_LARGE', 'STUDY_FILE_TOO_LARGE', 'STORAGE_QUOTA_EXCEEDED'],
        422: ['STUDY_INVALID', 'STUDY_TOO_LARGE'],
        429: ['UPLOAD_RATE_LIMITED', 'JOBS_LIMIT_REACHED'],
      },
      handler: (request, reply) =>
        sendStudyErrors(reply, async () => {
          const { studyId } = request.params;
          if (studyId === DEMO_STUDY_ID) {
            return reply.status(403).send(apiError('STUDY_READ_ONLY'));
          }
          const form = await readStudyForm(request, { baseStudyId: studyId });
          const created = await service.createVersion(owner(request), studyId, form);
          if (created === 'not-found') return reply.status(404).send(apiError('STUDY_NOT_FOUND'));
          if (created === 'running') return reply.status(409).send(apiError('STUDY_RUNNING'));
          return reply.status(202).send(created);
        }),
    });
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/studies',
    tag: 'Estudios',
    summary: 'Los estudios del usuario, del más reciente al más antiguo, y el de demostración',
    auth: guard.requireUser,
    responses: { 200: studyListResponseSchema },
    handler: async (request) => ({ studies: await service.list(owner(request)) }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/studies/template.xlsx',
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
    url: '/api/studies/:studyId',
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

  for (const format of ['xlsx', 'json'] as const) {
    defineRoute(app, {
      method: 'GET',
      url: `/api/studies/:studyId/study.${format}`,
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

  defineRoute(app, {
    method: 'GET',
    url: '/api/studies/:studyId/network',
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
    url: '/api/studies/:studyId/buses',
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

  defineRoute(app, {
    method: 'POST',
    url: '/api/studies/:studyId/cancel',
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
    url: '/api/studies/:studyId',
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

  defineRoute(app, {
    method: 'GET',
    url: '/api/cases/:caseId/buses',
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
