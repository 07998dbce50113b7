import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  apiError,
  apiRoutes,
  busbarCapacityExportQuerySchema,
  busbarCapacityHistogramQuerySchema,
  busbarCapacityHistogramResponseSchema,
  busbarCapacityMapQuerySchema,
  busbarCapacityMapResponseSchema,
  busbarCapacityPageQuerySchema,
  busbarCapacityPageResponseSchema,
  busbarCapacityParamsSchema,
  busbarAcCheckParamsSchema,
  busbarAcCheckQuerySchema,
  busbarAcCheckResponseSchema,
  busbarCapacityCompareQuerySchema,
  busbarCapacityComparisonSchema,
  type BusbarCapacityComparison,
  type ComparisonSide,
  createBusbarCapacitiesRequestSchema,
  createAcRunRequestSchema,
  createAcRunResponseSchema,
  acRunSeconds,
  describeEngineError,
  describeLimit,
  errorMessages,
  type AcAllEstimate,
  type CreateAcRunResponse,
  type WeakGridStatus,
  type AcCapacityResult,
  type AcCheckResult,
  type BusbarAcCheckResponse,
  type BusbarCapacityOptions,
  createBusbarCapacitiesResponseSchema,
  DEFAULT_ANALYSIS_OPTIONS,
  type BusbarCapacityHistogramResponse,
  type BusbarCapacityMapResponse,
  type BusbarCapacityPageResponse,
  type CreateBusbarCapacitiesResponse,
} from '@holgura/contracts';
import type { Db } from '../../db/database';
import { defineRoute, NOT_MODIFIED } from '../../http/api-route';
import type { AuthGuard } from '../../http/auth-guard';
import { sendStoredJson } from '../../http/stored-json';
import { capacityRunOptions } from './busbar-capacities';
import { compareCapacities, settingsThatDiffer } from './busbar-capacity.compare';
import { readUpload, type AnalysisQueue } from '../../jobs/thread-queue';
import type { UploadStorage } from '../uploads/upload-storage';
import { createBusbarAcChecker, type BusbarAcChecker } from './ac-check-thread';
import type { XlsxWriter } from '../export/xlsx-thread';
import { sendUserLimitError, UserLimitError, type UserLimitsGuard } from '../uploads/user-limits';
import { busbarCapacityTable, tableToCsvInChunks } from './busbar-capacity.export';
import {
  capacityContingencyFileOf,
  contingencySetOfCase,
} from '../contingency-sets/contingency-sets.repository';
import {
  busbarCapacityRepository,
  type CapacityStatus,
  type ShownResult,
} from './busbar-capacity.repository';
import { shortCircuitRepository } from '../short-circuit/short-circuit.repository';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const CSV_TYPE = 'text/csv; charset=utf-8';

const stateFields = (caseId: string, status: CapacityStatus) => ({
  caseId,
  state: status.state,
  jobId: status.jobId,
  progressPercent: status.progressPercent,
  stage: status.stage,
  error: status.error,
});

/** The page's state: with the newer computation on its way, when there is one. */
const pageStateFields = (caseId: string, status: CapacityStatus) => ({
  ...stateFields(caseId, status),
  next: status.next,
});

/** A stored result's answers change only with the result: tag = result and question. */
const entityTag = (...parts: unknown[]) =>
  createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 27);

function clientHas(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (header === undefined) return false;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === `"${etag}"`);
}

/** An answer with a tag: 304 before any query when the client holds it (stored-json.ts). */
async function sendTagged(
  request: FastifyRequest,
  reply: FastifyReply,
  etag: string,
  build: () => Promise<unknown>,
) {
  if (clientHas(request, etag)) {
    return sendStoredJson(request, reply, { etag, gzip: null, json: null });
  }
  return sendStoredJson(request, reply, { etag, gzip: null, json: JSON.stringify(await build()) });
}

/** Not done yet: the state only, never kept by the browser. */
function sendUntagged(reply: FastifyReply, answer: unknown) {
  return reply.header('cache-control', 'no-store').send(answer);
}

/**
 * A view of a case's stored capacities (histogram, map): 404 without the case, the state alone
 * (untagged) before any result, and the view tagged by the result and the question after.
 */
async function sendResultView<Answer>(
  request: FastifyRequest,
  reply: FastifyReply,
  repo: ReturnType<typeof busbarCapacityRepository>,
  caseId: string,
  view: {
    empty: (status: CapacityStatus) => Answer;
    tag: (result: ShownResult) => unknown[] | Promise<unknown[]>;
    build: (status: CapacityStatus, result: ShownResult) => Promise<Answer>;
  },
) {
  const status = await repo.status(caseId);
  if (status === null) return reply.status(404).send(apiError('CASE_NOT_FOUND'));
  const result = status.result;
  if (result === null) return sendUntagged(reply, view.empty(status));
  const etag = entityTag(...(await view.tag(result)));
  return sendTagged(request, reply, etag, () => view.build(status, result));
}

