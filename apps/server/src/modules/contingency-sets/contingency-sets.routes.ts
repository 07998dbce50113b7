import multipart from '@fastify/multipart';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  apiError,
  apiRoutes,
  caseIdSchema,
  contingencySetRefusedSchema,
  contingencySetResponseSchema,
  contingencySetWords,
  describeEngineError,
  errorMessages,
  MAX_CONTINGENCY_FILE_BYTES,
  MAX_CONTINGENCY_FILES,
  putContingencyRulesSchema,
  unresolvedLineMessage,
  type ContingencyRules,
  type ContingencySetRefused,
  type ContingencySetResponse,
} from '@holgura/contracts';
import { decompressXz, isEngineError } from '@holgura/engine';
import type { Db } from '../../db/database';
import { dropRunsOnContingencySet } from '../analyses/analyses.repository';
import { defineRoute } from '../../http/api-route';
import type { AuthGuard } from '../../http/auth-guard';
import { readUpload, type AnalysisQueue } from '../../jobs/thread-queue';
import { busbarCapacityRepository } from '../busbar-capacities/busbar-capacity.repository';
import { cleanFileName } from '../uploads/uploads.service';
import type { UploadStorage } from '../uploads/upload-storage';
import { sendUserLimitError, UserLimitError, type UserLimitsGuard } from '../uploads/user-limits';
import {
  createContingencySetReader,
  type ContingencySetReader,
  type DefinitionFileText,
} from './contingency-set-thread';
import { contingencySetsRepository, summaryOf } from './contingency-sets.repository';

export interface ContingencySetRouteDeps {
  db: Db;
  guard: AuthGuard;
  queue: AnalysisQueue;
  storage: UploadStorage;
  limits?: UserLimitsGuard;
  /** Tests pass their own; by default one thread, closed with the app. */
  reader?: ContingencySetReader;
}

const XZ_MAGIC = [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00];
const FILE_TYPES = ['text/plain', 'application/octet-stream', 'application/x-xz'] as const;
/** Rules instead of a file: `{ rules }` (contracts' putContingencyRulesSchema). */
const RULES_TYPE = 'application/json';
/** A .con with its .sub and .mon. */
const FORM_TYPE = 'multipart/form-data';
const paramsSchema = z.object({ caseId: caseIdSchema.describe('Identificador del caso') });
const fileQuerySchema = z.object({
  part: z
    .enum(['subsystems', 'monitored'])
    .optional()
    .describe('subsystems: el .sub; monitored: el .mon; sin él, el archivo de contingencias'),
});

/**
 * A case's contingency definitions (issue #30, contracts' contingency-sets.ts): the planner's
 * contab or .con, read against the case on its own thread, refused whole when any line names
 * nothing in the case, then kept with the case; the case's busbar capacities are computed again
 * on it (and again on every branch when it is removed). Owner only.
 */
