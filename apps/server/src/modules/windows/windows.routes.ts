import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  apiError,
  apiRoutes,
  createWindowEnvelopeSchema,
  createWindowResponseSchema,
  DEFAULT_WINDOW_OPTIONS,
  errorMessages,
  readWindowRequestsQuerySchema,
  readWindowRequestsResponseSchema,
  windowAuditSchema,
  windowDetailResponseSchema,
  windowListResponseSchema,
  windowParamsSchema,
  windowProblemWords,
  windowRequestsSchema,
  windowWithdrawalWords,
  WINDOW_LIMITS,
  withdrawWindowRequestSchema,
  type ReadWindowRequestsResponse,
  type StudyProblem,
  type WindowInvalidResponse,
  type WindowOptions,
  type WindowRequestInput,
} from '@holgura/contracts';
import type { Db } from '../../db/database';
import { defineRoute } from '../../http/api-route';
import type { AuthGuard } from '../../http/auth-guard';
import type { AnalysisQueue } from '../../jobs/thread-queue';
import { analysesRepository } from '../analyses/analyses.repository';
import { sendExportTable, XLSX_TYPE, CSV_TYPE } from '../export/export.routes';
import type { XlsxWriter } from '../export/xlsx-thread';
import { caseBusCatalog, studyBusCatalog } from '../studies/case-buses';
import { problemAt, type CellRef } from '../studies/workbook';
import type { StudyChecker } from '../studies/study-check-thread';
import type { UploadStorage } from '../uploads/upload-storage';
import { sendUserLimitError, UserLimitError, type UserLimitsGuard } from '../uploads/user-limits';
import { windowAwardsTable } from './window-export';
import { contingencySetOfCase } from '../contingency-sets/contingency-sets.repository';
import {
  studyContingencySetOf,
  type StudyContingencySetFile,
} from '../studies/study-contingency-set';
import {
  readWindowRequestsJson,
  readWindowRequestsWorkbook,
  requestIssues,
  writeWindowTemplate,
  type WindowRequestsRead,
} from './window-requests-file';
import {
  studyVersionFile,
  studyVersionUpload,
  windowStudySource,
  windowsRepository,
  type NewWindow,
} from './windows.repository';

/** A requests file: the template (a few hundred kB for a UPME round) or its JSON. */
const MAX_REQUESTS_FILE_BYTES = 5 * 1024 * 1024;
/** 5,000 requests as JSON with every field take about 1.5 MB. */
const MAX_CREATE_BYTES = 5 * 1024 * 1024;
const FILE_TYPES = [
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/json',
  'application/octet-stream',
] as const;
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0];

export interface WindowRouteDeps {
  db: Db;
  guard: AuthGuard;
  queue: AnalysisQueue;
  xlsx: XlsxWriter;
  storage: UploadStorage;
  checker: StudyChecker;
  limits?: UserLimitsGuard;
}

function sendInvalid(reply: FastifyReply, problems: StudyProblem[]) {
  const body: WindowInvalidResponse = {
    error: {
      code: 'WINDOW_INVALID',
      message: [`${errorMessages.WINDOW_INVALID}:`, ...problems.map((p) => `- ${p.message}`)].join(
        '\n',
      ),
    },
    problems,
  };
  return reply.status(422).send(body);
}

/** The requests whose bus is not in the case, each named by its row (a workbook's cell). */
function unknownBuses(
  requests: WindowRequestInput[],
  buses: ReadonlySet<number>,
  busCell?: (index: number) => CellRef,
): StudyProblem[] {
  const problems: StudyProblem[] = [];
  requests.forEach((r, i) => {
    if (buses.has(r.bus)) return;
    const detail = windowProblemWords.busUnknown(r.bus);
    if (busCell !== undefined) {
      const at = problemAt('STUDY_FIELD_INVALID', busCell(i), detail, ['requests', i, 'bus']);
      const { message, field, sheet, row, cell } = at;
      problems.push({ message, field, sheet, row, cell });
      return;
    }
    problems.push({
      message: `${windowProblemWords.request(i + 1)}, ${windowProblemWords.field.bus}: ${detail}`,
      field: `requests.${i}.bus`,
      sheet: null,
      row: null,
      cell: null,
    });
  });
  return problems.slice(0, 200);
}