/** What the busbar capacity routes use (app.ts hands it in). */
export interface BusbarCapacityRouteDeps {
  db: Db;
  guard: AuthGuard;
  queue: AnalysisQueue;
  xlsx: XlsxWriter;
  storage: UploadStorage;
  limits?: UserLimitsGuard;
  /** Tests pass their own; by default one thread, closed with the app. */
  acChecker?: BusbarAcChecker;
  /**
   * Issue #31: the longest «Verificar todas en AC» this server runs, estimated minutes
   * (MAX_AC_VERIFICATION_MINUTES; default 60).
   */
  acVerificationMinutes?: number;
}

/** The routes' shared pieces: the caller's repository and the AC check's thread. */
interface CapacityRoutes {
  deps: BusbarCapacityRouteDeps;
  repository: (request: {
    principal: { userId: string } | null;
  }) => ReturnType<typeof busbarCapacityRepository>;
  acChecker: BusbarAcChecker;
}

/**
 * The N-1 capacity of every busbar of an analysed case (issue #17, docs/decisions/016): its page
 * with the summary, its histogram, the map's columns, the downloads, and the job that computes
 * it for a case analysed before it existed. Owner only: another user's case is not found.
 */
export function registerBusbarCapacityRoutes(
  app: FastifyInstance,
  deps: BusbarCapacityRouteDeps,
): void {
  const acChecker = deps.acChecker ?? createBusbarAcChecker();
  if (deps.acChecker === undefined) app.addHook('onClose', () => acChecker.close());
  const routes: CapacityRoutes = {
    deps,
    repository: (request) => busbarCapacityRepository(deps.db, request.principal!.userId),
    acChecker,
  };
  registerCapacityPageRoute(app, routes);
  registerCapacityJobRoute(app, routes);
  registerCapacityChartRoutes(app, routes);
  registerCapacityCompareRoute(app, routes);
  registerAcCheckRoute(app, routes);
  registerAcRunRoute(app, routes);
  registerCapacityDownloadRoutes(app, routes);
}

/** The longest all-bus AC verification the server runs, s. */
const acLimitSeconds = (deps: BusbarCapacityRouteDeps) => 60 * (deps.acVerificationMinutes ?? 60);

