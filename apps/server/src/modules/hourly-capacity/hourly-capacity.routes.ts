import { createHash } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import {
  apiError,
  apiRoutes,
  DEFAULT_ANALYSIS_OPTIONS,
  describeEngineError,
  hourlyCapacityRequestSchema,
  hourlyCapacityResponseSchema,
  hourlyProfilesParamsSchema,
  hourlyProfilesResponseSchema,
  MAX_UPLOAD_BYTES,
  type HourlyCapacityResponse,
  type HourlyProfilesResponse,
} from '@holgura/contracts';
import { decompressXz, isEngineError } from '@holgura/engine';
import type { Db } from '../../db/database';
import { defineRoute } from '../../http/api-route';
import type { AuthGuard } from '../../http/auth-guard';
import { readUpload } from '../../jobs/thread-queue';
import { capacityRunOptions } from '../busbar-capacities/busbar-capacities';
import { busbarCapacityRepository } from '../busbar-capacities/busbar-capacity.repository';
import { cleanFileName } from '../uploads/uploads.service';
import type { UploadStorage } from '../uploads/upload-storage';
import { hourlyProfilesRepository } from './hourly-capacity.repository';
import {
  isWorkbook,
  profilesCsvFromWorkbook,
  profilesTemplateWorkbook,
} from './hourly-profiles-workbook';
import {
  createHourlyCalculator,
  type HourlyCalculator,
  type HourlyRunOptions,
} from './hourly-capacity-thread';

export interface HourlyCapacityRouteDeps {
  db: Db;
  guard: AuthGuard;
  storage: UploadStorage;
  /** Tests pass their own; by default one thread, closed with the app. */
  calculator?: HourlyCalculator;
}

const XZ_MAGIC = [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00];
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** What a browser or a script may call a profiles file (Windows calls a .csv an Excel file). */
const FILE_TYPES = [
  'text/plain',
  'text/csv',
  'application/csv',
  'application/vnd.ms-excel',
  'application/octet-stream',
  'application/x-xz',
  XLSX_TYPE,
] as const;
/** The largest profiles file once xz is undone (ACTIVSg2000's year of scenarios is 3.6 MB). */
const MAX_PROFILES_TEXT_BYTES = 5 * MAX_UPLOAD_BYTES;
/** The name a file sent without `x-file-name` keeps. */
const DEFAULT_FILE_NAME = 'perfiles.csv';

/**
 * A year of hours at a busbar (issue #32, contracts' hourly-capacity.ts): a case's hourly
 * profiles, read against the case on their own thread and kept with it, a template of its areas'
 * loads to fill in, and one bus's capacity in every hour with what a plant there can count on.
 * The owner's uploaded cases only: another user's, a study's or the demo's is not found.
 */
