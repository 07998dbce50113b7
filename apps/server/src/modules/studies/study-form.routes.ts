import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import {
  apiError,
  apiRoutes,
  caseBusesResponseSchema,
  createStudyResponseSchema,
  DEMO_STUDY_ID,
  MAX_UPLOAD_BYTES,
  studyValidationResponseSchema,
  type ErrorCode,
} from '@holgura/contracts';
import { defineRoute } from '../../http/api-route';
import { sendStudyErrors } from './study-errors';
import { readNetworkForm, readStudyForm } from './study-form';
import { owner, studyParams, type StudyRouteDeps } from './study-routes.shared';

const FORM = ['multipart/form-data'] as const;
/** What reading a study form can refuse with 400, whichever route reads it. */
const STUDY_FORM_ERRORS: readonly ErrorCode[] = [
  'STUDY_FILE_MISSING',
  'STUDY_CASE_MISSING',
  'STUDY_MULTIPART_INVALID',
  'UPLOAD_EMPTY',
];
const FORM_DESCRIPTION =
  'Formulario `multipart/form-data`: `case` (el archivo de red, hasta 10 MB: MATPOWER o PSS/E ' +
  'RAW, opcionalmente comprimido con xz), `caseId` (uno de tus casos analizados) o `studyId` ' +
  '(la red de uno de tus estudios; en una nueva versión, por omisión la de la versión anterior), y `study` ' +
  '(el estudio en JSON o en Excel según la plantilla, hasta 5 MB, como archivo o como texto).';

/**
 * The routes that read a form (multipart, read only here): a network's buses, a study checked,
 * created, or computed as a new version.
 */
export async function registerStudyFormRoutes(
  app: FastifyInstance,
  deps: StudyRouteDeps,
): Promise<void> {
  const { guard, service, checker } = deps;
  await app.register(async (scope) => {
    // Multipart is read only here; the parts' sizes are enforced while they stream in.
    await scope.register(multipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 2, fields: 4, parts: 6 },
    });

    defineRoute(scope, {
      method: 'POST',
      url: apiRoutes.networkBuses.pattern,
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
      url: apiRoutes.studyValidation.pattern,
      tag: 'Estudios',
      summary: 'Revisa un estudio sin guardarlo: todos sus problemas, o lo que tomará calcularlo',
      description: FORM_DESCRIPTION,
      auth: guard.requireUser,
      rawBody: { mediaTypes: FORM, description: 'El caso base y el estudio' },
      responses: { 200: studyValidationResponseSchema },
      errors: {
        400: STUDY_FORM_ERRORS,
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
      url: apiRoutes.studies.pattern,
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
        400: STUDY_FORM_ERRORS,
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
      url: apiRoutes.studyVersions.pattern,
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
        400: STUDY_FORM_ERRORS,
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
}