/** The page: its rows, sorted and filtered, with the summary and the job's state. */
function registerCapacityPageRoute(app: FastifyInstance, routes: CapacityRoutes): void {
  const { deps, repository } = routes;
  const { guard } = deps;
  defineRoute(app, {
    method: 'GET',
    url: apiRoutes.busbarCapacities.pattern,
    tag: 'Casos',
    summary: 'Capacidad N-1 de cada barra del caso, por páginas',
    description:
      'Ambas cifras por barra: la atribuible (las violaciones existentes que la conexión empeora ' +
      'no la limitan) y la estricta, con su elemento limitante y su contingencia, y la violación ' +
      'existente que la conexión más empeora. Ordenada, filtrada y paginada por la base de datos; ' +
      '`summary` es del caso completo. Mientras se calcula, `state` es `pending` o `running` ' +
      '(progreso en `/api/jobs/{jobId}`); `absent`: el caso se analizó antes de que existiera, ' +
      'pídela con POST. Con ETag.',
    auth: guard.requireUser,
    params: busbarCapacityParamsSchema,
    notFound: 'CASE_NOT_FOUND',
    querystring: busbarCapacityPageQuerySchema,
    responses: { 200: busbarCapacityPageResponseSchema, 304: NOT_MODIFIED },
    errors: { 404: ['CASE_NOT_FOUND'] },
    handler: async (request, reply) => {
      const { caseId } = request.params;
      const query = request.query;
      const repo = repository(request);
      const status = await repo.status(caseId);
      if (status === null) return reply.status(404).send(apiError('CASE_NOT_FOUND'));
      const paging = {
        page: query.page,
        pageSize: query.pageSize,
        sort: query.sort,
        order: query.order,
        figure: query.figure,
      };
      const result = status.result;
      if (result === null) {
        const answer: BusbarCapacityPageResponse = {
          ...pageStateFields(caseId, status),
          total: 0,
          ...paging,
          rows: [],
          summary: null,
          options: null,
          computedAt: null,
        };
        return sendUntagged(reply, answer);
      }
      const filters = { q: query.q, minKv: query.minKv, area: query.area };
      // Issue #31: the weak grid beside the figures, and the all-bus AC verification.
      const [weakGrid, acRun, upload] = await Promise.all([
        shortCircuitRepository(deps.db).status(caseId),
        repo.acRun(result.resultKey),
        repo.uploadOf(caseId),
      ]);
      const acAll = async (): Promise<AcAllEstimate | null> => {
        // A study's case (or the demo's) is not verified from here.
        if (upload === null) return null;
        const buses = await repo.unverifiedCount(result.resultKey, query.figure, filters);
        return {
          buses,
          seconds: acRunSeconds(buses, result.busCount),
          limitMinutes: acLimitSeconds(deps) / 60,
        };
      };
      const answer = async (): Promise<BusbarCapacityPageResponse> => {
        const [total, rows, estimate] = await Promise.all([
          repo.count(result.resultKey, filters),
          repo.page(
            result.resultKey,
            filters,
            query,
            { offset: (query.page - 1) * query.pageSize, limit: query.pageSize },
            caseId,
          ),
          acAll(),
        ]);
        return {
          ...pageStateFields(caseId, status),
          total,
          ...paging,
          rows,
          summary: JSON.parse(result.summaryJson) as BusbarCapacityPageResponse['summary'],
          options: JSON.parse(result.optionsJson) as BusbarCapacityPageResponse['options'],
          computedAt: result.shownAt,
          weakGrid,
          acRun,
          acAll: estimate,
        };
      };
      // While a newer computation or an all-bus AC verification runs, its progress is part of
      // the answer: no tag then.
      if (
        (status.next !== null && status.next.state !== 'failed') ||
        acRun?.state === 'pending' ||
        acRun?.state === 'running'
      ) {
        return sendUntagged(reply, await answer());
      }
      // A bus's AC check, asked for later, changes the rows: its count is in the tag, as the
      // case's short-circuit strength (the weak grid) and the last all-bus run are.
      const etag = entityTag(
        'page',
        result.resultKey,
        result.shownAt,
        status.next?.jobId ?? null,
        await repo.acCheckTag(result.resultKey),
        weakGridTag(weakGrid),
        acRun === null ? null : [acRun.jobId, acRun.state],
        paging,
        filters,
      );
      return sendTagged(request, reply, etag, answer);
    },
  });
}

/** What of a case's weak-grid status changes its answers. */
const weakGridTag = (weakGrid: WeakGridStatus) => [weakGrid.state, weakGrid.computedAt];

/** Computing the capacities (again), with the analysis options. */
function registerCapacityJobRoute(app: FastifyInstance, routes: CapacityRoutes): void {
  const { deps, repository } = routes;
  const { guard } = deps;
  defineRoute(app, {
    method: 'POST',
    url: apiRoutes.busbarCapacities.pattern,
    tag: 'Casos',
    summary: 'Calcula (de nuevo) la capacidad N-1 de cada barra de un caso ya analizado',
    description:
      'Con las opciones del análisis (`options`: tope por barra, capacidad poscontingencia, ' +
      'umbral del factor de distribución, sumidero, despacho base; sin cuerpo, las de siempre). ' +
      'La subida la calcula sola con las de siempre al terminar su análisis. Responde con el ' +
      'trabajo (progreso en `/api/jobs/{jobId}`); si ya está calculada o en curso con esas ' +
      'opciones no se calcula de nuevo (`existing: true`). El resultado anterior se sigue ' +
      'mostrando hasta que el nuevo termina (`next` en la página).',
    auth: guard.requireUser,
    params: busbarCapacityParamsSchema,
    body: createBusbarCapacitiesRequestSchema,
    notFound: 'CASE_NOT_FOUND',
    responses: { 202: createBusbarCapacitiesResponseSchema },
    errors: {
      404: ['CASE_NOT_FOUND'],
      409: ['BUSBAR_CAPACITIES_CASE_NOT_ANALYSED'],
      413: ['STORAGE_QUOTA_EXCEEDED'],
      429: ['UPLOAD_RATE_LIMITED', 'JOBS_LIMIT_REACHED'],
    },
    handler: async (request, reply) => {
      const { caseId } = request.params;
      let run;
      try {
        run = await repository(request).createRun(
          caseId,
          deps.limits,
          request.body?.options ?? DEFAULT_ANALYSIS_OPTIONS,
        );
      } catch (error) {
        if (error instanceof UserLimitError) return sendUserLimitError(reply, error);
        throw error;
      }
      if (run.status === 'no-case') return reply.status(404).send(apiError('CASE_NOT_FOUND'));
      if (run.status === 'not-analysed') {
        return reply.status(409).send(apiError('BUSBAR_CAPACITIES_CASE_NOT_ANALYSED'));
      }
      if (!run.existing) {
        // The job is committed; if this send is lost, the queue's sweep sends it again.
        await deps.queue.enqueue(run.jobId).catch((error: unknown) => {
          request.log.warn({ err: error, jobId: run.jobId }, 'enqueue failed; sweep will retry');
        });
      }
      const answer: CreateBusbarCapacitiesResponse = {
        caseId,
        jobId: run.jobId,
        existing: run.existing,
        state: run.state,
      };
      return reply.status(202).send(answer);
    },
  });
}