export function registerHourlyCapacityRoutes(
  app: FastifyInstance,
  deps: HourlyCapacityRouteDeps,
): void {
  const calculator = deps.calculator ?? createHourlyCalculator();
  if (deps.calculator === undefined) app.addHook('onClose', () => calculator.close());
  const { guard } = deps;

  /** The content key of the caller's uploaded case; null: not theirs, not an upload, none. */
  const uploadOf = (userId: string, caseId: string) =>
    busbarCapacityRepository(deps.db, userId).uploadOf(caseId);

  /**
   * The options «Capacidad por barra» shows the case's figures with (issue #25: the planner's
   * choice in /analisis), so each hour's figure is the table's on that hour's case; the
   * defaults while none is computed. The case's contingency file is not used: the hourly
   * figures are on every branch, one at a time.
   */
  async function runOptions(userId: string, caseId: string): Promise<HourlyRunOptions> {
    const repo = busbarCapacityRepository(deps.db, userId);
    const status = await repo.status(caseId);
    const options =
      status?.result != null && status.jobId !== null
        ? await repo.resultOptions(status.jobId)
        : DEFAULT_ANALYSIS_OPTIONS;
    return capacityRunOptions(options);
  }

  defineRoute(app, {
    method: 'GET',
    url: apiRoutes.caseHourlyProfiles.pattern,
    tag: 'Casos',
    summary: 'Los perfiles horarios del caso',
    description:
      'Lo que dan los perfiles horarios del caso (un año de horas, issue #32): horas, cada área ' +
      'con perfil con su carga en el caso (MW) y el rango de su factor, unidades con perfil de ' +
      'producción y de estado, tecnologías con perfil (las del simulador de planta) y horas que ' +
      'las unidades sin perfil no pueden equilibrar. `profiles: null`: el caso no tiene. Solo ' +
      'casos subidos en /analisis.',
    auth: guard.requireUser,
    params: hourlyProfilesParamsSchema,
    notFound: 'CASE_NOT_FOUND',
    responses: { 200: hourlyProfilesResponseSchema },
    errors: { 404: ['CASE_NOT_FOUND'] },
    handler: async (request, reply) => {
      const { caseId } = request.params;
      const userId = request.principal!.userId;
      if ((await uploadOf(userId, caseId)) === null) {
        return reply.status(404).send(apiError('CASE_NOT_FOUND'));
      }
      const answer: HourlyProfilesResponse = {
        caseId,
        profiles: await hourlyProfilesRepository(deps.db, userId).summary(caseId),
      };
      return answer;
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: apiRoutes.caseHourlyProfiles.pattern,
    tag: 'Casos',
    summary: 'Quita los perfiles horarios del caso',
    description:
      'Borra el archivo de perfiles horarios del caso; su año de horas ya no se puede calcular ' +
      'hasta que se suban otros.',
    auth: guard.requireUser,
    params: hourlyProfilesParamsSchema,
    notFound: 'CASE_NOT_FOUND',
    responses: { 200: hourlyProfilesResponseSchema },
    errors: { 404: ['CASE_NOT_FOUND'] },
    handler: async (request, reply) => {
      const { caseId } = request.params;
      const userId = request.principal!.userId;
      if ((await uploadOf(userId, caseId)) === null) {
        return reply.status(404).send(apiError('CASE_NOT_FOUND'));
      }
      await hourlyProfilesRepository(deps.db, userId).remove(caseId);
      const answer: HourlyProfilesResponse = { caseId, profiles: null };
      return answer;
    },
  });

  /** The template of the case's areas (the thread writes its CSV), as CSV or as a workbook. */
  const sendTemplate = async (
    userId: string,
    caseId: string,
    reply: FastifyReply,
    format: 'csv' | 'xlsx',
  ) => {
    const upload = await uploadOf(userId, caseId);
    if (upload === null) return reply.status(404).send(apiError('CASE_NOT_FOUND'));
    const outcome = await calculator.compute({
      kind: 'template',
      caseSha256: upload,
      networkBytes: await readUpload(deps.storage, upload),
    });
    if (!outcome.ok) return sendEngineError(reply, outcome);
    return reply
      .header('Content-Type', format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE)
      .header('Content-Disposition', `attachment; filename="perfiles-${caseId}.${format}"`)
      .header('Cache-Control', 'private, no-store')
      .send(format === 'csv' ? outcome.csv : await profilesTemplateWorkbook(outcome.csv));
  };

  defineRoute(app, {
    method: 'GET',
    url: apiRoutes.caseHourlyProfilesTemplate.pattern,
    tag: 'Casos',
    summary: 'Plantilla CSV de perfiles horarios del caso',
    description:
      'Un CSV de 8.760 filas (`hora`, y una columna `area N` por cada área del caso con carga, ' +
      'en orden de área) con la carga de cada área en el caso (MW, la suma de la Pd de sus ' +
      'barras): un año plano que el planeador reemplaza con sus cifras hora a hora y sube de ' +
      'nuevo. Admite también columnas `area N factor`, `unidad BARRA/N`, `unidad BARRA/N fc`, ' +
      '`estado BARRA/N` y `tecnologia COMBUSTIBLE fc`.',
    auth: guard.requireUser,
    params: hourlyProfilesParamsSchema,
    notFound: 'CASE_NOT_FOUND',
    responses: { 200: { description: 'El CSV, como adjunto', mediaTypes: ['text/csv'] } },
    errors: { 404: ['CASE_NOT_FOUND'], 422: ['MODEL_CASE_TOO_LARGE'] },
    handler: (request, reply) =>
      sendTemplate(request.principal!.userId, request.params.caseId, reply, 'csv'),
  });

  defineRoute(app, {
    method: 'GET',
    url: apiRoutes.caseHourlyProfilesTemplateXlsx.pattern,
    tag: 'Casos',
    summary: 'Plantilla Excel de perfiles horarios del caso',
    description:
      'La plantilla CSV como libro de Excel: la hoja «Perfiles» (8.760 filas, `hora` y una ' +
      'columna `area N` por área del caso con su carga del caso, MW) y la hoja «Instrucciones» ' +
      'con las columnas que admite. Se sube de nuevo tal cual, con sus cifras hora a hora.',
    auth: guard.requireUser,
    params: hourlyProfilesParamsSchema,
    notFound: 'CASE_NOT_FOUND',
    responses: {
      200: {
        description: 'El libro, como adjunto',
        mediaTypes: [XLSX_TYPE],
      },
    },
    errors: { 404: ['CASE_NOT_FOUND'], 422: ['MODEL_CASE_TOO_LARGE'] },
    handler: (request, reply) =>
      sendTemplate(request.principal!.userId, request.params.caseId, reply, 'xlsx'),
  });

  defineRoute(app, {
    method: 'POST',
    url: apiRoutes.caseHourlyCapacity.pattern,
    tag: 'Casos',
    summary: 'Capacidad de conexión de una barra en cada hora del año',
    description:
      'La capacidad N-1 de la barra (la de «Capacidad por barra», con las opciones de su ' +
      'cálculo) en cada hora de los perfiles del caso: cada hora su carga por área y la ' +
      'producción y estado de las unidades con perfil; las unidades sin perfil compensan la ' +
      'diferencia según su margen, y las horas que no alcanzan se informan con su déficit, sin ' +
      'cifra (`null`). `preExisting`: `ignore` (atribuible, por defecto) o `limit` (estricta). ' +
      'Con la restricción que la limita cada hora, la media por mes × hora del día, la cifra ' +
      'firme y los MW con 1, 3 y 5 % de la energía recortada para el perfil de la planta ' +
      '(`plant.profile`: constante, el promedio de las unidades con perfil de una tecnología — ' +
      'en el área de la barra si las hay — o los valores de la planta, por MW instalado o en MW ' +
      'de una planta de referencia) y, con `plant.mw`, su recorte en MWh y %. `null` en esas ' +
      'cifras: llegan al tope del estudio. El año de la barra se calcula una vez (de menos de un ' +
      'segundo a unos segundos); otra planta en la misma barra responde enseguida. 409 si el ' +
      'caso no tiene perfiles horarios.',
    auth: guard.requireUser,
    params: hourlyProfilesParamsSchema,
    body: hourlyCapacityRequestSchema,
    notFound: 'CASE_NOT_FOUND',
    responses: { 200: hourlyCapacityResponseSchema },
    errors: {
      404: ['CASE_NOT_FOUND'],
      409: ['HOURLY_PROFILES_MISSING'],
      422: [
        'MODEL_BUS_UNKNOWN',
        'HOURLY_BUS_ISLANDED',
        'HOURLY_PLANT_PROFILE_INVALID',
        'HOURLY_PLANT_PROFILE_UNAVAILABLE',
        'HOURLY_PROFILES_INVALID',
        'HOURLY_PROFILES_UNRESOLVED',
        'MODEL_CASE_TOO_LARGE',
      ],
    },
    handler: async (request, reply) => {
      const { caseId } = request.params;
      const userId = request.principal!.userId;
      const upload = await uploadOf(userId, caseId);
      if (upload === null) return reply.status(404).send(apiError('CASE_NOT_FOUND'));
      const profiles = await hourlyProfilesRepository(deps.db, userId).content(caseId);
      if (profiles === null) return reply.status(409).send(apiError('HOURLY_PROFILES_MISSING'));
      const { bus, preExisting, plant } = request.body;
      const outcome = await calculator.compute({
        kind: 'capacity',
        caseSha256: upload,
        networkBytes: await readUpload(deps.storage, upload),
        profilesSha256: profiles.sha256,
        profilesText: profiles.content,
        options: await runOptions(userId, caseId),
        bus,
        preExisting,
        plant: plant ?? null,
      });
      if (!outcome.ok) return sendEngineError(reply, outcome);
      const answer: HourlyCapacityResponse = { caseId, ...outcome.figures };
      return answer;
    },
  });

  // The file itself is the body: its own parsers, and size and type in this route's words.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser([...FILE_TYPES], { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    scope.addContentTypeParser('*', (_request, _payload, done) => {
      done(Object.assign(new Error('unsupported content type'), { statusCode: 415 }), undefined);
    });
    scope.setErrorHandler((error: FastifyError, _request, reply) => {
      if (error.statusCode === 413) return reply.status(413).send(apiError('INPUT_TOO_LARGE'));
      if (error.statusCode === 415) {
        return reply.status(415).send(apiError('UNSUPPORTED_MEDIA_TYPE'));
      }
      throw error;
    });

    defineRoute(scope, {
      method: 'PUT',
      url: apiRoutes.caseHourlyProfiles.pattern,
      tag: 'Casos',
      summary: 'Sube los perfiles horarios del caso',
      description:
        'El cuerpo es el archivo (texto, comprimido con xz, o un libro de Excel como la ' +
        'plantilla .xlsx: su hoja «Perfiles» o la primera) y `x-file-name` su nombre: una ' +
        'tabla de cambios horaria de MATPOWER (como `scenarios_ACTIVSg2000.m`: etiqueta = hora; ' +
        'carga de cada área con CT_TAREALOAD, PG y GEN_STATUS de unidades con CT_TGEN) o un CSV ' +
        'con una fila por hora y columnas `hora`, `area N` (MW), `area N factor`, ' +
        '`unidad BARRA/N` (MW), `unidad BARRA/N fc` (fracción de Pmax), `estado BARRA/N` (1/0) ' +
        'y `tecnologia COMBUSTIBLE fc`. Se lee contra el caso: si nombra un área o una unidad ' +
        'que el caso no tiene, o no se puede leer, nada se guarda y la respuesta 422 dice la ' +
        'línea o la columna. Si se acepta, reemplaza los anteriores y responde lo que dan, con ' +
        'las horas que las unidades sin perfil no pueden equilibrar.',
      auth: guard.requireUser,
      params: hourlyProfilesParamsSchema,
      notFound: 'CASE_NOT_FOUND',
      rawBody: {
        mediaTypes: [...FILE_TYPES],
        description:
          'El archivo de perfiles (.m de MATPOWER, .csv o .xlsx), de hasta 10 MB (o comprimido con xz)',
      },
      bodyLimit: MAX_UPLOAD_BYTES,
      responses: { 200: hourlyProfilesResponseSchema },
      errors: {
        404: ['CASE_NOT_FOUND'],
        413: ['INPUT_TOO_LARGE'],
        415: ['UNSUPPORTED_MEDIA_TYPE'],
        422: [
          'HOURLY_PROFILES_INVALID',
          'HOURLY_PROFILES_UNRESOLVED',
          'INPUT_EMPTY',
          'INPUT_TOO_LARGE',
          'INPUT_XZ_CORRUPT',
          'MODEL_CASE_TOO_LARGE',
        ],
      },
      handler: async (request, reply) => {
        const { caseId } = request.params;
        const userId = request.principal!.userId;
        const upload = await uploadOf(userId, caseId);
        if (upload === null) return reply.status(404).send(apiError('CASE_NOT_FOUND'));
        const body = request.body;
        const bytes = body instanceof Buffer ? new Uint8Array(body) : new Uint8Array();
        const text = await fileText(bytes);
        if (typeof text !== 'string') return sendEngineError(reply, text);
        if (text.trim() === '') return reply.status(422).send(apiError('INPUT_EMPTY'));
        const header = request.headers['x-file-name'];
        const named = Array.isArray(header) ? header[0] : header;
        const fileName = named === undefined ? DEFAULT_FILE_NAME : cleanFileName(named);
        const contentSha256 = createHash('sha256').update(text).digest('hex');
        const read = await calculator.compute({
          kind: 'read',
          caseSha256: upload,
          networkBytes: await readUpload(deps.storage, upload),
          profilesSha256: contentSha256,
          profilesText: text,
          options: await runOptions(userId, caseId),
        });
        if (!read.ok) return sendEngineError(reply, read);
        const profiles = await hourlyProfilesRepository(deps.db, userId).put({
          caseId,
          fileName,
          format: read.format,
          content: text,
          contentSha256,
          figures: read.figures,
        });
        const answer: HourlyProfilesResponse = { caseId, profiles };
        return answer;
      },
    });
  });
}

/**
 * The file as text: xz undone first; an Excel workbook as the CSV of its profiles sheet; UTF-8
 * when it is (a spreadsheet's CSV, its byte-order mark included), else Latin-1 (MATPOWER files,
 * older spreadsheets); or why it cannot be read.
 */
async function fileText(bytes: Uint8Array): Promise<string | { code: string; detail: string }> {
  let plain = bytes;
  if (XZ_MAGIC.every((b, i) => bytes[i] === b)) {
    try {
      plain = await decompressXz(bytes, MAX_PROFILES_TEXT_BYTES);
    } catch (error) {
      if (isEngineError(error)) return { code: error.code, detail: error.message };
      throw error;
    }
  }
  if (isWorkbook(plain)) {
    const csv = await profilesCsvFromWorkbook(plain);
    return csv ?? { code: 'HOURLY_PROFILES_INVALID', detail: 'the Excel workbook cannot be read' };
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(plain);
  } catch {
    return Buffer.from(plain).toString('latin1');
  }
}

function sendEngineError(
  reply: FastifyReply,
  failure: { code: string; line?: number; field?: string; detail: string },
) {
  const described = describeEngineError(failure);
  return reply.status(422).send(apiError(described.code, described.message));
}