export function registerContingencySetRoutes(
  app: FastifyInstance,
  deps: ContingencySetRouteDeps,
): void {
  const reader = deps.reader ?? createContingencySetReader();
  if (deps.reader === undefined) app.addHook('onClose', () => reader.close());
  const { guard } = deps;
  /** The caller and their repository when the case is theirs; null: another user's, or none. */
  async function ownCase(request: { principal: { userId: string } | null }, caseId: string) {
    const userId = request.principal!.userId;
    const repo = contingencySetsRepository(deps.db, userId);
    return (await repo.ownsCase(caseId)) ? { userId, repo } : null;
  }

  /** A capacity job on the case's new set, committed and sent to the queue. */
  async function recompute(
    userId: string,
    caseId: string,
    log: { warn: (o: object, m: string) => void },
  ): Promise<string | null> {
    // The flexibility runs on the old set were on it: they go (issue #30); the capacities are
    // computed again below.
    await dropRunsOnContingencySet(deps.db, caseId);
    const run = await busbarCapacityRepository(deps.db, userId).createRun(
      caseId,
      deps.limits,
      undefined,
      true,
    );
    if (run.status !== 'ok') return null;
    // The job is committed; if this send is lost, the queue's sweep sends it again.
    await deps.queue.enqueue(run.jobId).catch((error: unknown) => {
      log.warn({ err: error, jobId: run.jobId }, 'enqueue failed; sweep will retry');
    });
    return run.jobId;
  }

  defineRoute(app, {
    method: 'GET',
    url: apiRoutes.contingencySet.pattern,
    tag: 'Casos',
    summary: 'Las contingencias con que se calcula el caso',
    description:
      'El archivo de contingencias del caso (tabla de cambios de MATPOWER o .con de PSS/E) con ' +
      'lo que da por tipo; `set: null`: todas las ramas en servicio, una a la vez.',
    auth: guard.requireUser,
    params: paramsSchema,
    notFound: 'CASE_NOT_FOUND',
    responses: { 200: contingencySetResponseSchema },
    errors: { 404: ['CASE_NOT_FOUND'] },
    handler: async (request, reply) => {
      const { caseId } = request.params;
      const mine = await ownCase(request, caseId);
      if (mine === null) return reply.status(404).send(apiError('CASE_NOT_FOUND'));
      const { repo } = mine;
      const set = await repo.get(caseId);
      const answer: ContingencySetResponse = {
        caseId,
        set: set === null ? null : summaryOf(set),
        capacityJobId: null,
      };
      return answer;
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: apiRoutes.contingencySet.pattern,
    tag: 'Casos',
    summary: 'Vuelve a calcular el caso con todas las ramas, una a la vez',
    description:
      'Quita el archivo de contingencias del caso y calcula de nuevo la capacidad de cada barra ' +
      'con todas las ramas en servicio, una a la vez (`capacityJobId`).',
    auth: guard.requireUser,
    params: paramsSchema,
    notFound: 'CASE_NOT_FOUND',
    responses: { 200: contingencySetResponseSchema },
    errors: { 404: ['CASE_NOT_FOUND'], 429: ['UPLOAD_RATE_LIMITED', 'JOBS_LIMIT_REACHED'] },
    handler: async (request, reply) => {
      const { caseId } = request.params;
      const mine = await ownCase(request, caseId);
      if (mine === null) return reply.status(404).send(apiError('CASE_NOT_FOUND'));
      const { userId, repo } = mine;
      let capacityJobId: string | null = null;
      if (await repo.remove(caseId)) {
        try {
          capacityJobId = await recompute(userId, caseId, request.log);
        } catch (error) {
          if (error instanceof UserLimitError) return sendUserLimitError(reply, error);
          throw error;
        }
      }
      const answer: ContingencySetResponse = { caseId, set: null, capacityJobId };
      return answer;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: apiRoutes.contingencySetFile.pattern,
    tag: 'Descargas',
    summary: 'El archivo de contingencias del caso, tal como se subió',
    description: 'Como adjunto, con su nombre.',
    auth: guard.requireUser,
    params: paramsSchema,
    querystring: fileQuerySchema,
    notFound: 'CASE_NOT_FOUND',
    responses: {
      200: { description: 'El archivo, como adjunto', mediaTypes: ['text/plain'] },
    },
    errors: { 404: ['CASE_NOT_FOUND', 'CONTINGENCY_SET_NOT_FOUND'] },
    handler: async (request, reply) => {
      const { caseId } = request.params;
      const mine = await ownCase(request, caseId);
      if (mine === null) return reply.status(404).send(apiError('CASE_NOT_FOUND'));
      const { repo } = mine;
      const set = await repo.get(caseId);
      if (set === null) return reply.status(404).send(apiError('CONTINGENCY_SET_NOT_FOUND'));
      const part = request.query.part;
      if (part !== undefined) {
        const companion = part === 'subsystems' ? set.subsystems : set.monitored;
        if (companion === null) {
          return reply.status(404).send(apiError('CONTINGENCY_SET_NOT_FOUND'));
        }
        return sendText(reply, companion.summary.fileName, companion.content);
      }
      if (set.format === 'rules') {
        return reply
          .header('Content-Type', 'application/json; charset=utf-8')
          .header('Content-Disposition', 'attachment; filename="reglas-contingencias.json"')
          .header('Cache-Control', 'private, no-store')
          .send(JSON.stringify({ rules: JSON.parse(set.content) as unknown }, null, 2));
      }
      return sendText(reply, set.fileName, set.content);
    },
  });

  // The file itself is the body: its own parsers, and size and type in this route's words.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    // A .con with its .sub and .mon: a form of files, their sizes enforced as they stream in.
    await scope.register(multipart, {
      limits: {
        fileSize: MAX_CONTINGENCY_FILE_BYTES,
        files: MAX_CONTINGENCY_FILES,
        parts: MAX_CONTINGENCY_FILES + 2,
      },
    });
    scope.addContentTypeParser(
      [...FILE_TYPES, RULES_TYPE],
      { parseAs: 'buffer' },
      (_request, body, done) => done(null, body),
    );
    scope.addContentTypeParser('*', (_request, _payload, done) => {
      done(Object.assign(new Error('unsupported content type'), { statusCode: 415 }), undefined);
    });
    scope.setErrorHandler((error: FastifyError, _request, reply) => {
      if (error.statusCode === 413) {
        return reply.status(413).send(apiError('CONTINGENCY_FILE_TOO_LARGE'));
      }
      if (error.statusCode === 415)
        return reply.status(415).send(apiError('UNSUPPORTED_MEDIA_TYPE'));
      throw error;
    });

    defineRoute(scope, {
      method: 'PUT',
      url: apiRoutes.contingencySet.pattern,
      tag: 'Casos',
      summary: 'Calcula el caso con las contingencias de un archivo',
      description:
        'El cuerpo es el archivo (texto, o comprimido con xz) y `x-file-name` su nombre: una ' +
        'tabla de cambios de MATPOWER (contab: filas BR_STATUS / GEN_STATUS en 0 con la misma ' +
        'etiqueta son una contingencia) o un .con de PSS/E (OPEN BRANCH, REMOVE MACHINE, reglas ' +
        'SINGLE / DOUBLE / PARALLEL). Se lee contra el caso: si alguna línea no corresponde a ' +
        'un elemento del caso, nada se guarda y la respuesta 422 lista las líneas con su número ' +
        'y cómo corregirlas. Si se acepta, reemplaza el anterior y la capacidad de cada barra se ' +
        'calcula de nuevo con él (`capacityJobId`, progreso en `/api/jobs/{jobId}`). En vez de un ' +
        'archivo, reglas: `application/json` `{"rules": {"singleBranches", "parallelCircuits", ' +
        '"units", "minKv"?, "areas"?, "zones"?}}` (cada rama, los circuitos paralelos juntos, cada ' +
        'unidad que produce; solo lo de esa tensión o más y con una barra en esas áreas o zonas).',
      auth: guard.requireUser,
      params: paramsSchema,
      notFound: 'CASE_NOT_FOUND',
      rawBody: {
        mediaTypes: [...FILE_TYPES, FORM_TYPE, RULES_TYPE],
        description:
          'El archivo de contingencias (.m de MATPOWER o .con de PSS/E); o un formulario ' +
          '`multipart/form-data` con el .con y, si los usa, su .sub y su .mon (hasta tres ' +
          'archivos, cada uno de hasta 10 MB, reconocidos por su contenido); o `{"rules": {...}}` en JSON',
      },
      bodyLimit: MAX_CONTINGENCY_FILE_BYTES,
      responses: {
        200: contingencySetResponseSchema,
        422: contingencySetRefusedSchema,
      },
      errors: {
        404: ['CASE_NOT_FOUND'],
        409: ['BUSBAR_CAPACITIES_CASE_NOT_ANALYSED'],
        413: ['CONTINGENCY_FILE_TOO_LARGE'],
        415: ['UNSUPPORTED_MEDIA_TYPE'],
        400: ['VALIDATION_FAILED'],
        422: [
          'CONTINGENCY_FILE_INVALID',
          'CONTINGENCY_FILE_EMPTY',
          'CONTINGENCY_FILE_MISSING',
          'CONTINGENCY_FILES_SAME_KIND',
          'CONTINGENCY_FILES_TOO_MANY',
          'CONTINGENCY_RULES_EMPTY',
          'INPUT_TOO_LARGE',
        ],
        429: ['UPLOAD_RATE_LIMITED', 'JOBS_LIMIT_REACHED'],
      },
      handler: async (request, reply) => {
        const { caseId } = request.params;
        const mine = await ownCase(request, caseId);
        if (mine === null) return reply.status(404).send(apiError('CASE_NOT_FOUND'));
        const { userId, repo } = mine;
        const body = request.body;
        const bytes = body instanceof Buffer ? new Uint8Array(body) : new Uint8Array();
        let rules: ContingencyRules | undefined;
        let files: DefinitionFileText[] = [];
        if (request.isMultipart()) {
          const form = await readFiles(request);
          if (!Array.isArray(form)) return reply.status(form.status).send(form.error);
          files = form;
        } else if ((request.headers['content-type'] ?? '').startsWith(RULES_TYPE)) {
          const parsed = putContingencyRulesSchema.safeParse(parseJson(bytes));
          if (!parsed.success) {
            const message = parsed.error.issues[0]?.message ?? errorMessages.VALIDATION_FAILED;
            return reply.status(400).send(apiError('VALIDATION_FAILED', message));
          }
          rules = parsed.data.rules;
        } else {
          const header = request.headers['x-file-name'];
          const text = await fileText(bytes);
          if (typeof text !== 'string') return sendEngineError(reply, text);
          files = [
            { fileName: cleanFileName(Array.isArray(header) ? header[0] : header), content: text },
          ];
        }
        if (rules === undefined && files.some((file) => file.content.trim() === '')) {
          return reply.status(422).send(apiError('CONTINGENCY_FILE_EMPTY'));
        }
        const upload = await busbarCapacityRepository(deps.db, userId).uploadOf(caseId);
        if (upload === null) {
          return reply.status(409).send(apiError('BUSBAR_CAPACITIES_CASE_NOT_ANALYSED'));
        }
        const read = await reader.read({
          networkBytes: await readUpload(deps.storage, upload),
          files,
          ...(rules === undefined ? {} : { rules }),
        });
        if (!read.ok) return sendEngineError(reply, read);
        const several = files.length > 1;
        if (read.unresolvedCount > 0) {
          const refused: ContingencySetRefused = {
            error: {
              code: 'CONTINGENCY_FILE_UNRESOLVED',
              message: errorMessages.CONTINGENCY_FILE_UNRESOLVED,
            },
            unresolvedCount: read.unresolvedCount,
            unresolved: read.unresolved.map((u) => ({
              line: u.line,
              text: u.text,
              code: u.code,
              message: unresolvedLineMessage(u.code, u.reason),
              ...(several ? { file: u.file } : {}),
            })),
            counts: read.counts,
          };
          return reply.status(422).send(refused);
        }
        if (read.counts.total === 0) {
          const code = rules === undefined ? 'CONTINGENCY_FILE_EMPTY' : 'CONTINGENCY_RULES_EMPTY';
          return reply.status(422).send(apiError(code));
        }
        const chosen = read.files;
        const stored = await repo.put({
          caseId,
          fileName:
            rules !== undefined || chosen === null
              ? contingencySetWords.rules(rules!)
              : chosen.contingencies.fileName,
          format: read.format,
          content:
            rules !== undefined || chosen === null
              ? JSON.stringify(rules)
              : chosen.contingencies.content,
          counts: read.counts,
          n1: read.n1,
          subsystems:
            chosen?.subsystems == null || read.subsystemsFile === null
              ? null
              : { content: chosen.subsystems.content, summary: read.subsystemsFile },
          monitored:
            chosen?.monitored == null || read.monitoredFile === null
              ? null
              : { content: chosen.monitored.content, summary: read.monitoredFile },
        });
        let capacityJobId: string | null;
        try {
          capacityJobId = await recompute(userId, caseId, request.log);
        } catch (error) {
          if (error instanceof UserLimitError) return sendUserLimitError(reply, error);
          throw error;
        }
        const answer: ContingencySetResponse = {
          caseId,
          set: summaryOf(stored),
          capacityJobId,
        };
        return answer;
      },
    });
  });
}