/** The histogram and the map's columns. */
function registerCapacityChartRoutes(app: FastifyInstance, routes: CapacityRoutes): void {
  const { deps, repository } = routes;
  const { guard } = deps;
  defineRoute(app, {
    method: 'GET',
    url: apiRoutes.busbarCapacityHistogram.pattern,
    tag: 'Casos',
    summary: 'Histograma de la capacidad por barra del caso (MW)',
    description:
      'Cuántas barras caen en cada intervalo de MW, con bordes fijos hasta el tope (0, 25, 50, ' +
      '100, 150, 200, 300, 400, 500, 750, 1000, 1500, … el tope): `zero` son las barras en 0 MW, ' +
      '`range` el intervalo [fromMw, toMw) sin el 0, `cap` las barras en el tope. Acepta los ' +
      'mismos filtros que la tabla. Con ETag.',
    auth: guard.requireUser,
    params: busbarCapacityParamsSchema,
    notFound: 'CASE_NOT_FOUND',
    querystring: busbarCapacityHistogramQuerySchema,
    responses: { 200: busbarCapacityHistogramResponseSchema, 304: NOT_MODIFIED },
    errors: { 404: ['CASE_NOT_FOUND'] },
    handler: (request, reply) => {
      const { caseId } = request.params;
      const { figure, ...filters } = request.query;
      const repo = repository(request);
      return sendResultView<BusbarCapacityHistogramResponse>(request, reply, repo, caseId, {
        empty: (status) => ({
          ...stateFields(caseId, status),
          figure,
          capMw: null,
          total: 0,
          outsideIsland: 0,
          bins: [],
        }),
        tag: (result) => ['histogram', result.resultKey, result.shownAt, figure, filters],
        build: async (status, result) => ({
          ...stateFields(caseId, status),
          figure,
          capMw: result.capMw,
          ...(await repo.histogram(result.resultKey, result.capMw, figure, filters)),
        }),
      });
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: apiRoutes.busbarCapacityMap.pattern,
    tag: 'Casos',
    summary: 'Capacidad de cada barra en columnas, para colorear la vista de red',
    description:
      '`bus[i]` (número de barra, como en `/api/cases/{caseId}/network`) tiene `capacityMw[i]` ' +
      'MW de la cifra elegida, a 0,1 MW; null fuera de la isla de transferencia. En el orden del ' +
      'archivo. Para colorear por variable limitante: `limitMw[i]`, la menor entre la cifra ' +
      'verificada en AC (la DC mientras no lo está) y la de red débil, `limitingVariable[i]` lo ' +
      'que la fija (thermal, voltage, reactive-power, non-convergence, weak-grid; null: el ' +
      'tope) y `acVerified[i]`. Con ETag.',
    auth: guard.requireUser,
    params: busbarCapacityParamsSchema,
    notFound: 'CASE_NOT_FOUND',
    querystring: busbarCapacityMapQuerySchema,
    responses: { 200: busbarCapacityMapResponseSchema, 304: NOT_MODIFIED },
    errors: { 404: ['CASE_NOT_FOUND'] },
    handler: (request, reply) => {
      const { caseId } = request.params;
      const { figure } = request.query;
      const repo = repository(request);
      return sendResultView<BusbarCapacityMapResponse>(request, reply, repo, caseId, {
        empty: (status) => ({
          ...stateFields(caseId, status),
          figure,
          capMw: null,
          bus: [],
          capacityMw: [],
        }),
        // Issue #31: the AC verifications and the weak grid colour it too.
        tag: async (result) => [
          'map',
          result.resultKey,
          result.shownAt,
          figure,
          await repo.acCheckTag(result.resultKey),
          weakGridTag(await shortCircuitRepository(deps.db).status(caseId)),
        ],
        build: async (status, result) => ({
          ...stateFields(caseId, status),
          figure,
          capMw: result.capMw,
          ...(await repo.map(result.resultKey, figure, caseId)),
          weakGrid: await shortCircuitRepository(deps.db).status(caseId),
        }),
      });
    },
  });
}

/** One side of a comparison: the case, its state and, once done, how it was computed. */
function comparisonSide(caseId: string, status: CapacityStatus): ComparisonSide {
  const result = status.result;
  return {
    caseId,
    caseName: status.caseName,
    state: status.state,
    computedAt: result?.shownAt ?? null,
    options: result === null ? null : (JSON.parse(result.optionsJson) as BusbarCapacityOptions),
    buses: result === null ? null : result.busCount,
  };
}

/** Two cases side by side: the buses whose capacity changed most and the constraints' changes. */
function registerCapacityCompareRoute(app: FastifyInstance, routes: CapacityRoutes): void {
  const { deps, repository } = routes;
  const { guard } = deps;
  defineRoute(app, {
    method: 'GET',
    url: apiRoutes.busbarCapacityCompare.pattern,
    tag: 'Casos',
    summary: 'Compara la capacidad por barra de dos casos',
    description:
      'La capacidad N-1 de cada barra del caso de la ruta (`base`) junto a la del caso `with` ' +
      '(`other`), emparejadas por número de barra: dos años o dos escenarios de un estudio, dos ' +
      'versiones o dos subidas. `changes` lista las barras cuya cifra cambió (otherMw − baseMw), ' +
      'las de mayor cambio primero, y después las que tienen cifra en un solo caso; ' +
      '`constraints` las restricciones (elemento monitoreado y contingencia, por sus nombres) que ' +
      'limitan alguna barra en un caso y ninguna en el otro. `settingsDiffer` nombra las opciones ' +
      'de cálculo que difieren: entonces la diferencia mezcla la red y las opciones. Mientras ' +
      'un caso no tiene su capacidad, `ready` es false. Con ETag.',
    auth: guard.requireUser,
    params: busbarCapacityParamsSchema,
    notFound: 'CASE_NOT_FOUND',
    querystring: busbarCapacityCompareQuerySchema,
    responses: { 200: busbarCapacityComparisonSchema, 304: NOT_MODIFIED },
    errors: { 404: ['CASE_NOT_FOUND'] },
    handler: async (request, reply) => {
      const { caseId } = request.params;
      const { with: otherId, figure, limit } = request.query;
      const repo = repository(request);
      const [baseStatus, otherStatus] = await Promise.all([
        repo.status(caseId),
        repo.status(otherId),
      ]);
      if (baseStatus === null || otherStatus === null) {
        return reply.status(404).send(apiError('CASE_NOT_FOUND'));
      }
      const base = comparisonSide(caseId, baseStatus);
      const other = comparisonSide(otherId, otherStatus);
      const baseResult = baseStatus.result;
      const otherResult = otherStatus.result;
      if (baseResult === null || otherResult === null) {
        const waiting: BusbarCapacityComparison = {
          base,
          other,
          figure,
          ready: false,
          settingsDiffer: [],
          summary: null,
          changes: [],
          constraints: { appeared: [], vanished: [], appearedTotal: 0, vanishedTotal: 0 },
        };
        return sendUntagged(reply, waiting);
      }
      const etag = entityTag(
        'compare',
        baseResult.resultKey,
        baseResult.shownAt,
        otherResult.resultKey,
        otherResult.shownAt,
        figure,
        limit,
      );
      return sendTagged(request, reply, etag, async (): Promise<BusbarCapacityComparison> => {
        const byBus = { sort: 'bus', order: 'asc', figure } as const;
        const baseRows = await repo.all(baseResult.resultKey, {}, byBus);
        const otherRows = await repo.all(otherResult.resultKey, {}, byBus);
        return {
          base,
          other,
          figure,
          ready: true,
          settingsDiffer: settingsThatDiffer(base.options!, other.options!),
          ...compareCapacities(baseRows, otherRows, figure, limit),
        };
      });
    },
  });
}

/** One bus's AC check, on its own thread. */
function registerAcCheckRoute(app: FastifyInstance, routes: CapacityRoutes): void {
  const { deps, repository, acChecker } = routes;
  const { guard } = deps;
  defineRoute(app, {
    method: 'GET',
    url: apiRoutes.busbarCapacityAcCheck.pattern,
    tag: 'Casos',
    summary: 'Verificación AC de la capacidad de una barra',
    description:
      'La capacidad de la barra verificada con flujos de carga AC (`acCapacity`): la mayor ' +
      'inyección, hasta la cifra DC y con precisión de 0,1 MW, con la que flujos de Newton con ' +
      'los límites de reactivos de las unidades cumplen en N-0 y en al menos 10 contingencias ' +
      '(las primeras del ranking DC y las ramas de la barra): MVA de cada rama frente a la ' +
      'capacidad en uso, tensiones frente a los límites del caso, reactivos de la unidad de ' +
      'referencia dentro de su rango y convergencia. Dice la variable que la limita: térmica, ' +
      'tensión, potencia reactiva o no convergencia; los límites que el caso ya incumple con ' +
      '0 MW no fijan la cifra atribuible. Se verifica toda barra con cifra, también las que ' +
      'llegan al tope. Además (`acCheck`), donde un elemento limita la cifra DC: un flujo AC ' +
      'con la unidad nueva inyectando la capacidad DC y la contingencia limitante fuera, la ' +
      'MVA del elemento monitoreado frente a su límite junto a la carga DC (100 % en el ' +
      'límite), marcada cuando difieren más de 5 % (null si nada limita antes del tope). Se ' +
      'calcula la primera vez (alrededor de medio segundo en 2.000 barras, de 2 a 4 s en ' +
      '10.000) y queda guardada con el resultado: la tabla y las descargas la muestran. Solo ' +
      'casos subidos en /analisis.',
    auth: guard.requireUser,
    params: busbarAcCheckParamsSchema,
    querystring: busbarAcCheckQuerySchema,
    notFound: 'CASE_NOT_FOUND',
    responses: { 200: busbarAcCheckResponseSchema },
    errors: {
      404: ['CASE_NOT_FOUND', 'BUSBAR_NOT_IN_RESULT'],
      409: ['BUSBAR_CAPACITIES_NOT_READY', 'BUSBAR_AC_CHECK_STUDY', 'BUSBAR_AC_CHECK_STALE'],
      422: ['TRANSFER_BUS_OUTSIDE_ISLAND'],
    },
    handler: async (request, reply) => {
      const { caseId, bus } = request.params;
      const { figure } = request.query;
      const repo = repository(request);
      const status = await repo.status(caseId);
      if (status === null) return reply.status(404).send(apiError('CASE_NOT_FOUND'));
      const result = status.result;
      if (result === null || status.jobId === null) {
        return reply.status(409).send(apiError('BUSBAR_CAPACITIES_NOT_READY'));
      }
      const upload = await repo.uploadOf(caseId);
      if (upload === null) return reply.status(409).send(apiError('BUSBAR_AC_CHECK_STUDY'));
      const row = await repo.rowOfBus(result.resultKey, bus, caseId);
      if (row === null) return reply.status(404).send(apiError('BUSBAR_NOT_IN_RESULT'));
      const answer = (
        acCheck: AcCheckResult | null,
        acCapacity: AcCapacityResult | null,
      ): BusbarAcCheckResponse => ({
        caseId,
        bus,
        figure,
        capacityMw: row[figure].capacityMw,
        limiting: row[figure].limiting,
        acCheck,
        acCapacity,
      });
      // Kept with the result; one stored before issue #31 (no AC capacity) is computed again, and
      // one the all-bus AC job verified (no flow at the limit) gets that flow.
      const stored = row[figure];
      if (stored.acCheck !== undefined && stored.acCapacity !== undefined) {
        return answer(stored.acCheck, stored.acCapacity);
      }
      if (!row.inTransferIsland) {
        return reply.status(422).send(apiError('TRANSFER_BUS_OUTSIDE_ISLAND'));
      }
      const options = capacityRunOptions(await repo.resultOptions(status.jobId));
      // A figure computed on the planner's set is found again, and checked, on that set.
      if (computedOnContingencyFile(result.optionsJson)) {
        const set = await contingencySetOfCase(deps.db, caseId);
        if (set === null) return reply.status(409).send(apiError('BUSBAR_AC_CHECK_STALE'));
        options.contingencySet = capacityContingencyFileOf(set);
      }
      const outcome = await acChecker.check({
        sha256: upload,
        networkBytes: await readUpload(deps.storage, upload),
        busNumber: bus,
        figure,
        options,
      });
      if (!outcome.ok) {
        const described = describeEngineError(outcome);
        return reply.status(422).send(apiError(described.code, described.message));
      }
      // The same engine with the same options finds the stored figure again; a result
      // computed by an earlier version may not: it is recomputed, not checked.
      // The AC-verified capacity starts from the same DC figure.
      const storedMw = row[figure].capacityMw;
      const near = (mw: number) =>
        storedMw !== null && Math.abs(mw - storedMw) <= 1e-6 * Math.max(1, storedMw);
      const same =
        near(outcome.capacityMw) &&
        near(outcome.acCapacity.dcMw) &&
        (outcome.limiting?.monitored ?? null) === (row[figure].limiting?.monitoredBranch ?? null);
      if (!same) {
        request.log.info(
          {
            caseId,
            bus,
            figure,
            storedMw,
            computedMw: outcome.capacityMw,
            acDcMw: outcome.acCapacity.dcMw,
          },
          'AC check: the stored capacity is not what this version computes',
        );
        return reply.status(409).send(apiError('BUSBAR_AC_CHECK_STALE'));
      }
      // Verified by the all-bus job (issue #31): its figure stands, the flow at the limit
      // completes it.
      if (stored.acCapacity !== undefined) {
        await repo.completeAcCheck(result.resultKey, row.position, figure, outcome.acCheck);
        return answer(outcome.acCheck, stored.acCapacity);
      }
      await repo.storeAcCheck(
        result.resultKey,
        row.position,
        figure,
        outcome.acCheck,
        outcome.acCapacity,
      );
      return answer(outcome.acCheck, outcome.acCapacity);
    },
  });
}

/** «Verificar todas en AC» (issue #31): the all-bus AC verification as a background job. */
function registerAcRunRoute(app: FastifyInstance, routes: CapacityRoutes): void {
  const { deps, repository } = routes;
  const { guard } = deps;
  defineRoute(app, {
    method: 'POST',
    url: apiRoutes.busbarCapacityAcAll.pattern,
    tag: 'Casos',
    summary: 'Verifica en AC la capacidad de todas las barras, como trabajo en segundo plano',
    description:
      'Como «Verificar en AC» de una barra, para cada barra de la cifra elegida (`figure`) que ' +
      'pasa los filtros de la tabla (`q`, `minKv`, `area`), está en la isla de transferencia y ' +
      'aún no está verificada: un trabajo (progreso en `/api/jobs/{jobId}`, tipo ' +
      '`ac-capacity`, «AC: 340 de 2.000 barras») que la verifica con dos hilos, las barras de ' +
      'menor cifra primero, y guarda cada tanda de barras al terminarla: la tabla, el mapa y ' +
      'las descargas las muestran sin calcularlas de nuevo. Si falla, se cancela o se ' +
      'interrumpe, lo guardado queda y pedirla de nuevo sigue con las que faltan. Entre tandas ' +
      'cede su turno a los trabajos que esperan. Una sola a la vez por resultado: mientras una ' +
      'está en curso responde con ella (`existing: true`). Se rechaza (422) si tardaría más ' +
      'que el máximo del servidor (MAX_AC_VERIFICATION_MINUTES), con la estimación: filtra por ' +
      'área o tensión para verificar menos barras. Solo casos subidos en /analisis.',
    auth: guard.requireUser,
    params: busbarCapacityParamsSchema,
    body: createAcRunRequestSchema,
    notFound: 'CASE_NOT_FOUND',
    responses: { 202: createAcRunResponseSchema },
    errors: {
      404: ['CASE_NOT_FOUND'],
      409: [
        'BUSBAR_CAPACITIES_NOT_READY',
        'BUSBAR_AC_CHECK_STUDY',
        'BUSBAR_AC_ALL_NOTHING',
        'BUSBAR_CAPACITIES_CASE_NOT_ANALYSED',
      ],
      413: ['STORAGE_QUOTA_EXCEEDED'],
      422: ['BUSBAR_AC_ALL_TOO_LARGE'],
      429: ['UPLOAD_RATE_LIMITED', 'JOBS_LIMIT_REACHED'],
    },
    handler: async (request, reply) => {
      const { caseId } = request.params;
      const body = request.body ?? { figure: 'attributable' as const };
      const figure = body.figure ?? 'attributable';
      const repo = repository(request);
      const status = await repo.status(caseId);
      if (status === null) return reply.status(404).send(apiError('CASE_NOT_FOUND'));
      const result = status.result;
      if (result === null) return reply.status(409).send(apiError('BUSBAR_CAPACITIES_NOT_READY'));
      if ((await repo.uploadOf(caseId)) === null) {
        return reply.status(409).send(apiError('BUSBAR_AC_CHECK_STUDY'));
      }
      let run;
      try {
        run = await repo.createAcRun({
          caseId,
          resultKey: result.resultKey,
          caseBuses: result.busCount,
          figure,
          filters: { q: body.q, minKv: body.minKv, area: body.area },
          maxSeconds: acLimitSeconds(deps),
          limits: deps.limits,
        });
      } catch (error) {
        if (error instanceof UserLimitError) return sendUserLimitError(reply, error);
        throw error;
      }
      if (run.status === 'nothing')
        return reply.status(409).send(apiError('BUSBAR_AC_ALL_NOTHING'));
      if (run.status === 'not-analysed') {
        return reply.status(409).send(apiError('BUSBAR_CAPACITIES_CASE_NOT_ANALYSED'));
      }
      if (run.status === 'too-long') {
        const minutes = Math.max(0.1, Math.round(run.seconds / 6) / 10);
        const limit = describeLimit({
          name: 'MAX_AC_VERIFICATION_MINUTES',
          limit: acLimitSeconds(deps) / 60,
          actual: minutes,
        });
        const buses = new Intl.NumberFormat('es-CO').format(run.buses);
        return reply
          .status(422)
          .send(
            apiError(
              'BUSBAR_AC_ALL_TOO_LARGE',
              `${errorMessages.BUSBAR_AC_ALL_TOO_LARGE}. Verificar ${buses} barras ${limit}.`,
            ),
          );
      }
      if (!run.existing) {
        // The job is committed; if this send is lost, the queue's sweep sends it again.
        await deps.queue.enqueue(run.jobId).catch((error: unknown) => {
          request.log.warn({ err: error, jobId: run.jobId }, 'enqueue failed; sweep will retry');
        });
      }
      const answer: CreateAcRunResponse = {
        caseId,
        jobId: run.jobId,
        existing: run.existing,
        buses: run.buses,
        seconds: run.seconds,
      };
      return reply.status(202).send(answer);
    },
  });
}

/** Whether a stored result was computed on a case's contingency file (issue #30). */
function computedOnContingencyFile(optionsJson: string): boolean {
  const options = JSON.parse(optionsJson) as { contingencySet?: unknown };
  return options.contingencySet !== undefined && options.contingencySet !== null;
}

/** The table as Excel or CSV. */
function registerCapacityDownloadRoutes(app: FastifyInstance, routes: CapacityRoutes): void {
  const { deps, repository } = routes;
  const { guard, xlsx } = deps;
  for (const format of ['xlsx', 'csv'] as const) {
    defineRoute(app, {
      method: 'GET',
      url: apiRoutes.busbarCapacitiesExport[format].pattern,
      tag: 'Descargas',
      summary: 'Capacidad N-1 de cada barra del caso, ambas cifras',
      description:
        (format === 'xlsx'
          ? 'Excel con números reales y su formato.'
          : 'CSV es-CO: separador «;», coma decimal, UTF-8 con BOM.') +
        ' La tabla completa (las barras que pasan los filtros), en el orden pedido.',
      auth: guard.requireUser,
      params: busbarCapacityParamsSchema,
      notFound: 'CASE_NOT_FOUND',
      querystring: busbarCapacityExportQuerySchema,
      responses: {
        200: {
          description: 'El archivo, como adjunto',
          mediaTypes: [format === 'xlsx' ? XLSX_TYPE : CSV_TYPE],
        },
      },
      errors: {
        404: ['CASE_NOT_FOUND'],
        409: ['BUSBAR_CAPACITIES_NOT_READY'],
        500: ['EXPORT_FAILED'],
      },
      handler: async (request, reply) => {
        const { caseId } = request.params;
        const query = request.query;
        const repo = repository(request);
        const status = await repo.status(caseId);
        if (status === null) return reply.status(404).send(apiError('CASE_NOT_FOUND'));
        const result = status.result;
        if (result === null) {
          return reply.status(409).send(apiError('BUSBAR_CAPACITIES_NOT_READY'));
        }
        const rows = await repo.all(
          result.resultKey,
          { q: query.q, minKv: query.minKv, area: query.area },
          query,
          caseId,
        );
        const table = busbarCapacityTable({
          caseName: status.caseName,
          rows,
          options: JSON.parse(result.optionsJson) as BusbarCapacityOptions,
          query,
          generatedAt: new Date(),
          weakGrid: await shortCircuitRepository(deps.db).status(caseId),
        });
        let body: Buffer | string;
        try {
          body =
            format === 'xlsx' ? (await xlsx.write(table)).bytes : await tableToCsvInChunks(table);
        } catch (error) {
          reply.log.error({ err: error }, 'export failed');
          return reply.status(500).send(apiError('EXPORT_FAILED'));
        }
        const fileName = `${table.fileStem}.${format}`;
        return reply
          .header('Content-Type', format === 'xlsx' ? XLSX_TYPE : CSV_TYPE)
          .header(
            'Content-Disposition',
            `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
          )
          .header('Cache-Control', 'private, no-store')
          .send(body);
      },
    });
  }
}
