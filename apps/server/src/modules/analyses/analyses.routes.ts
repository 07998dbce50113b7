import type { FastifyInstance } from 'fastify';
import {
  apiError,
  apiRoutes,
  caseAnalysesResponseSchema,
  caseAnalysisParamsSchema,
  caseGeneratorsResponseSchema,
  caseLookupParamsSchema,
  createGroupAnalysisRequestSchema,
  createGroupAnalysisResponseSchema,
  DEFAULT_ANALYSIS_OPTIONS,
  groupAnalysisResponseSchema,
  parseStudyGroup,
  studyGroupLabel,
  type CaseAnalysesResponse,
  type CaseGeneratorsResponse,
  type CreateGroupAnalysisResponse,
} from '@holgura/contracts';
import type { Db } from '../../db/database';
import { defineRoute, NOT_MODIFIED } from '../../http/api-route';
import type { AuthGuard } from '../../http/auth-guard';
import { acceptsGzip, sendStoredJson } from '../../http/stored-json';
import { readUpload, type AnalysisQueue } from '../../jobs/thread-queue';
import type { UploadStorage } from '../uploads/upload-storage';
import { sendUserLimitError, UserLimitError, type UserLimitsGuard } from '../uploads/user-limits';
import { analysesRepository, storedText } from './analyses.repository';
import { contingencySetOfCase } from '../contingency-sets/contingency-sets.repository';
import {
  createCatalogReader,
  type CatalogReader,
  type GeneratorCatalogAnswer,
} from './catalog-thread';

/** Recent catalogues by the upload's content key: a picker reads the same case again and again. */
const RECENT_MAX = 8;

/**
 * The flexibility of an analysed case per study group (issue #21, docs/decisions/013): run it
 * again with another group (a job of kind 'group'), list the groups run, read one, and the
 * generator catalogue a group is chosen from.
 */