/** A JSON body, or undefined when it is not JSON (the schema then says what is wrong). */
function parseJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(Buffer.from(bytes).toString('utf8'));
  } catch {
    return undefined;
  }
}

/** The file as Latin-1 text (decompressed first when it is xz), or why it cannot be read. */
async function fileText(bytes: Uint8Array): Promise<string | { code: string; detail: string }> {
  try {
    if (XZ_MAGIC.every((b, i) => bytes[i] === b)) {
      const plain = await decompressXz(bytes, 5 * MAX_CONTINGENCY_FILE_BYTES);
      return Buffer.from(plain).toString('latin1');
    }
  } catch (error) {
    if (isEngineError(error)) return { code: error.code, detail: error.message };
    throw error;
  }
  return Buffer.from(bytes).toString('latin1');
}

function sendEngineError(
  reply: FastifyReply,
  failure: { code: string; line?: number; field?: string; detail: string; file?: string },
) {
  const described = describeEngineError(failure);
  const message =
    failure.file === undefined ? described.message : `«${failure.file}»: ${described.message}`;
  return reply.status(422).send(apiError(described.code, message));
}

/** A definitions file as an attachment, under its own name, as it was sent (Latin-1). */
function sendText(reply: FastifyReply, name: string, content: string) {
  return reply
    .header('Content-Type', 'text/plain; charset=latin1')
    .header(
      'Content-Disposition',
      `attachment; filename="${name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    )
    .header('Cache-Control', 'private, no-store')
    .send(Buffer.from(content, 'latin1'));
}

/**
 * The files of a form (any field names: they are told apart by content on the reader's thread),
 * as text, xz undone; or the answer that refuses them. Sizes are enforced as they stream in.
 */
async function readFiles(
  request: FastifyRequest,
): Promise<DefinitionFileText[] | { status: number; error: ReturnType<typeof apiError> }> {
  const files: DefinitionFileText[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (part.file.truncated) {
        return { status: 413, error: apiError('CONTINGENCY_FILE_TOO_LARGE') };
      }
      const text = await fileText(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      if (typeof text !== 'string') {
        const described = describeEngineError(text);
        return { status: 422, error: apiError(described.code, described.message) };
      }
      files.push({ fileName: cleanFileName(part.filename), content: text });
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      return { status: 413, error: apiError('CONTINGENCY_FILE_TOO_LARGE') };
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
      return { status: 422, error: apiError('CONTINGENCY_FILES_TOO_MANY') };
    }
    if (typeof code === 'string' && code.startsWith('FST_')) {
      return { status: 422, error: apiError('CONTINGENCY_FILE_INVALID') };
    }
    throw error;
  }
  if (files.length === 0) return { status: 422, error: apiError('CONTINGENCY_FILE_MISSING') };
  return files;
}