async function readRequestsFile(bytes: Buffer): Promise<WindowRequestsRead> {
  const starts = (magic: number[]) => magic.every((b, i) => bytes[i] === b);
  const view = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return starts(ZIP_MAGIC) || starts(OLE_MAGIC)
    ? readWindowRequestsWorkbook(view)
    : readWindowRequestsJson(view);
}

/**
 * Connection windows (issue #28): create one on an analysed case (its job computes the three
 * rules), read the requests of a template or JSON file, list, read, delete, and download the
 * awards and the audit. Everything is the caller's own.
 */
export function registerWindowRoutes(app: FastifyInstance, deps: WindowRouteDeps): void {
  const { db, guard } = deps;
  const owner = (request: { principal: { userId: string } | null }) => request.principal!.userId;
  const repository = (request: { principal: { userId: string } | null }) =>
    windowsRepository(db, owner(request));

  /** Stores a window and queues its job; the caller's limits as for an upload. */
  const store = async (
    request: FastifyRequest & { principal: { userId: string } | null },
    reply: FastifyReply,
    window: NewWindow,
  ) => {
    let created;
    try {
      created = await repository(request).create(window, deps.limits);
    } catch (error) {
      if (error instanceof UserLimitError) return sendUserLimitError(reply, error);
      throw error;
    }
    // The job is committed; if this send is lost, the queue's sweep sends it again.
    await deps.queue.enqueue(created.jobId).catch((error: unknown) => {
      request.log.warn({ err: error, jobId: created.jobId }, 'enqueue failed; sweep will retry');
    });
    return reply.status(202).send(created);
  };

  /**
   * A window over one of the caller's studies (firm in every scenario × year case of its newest
   * version): buses checked against the study's base network, years against its last year.
   */
  const createStudyWindow = async (
    request: FastifyRequest & { principal: { userId: string } | null },
    reply: FastifyReply,
    studyId: string,
    name: string,
    options: WindowOptions | undefined,
    requests: WindowRequestInput[],
  ) => {
    const source = await windowStudySource(db, owner(request), studyId);
    if (source === null) return reply.status(404).send(apiError('STUDY_NOT_FOUND'));
    const catalog = await studyBusCatalog(deps, owner(request), studyId);
    if (catalog === 'not-found' || catalog === 'unreadable') {
      return reply.status(404).send(apiError('STUDY_NOT_FOUND'));
    }
    const last = Math.max(...source.study.years);
    const late: StudyProblem[] = requests.flatMap((r, i) =>
      r.year !== undefined && r.year > last
        ? [
            {
              message: `${windowProblemWords.request(i + 1)}, ${windowProblemWords.field.year}: ${windowProblemWords.yearAfterStudy(r.year, last)}`,
              field: `requests.${i}.year`,
              sheet: null,
              row: null,
              cell: null,
            },
          ]
        : [],
    );
    const problems = [...unknownBuses(requests, new Set(catalog.buses.number)), ...late];
    if (problems.length > 0) return sendInvalid(reply, problems);
    const chosen = options ?? DEFAULT_WINDOW_OPTIONS;
    // On the planner's set: the one the study version was sent with, as every case of it.
    const onSet = chosen.contingencies === 'case-set';
    if (onSet && source.contingencySet === null) {
      return reply.status(409).send(apiError('STUDY_CONTINGENCY_SET_MISSING'));
    }
    return store(request, reply, {
      caseId: null,
      study: { studyId: source.studyId, version: source.version },
      uploadId: source.uploadId,
      name,
      options: chosen,
      requests,
      contingencySet: onSet ? source.contingencySet : null,
    });
  };

  defineRoute(app, {
    method: 'GET',
    url: apiRoutes.windows.pattern,
    tag: 'Ventanas',
    summary: 'Tus ventanas de asignación, de la más reciente a la más antigua',
    description: 'Con su estado, su progreso y, cuando terminan, los MW asignados por cada regla.',
    auth: guard.requireUser,
    responses: { 200: windowListResponseSchema },
    handler: async (request) => ({ windows: await repository(request).list() }),
  });

  defineRoute(app, {
    method: 'POST',
    url: apiRoutes.windows.pattern,
    tag: 'Ventanas',
    summary: 'Crea una ventana de asignación sobre uno de tus casos analizados y la calcula',
    description:
      'Las solicitudes (id, barra, MW, MW mínimos, prioridad, proyecto, empresa, tecnología) ' +
      'se revisan todas a la vez: una que no sirve (barra que no está en el caso, MW negativos, ' +
      'id repetido) responde 422 con cada problema y su fila, y no se guarda nada. Las tres ' +
      'reglas (orden, máximo, justa) se calculan en un trabajo: su progreso en `/api/jobs/{jobId}`.',
    auth: guard.requireUser,
    preHandler: deps.limits === undefined ? undefined : (r, s) => deps.limits!.beforeUpload(r, s),
    body: createWindowEnvelopeSchema,
    bodyLimit: MAX_CREATE_BYTES,
    responses: { 202: createWindowResponseSchema },
    errors: {
      404: ['CASE_NOT_FOUND', 'STUDY_NOT_FOUND'],
      409: [
        'WINDOW_CASE_NOT_ANALYSED',
        'WINDOW_CONTINGENCY_SET_MISSING',
        'STUDY_CONTINGENCY_SET_MISSING',
      ],
      413: ['STORAGE_QUOTA_EXCEEDED'],
      422: ['WINDOW_INVALID'],
      429: ['UPLOAD_RATE_LIMITED', 'JOBS_LIMIT_REACHED'],
    },
    handler: async (request, reply) => {
      const { caseId, studyId, name, options } = request.body;
      if ((caseId === undefined) === (studyId === undefined)) {
        return sendInvalid(reply, [
          {
            message: windowProblemWords.source,
            field: 'caseId',
            sheet: null,
            row: null,
            cell: null,
          },
        ]);
      }
      const checked = windowRequestsSchema.safeParse(request.body.requests);
      if (!checked.success)
        return sendInvalid(
          reply,
          requestIssues(checked.error, () => null),
        );
      if (studyId !== undefined) {
        return createStudyWindow(request, reply, studyId, name, options, checked.data);
      }
      const analysed = await analysesRepository(db, owner(request)).analysedCase(caseId!);
      if (analysed.status === 'no-case') return reply.status(404).send(apiError('CASE_NOT_FOUND'));
      if (analysed.status === 'not-analysed') {
        return reply.status(409).send(apiError('WINDOW_CASE_NOT_ANALYSED'));
      }
      const catalog = await caseBusCatalog(deps, owner(request), caseId!);
      if (catalog === 'not-found' || catalog === 'unreadable') {
        return reply.status(409).send(apiError('WINDOW_CASE_NOT_ANALYSED'));
      }
      const unknown = unknownBuses(checked.data, new Set(catalog.buses.number));
      if (unknown.length > 0) return sendInvalid(reply, unknown);
      const chosen = options ?? DEFAULT_WINDOW_OPTIONS;
      // On the planner's set: the case's, kept with the window as it is now.
      let contingencySet: StudyContingencySetFile | null = null;
      if (chosen.contingencies === 'case-set') {
        const set = await contingencySetOfCase(db, caseId!);
        if (set === null) return reply.status(409).send(apiError('WINDOW_CONTINGENCY_SET_MISSING'));
        contingencySet = studyContingencySetOf(set);
      }
      return store(request, reply, {
        caseId: caseId!,
        uploadId: analysed.uploadId,
        name,
        options: chosen,
        requests: checked.data,
        contingencySet,
      });
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: apiRoutes.windowTemplate.pattern,
    tag: 'Ventanas',
    summary: 'Plantilla de Excel de las solicitudes de una ventana',
    description: 'Hoja «Solicitudes» con columnas al estilo de la UPME y filas de ejemplo.',
    auth: guard.requireUser,
    database: false,
    responses: {
      200: { description: 'El libro de Excel, como adjunto', mediaTypes: [XLSX_TYPE] },
    },
    handler: async (_request, reply) => {
      const bytes = await writeWindowTemplate();
      return reply
        .header('Content-Type', XLSX_TYPE)
        .header('Content-Disposition', 'attachment; filename="plantilla-ventana.xlsx"')
        .header('Cache-Control', 'private, no-store')
        .send(bytes);
    },
  });

  // The requests of a file, read and checked, nothing stored: raw bodies only in this scope.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser([...FILE_TYPES], { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    scope.addContentTypeParser('*', (_request, _payload, done) => {
      done(Object.assign(new Error('unsupported content type'), { statusCode: 415 }), undefined);
    });
    scope.setErrorHandler((error: FastifyError, _request, reply) => {
      if (error.statusCode === 413) return reply.status(413).send(apiError('REQUEST_TOO_LARGE'));
      if (error.statusCode === 415) return reply.status(415).send(apiError('WINDOW_FILE_TYPE'));
      throw error;
    });
    defineRoute(scope, {
      method: 'POST',
      url: apiRoutes.windowRequestsRead.pattern,
      tag: 'Ventanas',
      summary: 'Lee las solicitudes de la plantilla de Excel o de un JSON, sin guardar nada',
      description:
        'Devuelve las solicitudes o cada problema con su hoja, fila y celda (o su campo en el ' +
        'JSON). La barra se revisa contra el caso al crear la ventana.',
      auth: guard.requireUser,
      rawBody: {
        mediaTypes: [...FILE_TYPES],
        description: 'La plantilla (.xlsx) o un JSON {"requests": [...]}',
      },
      bodyLimit: MAX_REQUESTS_FILE_BYTES,
      querystring: readWindowRequestsQuerySchema,
      responses: { 200: readWindowRequestsResponseSchema },
      errors: {
        404: ['CASE_NOT_FOUND'],
        413: ['REQUEST_TOO_LARGE'],
        415: ['WINDOW_FILE_TYPE'],
      },
      handler: async (request, reply) => {
        const bytes = request.body;
        const read =
          bytes instanceof Buffer && bytes.byteLength > 0
            ? await readRequestsFile(bytes)
            : readWindowRequestsJson(new Uint8Array());
        const refused = (problems: StudyProblem[]): ReadWindowRequestsResponse => ({
          valid: false,
          problems,
          requests: [],
        });
        if (!read.ok) return refused(read.problems);
        const { caseId } = request.query;
        if (caseId !== undefined) {
          const catalog = await caseBusCatalog(deps, owner(request), caseId!);
          if (catalog === 'not-found') return reply.status(404).send(apiError('CASE_NOT_FOUND'));
          if (catalog !== 'unreadable') {
            const buses = new Set(catalog.buses.number);
            const unknown = unknownBuses(read.requests, buses, read.busCell);
            if (unknown.length > 0) return refused(unknown);
          }
        }
        const answer: ReadWindowRequestsResponse = {
          valid: true,
          problems: [],
          requests: read.requests,
        };
        return answer;
      },
    });
  });

  defineRoute(app, {
    method: 'GET',
    url: apiRoutes.window.pattern,
    tag: 'Ventanas',
    summary: 'Una ventana: sus solicitudes y, cuando termina, la asignación de las tres reglas',
    description:
      'Por regla: MW asignados a cada solicitud, su estado, las restricciones que la limitan ' +
      '(elemento vigilado, contingencia, precio sombra), quién compite por ellas y los grupos ' +
      'de barras que comparten una restricción.',
    auth: guard.requireUser,
    params: windowParamsSchema,
    notFound: 'WINDOW_NOT_FOUND',
    responses: { 200: windowDetailResponseSchema },
    errors: { 404: ['WINDOW_NOT_FOUND'] },
    handler: async (request, reply) => {
      const window = await repository(request).get(request.params.windowId);
      if (window === null) return reply.status(404).send(apiError('WINDOW_NOT_FOUND'));
      return window;
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: apiRoutes.window.pattern,
    tag: 'Ventanas',
    summary: 'Elimina una ventana (y detiene su cálculo si sigue en curso)',
    auth: guard.requireUser,
    params: windowParamsSchema,
    notFound: 'WINDOW_NOT_FOUND',
    responses: { 204: { description: 'Eliminada' } },
    errors: { 404: ['WINDOW_NOT_FOUND'] },
    handler: async (request, reply) => {
      const deleted = await repository(request).delete(request.params.windowId);
      if (!deleted) return reply.status(404).send(apiError('WINDOW_NOT_FOUND'));
      return reply.status(204).send();
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: apiRoutes.windowWithdraw.pattern,
    tag: 'Ventanas',
    summary: '¿Y si se retira? Calcula la ventana de nuevo sin las solicitudes indicadas',
    description:
      'Crea una ventana nueva sobre el mismo caso, con las mismas opciones y las demás ' +
      'solicitudes en el mismo orden, que guarda de qué ventana viene y qué solicitudes se ' +
      'retiraron: su vista compara cada regla con la original (quién sube y cuántos MW). La ' +
      'ventana original debe haber terminado; un identificador que no está en ella responde 422.',
    auth: guard.requireUser,
    preHandler: deps.limits === undefined ? undefined : (r, s) => deps.limits!.beforeUpload(r, s),
    params: windowParamsSchema,
    body: withdrawWindowRequestSchema,
    notFound: 'WINDOW_NOT_FOUND',
    responses: { 202: createWindowResponseSchema },
    errors: {
      404: ['WINDOW_NOT_FOUND', 'STUDY_NOT_FOUND'],
      409: ['WINDOW_WITHDRAW_NOT_READY', 'WINDOW_CASE_NOT_ANALYSED'],
      413: ['STORAGE_QUOTA_EXCEEDED'],
      422: ['WINDOW_INVALID'],
      429: ['UPLOAD_RATE_LIMITED', 'JOBS_LIMIT_REACHED'],
    },
    handler: async (request, reply) => {
      const original = await repository(request).get(request.params.windowId);
      if (original === null) return reply.status(404).send(apiError('WINDOW_NOT_FOUND'));
      if (original.result === null) {
        return reply.status(409).send(apiError('WINDOW_WITHDRAW_NOT_READY'));
      }
      const withdrawn = [...new Set(request.body.requestIds)];
      const present = new Set(original.requests.map((r) => r.id));
      const unknown = withdrawn.filter((id) => !present.has(id));
      if (unknown.length > 0) {
        return sendInvalid(
          reply,
          unknown.slice(0, 200).map((id) => ({
            message: windowWithdrawalWords.withdrawnProblem(id),
            field: 'requestIds',
            sheet: null,
            row: null,
            cell: null,
          })),
        );
      }
      const gone = new Set(withdrawn);
      const requests = original.requests.filter((r) => !gone.has(r.id));
      if (requests.length === 0) {
        return sendInvalid(reply, [
          {
            message: windowWithdrawalWords.nothingLeft,
            field: 'requestIds',
            sheet: null,
            row: null,
            cell: null,
          },
        ]);
      }
      const same = {
        name: windowWithdrawalWords
          .name(original.name, withdrawn)
          .slice(0, WINDOW_LIMITS.maxNameChars),
        options: original.options,
        requests,
        withdrawal: { originalWindowId: original.windowId, withdrawnIds: withdrawn },
        // The same contingencies as the original, even if the case's set changed since.
        contingencySet: await repository(request).contingencySetOf(original.windowId),
      };
      if (original.study) {
        // Over the same study version the original held in (its upload is that version's; a
        // deleted study took its windows and versions with it).
        const version = await studyVersionUpload(
          db,
          original.study.studyId,
          original.study.version,
        );
        if (version === null) return reply.status(404).send(apiError('STUDY_NOT_FOUND'));
        return store(request, reply, {
          ...same,
          caseId: null,
          study: original.study,
          uploadId: version,
        });
      }
      const analysed = await analysesRepository(db, owner(request)).analysedCase(
        original.caseId ?? '',
      );
      if (analysed.status !== 'ok') {
        return reply.status(409).send(apiError('WINDOW_CASE_NOT_ANALYSED'));
      }
      return store(request, reply, {
        ...same,
        caseId: original.caseId,
        uploadId: analysed.uploadId,
      });
    },
  });

  for (const format of ['xlsx', 'csv'] as const) {
    defineRoute(app, {
      method: 'GET',
      url: apiRoutes.windowExport[format].pattern,
      tag: 'Ventanas',
      summary: `La asignación de las tres reglas, en ${format === 'xlsx' ? 'Excel' : 'CSV'}`,
      auth: guard.requireUser,
      params: windowParamsSchema,
      notFound: 'WINDOW_NOT_FOUND',
      responses: {
        200: {
          description: 'El archivo, como adjunto',
          mediaTypes: [format === 'xlsx' ? XLSX_TYPE : CSV_TYPE],
        },
      },
      errors: { 404: ['WINDOW_NOT_FOUND'], 409: ['WINDOW_NOT_READY'], 500: ['EXPORT_FAILED'] },
      handler: async (request, reply) => {
        const window = await repository(request).get(request.params.windowId);
        if (window === null) return reply.status(404).send(apiError('WINDOW_NOT_FOUND'));
        if (window.result === null) return reply.status(409).send(apiError('WINDOW_NOT_READY'));
        const table = windowAwardsTable(window, window.result, new Date().toISOString());
        return sendExportTable(reply, table, format, deps.xlsx);
      },
    });
  }

  defineRoute(app, {
    method: 'GET',
    url: apiRoutes.windowAudit.pattern,
    tag: 'Ventanas',
    summary: 'Archivo de auditoría: lo necesario para que un tercero reproduzca la asignación',
    description:
      'Las entradas (solicitudes y opciones) con su huella SHA-256, la huella del caso, el ' +
      'solucionador, y por regla las asignaciones con sus filas limitantes y precios sombra. ' +
      'Una ventana sobre un estudio lleva además el archivo del estudio y su huella.',
    auth: guard.requireUser,
    params: windowParamsSchema,
    notFound: 'WINDOW_NOT_FOUND',
    responses: {
      200: z.object({
        window: z.object({ windowId: z.string(), name: z.string(), caseId: z.string().nullable() }),
        audit: windowAuditSchema,
        study: z
          .object({ studyId: z.string(), version: z.number().int(), file: z.unknown() })
          .nullable(),
        options: z.unknown(),
        requests: z.unknown(),
        rules: z.unknown(),
      }),
    },
    errors: { 404: ['WINDOW_NOT_FOUND'], 409: ['WINDOW_NOT_READY'] },
    handler: async (request, reply) => {
      const window = await repository(request).get(request.params.windowId);
      if (window === null) return reply.status(404).send(apiError('WINDOW_NOT_FOUND'));
      if (window.result === null) return reply.status(409).send(apiError('WINDOW_NOT_READY'));
      const { result } = window;
      return reply
        .header(
          'Content-Disposition',
          `attachment; filename="ventana-${window.windowId.slice(0, 8)}-auditoria.json"`,
        )
        .send({
          window: { windowId: window.windowId, name: window.name, caseId: window.caseId },
          audit: result.audit,
          study:
            window.study == null
              ? null
              : {
                  studyId: window.study.studyId,
                  version: window.study.version,
                  file: await studyVersionFile(db, window.study.studyId, window.study.version),
                },
          options: window.options,
          requests: window.requests,
          rules: result.rules,
        });
    },
  });
}