export function registerAnalysisRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    guard: AuthGuard;
    storage: UploadStorage;
    queue: AnalysisQueue;
    limits?: UserLimitsGuard;
    /** Tests pass their own; by default one thread, closed with the app. */
    catalog?: CatalogReader;
  },
): void {
  const { db, guard } = deps;
  const catalog = deps.catalog ?? createCatalogReader();
  if (deps.catalog === undefined) app.addHook('onClose', () => catalog.close());
  const recent = new Map<string, GeneratorCatalogAnswer>();
  const forOwner = (request: { principal: { userId: string } | null }) =>
    analysesRepository(db, request.principal!.userId);

  defineRoute(app, {
    method: 'POST',
    url: apiRoutes.caseAnalyses.pattern,
    tag: 'Análisis',
    summary: 'Calcula la flexibilidad del caso con otro grupo de estudio',
    description:
      'El grupo, en texto: `renewables`, `all`, `fuel:<combustible>`, `area:<n>`, `zone:<n>`, ' +
      '`kv:<kV mínimo>` o `gens:<filas de generador>` (1-based, `3,4,7` o `10-14`), y las ' +
      'opciones del análisis (`options`: capacidad poscontingencia, umbral del factor de ' +
      'distribución, sumidero, despacho base; sin ellas, las de siempre). Responde con el ' +
      'trabajo (progreso en `/api/jobs/{jobId}`) y el análisis; un grupo ya calculado o en ' +
      'curso con las mismas opciones no se calcula de nuevo (`existing: true`).',
    auth: guard.requireUser,
    params: caseLookupParamsSchema,
    notFound: 'CASE_NOT_FOUND',
    body: createGroupAnalysisRequestSchema,
    responses: { 202: createGroupAnalysisResponseSchema },
    errors: {
      404: ['CASE_NOT_FOUND'],
      409: ['CASE_NOT_ANALYSED', 'CASE_CONTINGENCY_SET_MISSING'],
      413: ['STORAGE_QUOTA_EXCEEDED'],
      429: ['UPLOAD_RATE_LIMITED', 'JOBS_LIMIT_REACHED'],
    },
    handler: async (request, reply) => {
      const { caseId } = request.params;
      const key = request.body.group;
      const repository = forOwner(request);
      const analysed = await repository.analysedCase(caseId);
      if (analysed.status === 'no-case') return reply.status(404).send(apiError('CASE_NOT_FOUND'));
      if (analysed.status === 'not-analysed') {
        return reply.status(409).send(apiError('CASE_NOT_ANALYSED'));
      }
      const parsed = parseStudyGroup(key);
      if (!parsed.ok || parsed.choice.kind === 'default') throw new Error(`group key ${key}`);
      const options = request.body.options ?? DEFAULT_ANALYSIS_OPTIONS;
      // On the case's own contingencies (issue #30): only when it has them.
      if (
        options.contingencies === 'case-set' &&
        (await contingencySetOfCase(db, caseId)) === null
      ) {
        return reply.status(409).send(apiError('CASE_CONTINGENCY_SET_MISSING'));
      }
      let run;
      try {
        run = await repository.createRun(
          caseId,
          analysed.uploadId,
          { key, label: studyGroupLabel(parsed.choice) },
          options,
          deps.limits,
        );
      } catch (error) {
        if (error instanceof UserLimitError) return sendUserLimitError(reply, error);
        throw error;
      }
      if (!run.existing) {
        // The job is committed; if this send is lost, the queue's sweep sends it again.
        await deps.queue.enqueue(run.jobId).catch((error: unknown) => {
          request.log.warn({ err: error, jobId: run.jobId }, 'enqueue failed; sweep will retry');
        });
      }
      const answer: CreateGroupAnalysisResponse = { caseId, groupKey: key, ...run };
      return reply.status(202).send(answer);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: apiRoutes.caseAnalyses.pattern,
    tag: 'Análisis',
    summary: 'Grupos de estudio calculados para el caso, con su estado y sus cifras',
    description:
      'El grupo del análisis de la subida va primero (`isUploadGroup`); después, los demás, del ' +
      'más reciente al más antiguo.',
    auth: guard.requireUser,
    params: caseLookupParamsSchema,
    notFound: 'CASE_NOT_FOUND',
    responses: { 200: caseAnalysesResponseSchema },
    errors: { 404: ['CASE_NOT_FOUND'] },
    handler: async (request, reply) => {
      const { caseId } = request.params;
      const repository = forOwner(request);
      if ((await repository.analysedCase(caseId)).status === 'no-case') {
        return reply.status(404).send(apiError('CASE_NOT_FOUND'));
      }
      const answer: CaseAnalysesResponse = { caseId, analyses: await repository.list(caseId) };
      return answer;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: apiRoutes.caseAnalysis.pattern,
    tag: 'Análisis',
    summary: 'Flexibilidad del caso con un grupo de estudio',
    description:
      'Ambas cifras (atribuible y estricta), el grupo y las violaciones existentes. Enviada ' +
      'comprimida (gzip) si el cliente lo acepta, con ETag.',
    auth: guard.requireUser,
    params: caseAnalysisParamsSchema,
    notFound: 'GROUP_ANALYSIS_NOT_FOUND',
    responses: { 200: groupAnalysisResponseSchema, 304: NOT_MODIFIED },
    errors: { 404: ['GROUP_ANALYSIS_NOT_FOUND'] },
    handler: async (request, reply) => {
      const { caseId, analysisId } = request.params;
      const stored = await forOwner(request).findStored(caseId, analysisId);
      if (stored === null) return reply.status(404).send(apiError('GROUP_ANALYSIS_NOT_FOUND'));
      const gzip = acceptsGzip(request.headers['accept-encoding']);
      return sendStoredJson(request, reply, gzip ? stored : await storedText(stored));
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: apiRoutes.caseGenerators.pattern,
    tag: 'Análisis',
    summary: 'Generadores del caso y las opciones de grupo de estudio',
    description:
      'Cada generador (fila, barra, máquina, combustible, Pmax, P0, kV, área, zona) y cada ' +
      'opción de grupo que el caso tiene (combustibles, áreas, zonas, niveles de tensión) con sus ' +
      'unidades y su margen, para elegir el grupo en casos de 10.000 barras.',
    auth: guard.requireUser,
    params: caseLookupParamsSchema,
    notFound: 'CASE_NOT_FOUND',
    responses: { 200: caseGeneratorsResponseSchema },
    errors: {
      404: ['CASE_NOT_FOUND'],
      409: ['CASE_NOT_ANALYSED'],
      422: ['CASE_GENERATORS_UNREADABLE'],
    },
    handler: async (request, reply) => {
      const { caseId } = request.params;
      const analysed = await forOwner(request).analysedCase(caseId);
      if (analysed.status === 'no-case') return reply.status(404).send(apiError('CASE_NOT_FOUND'));
      if (analysed.status === 'not-analysed') {
        return reply.status(409).send(apiError('CASE_NOT_ANALYSED'));
      }
      let found = recent.get(analysed.sha256);
      if (found === undefined) {
        try {
          found = await catalog.generators(await readUpload(deps.storage, analysed.sha256));
        } catch (error) {
          request.log.warn({ err: error, caseId }, 'generator catalogue unreadable');
          return reply.status(422).send(apiError('CASE_GENERATORS_UNREADABLE'));
        }
        recent.set(analysed.sha256, found);
        if (recent.size > RECENT_MAX) recent.delete(recent.keys().next().value!);
      }
      const answer: CaseGeneratorsResponse = { caseId, ...found };
      return answer;
    },
  });
}
