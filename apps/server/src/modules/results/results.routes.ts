import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  apiError,
  apiRoutes,
  caseParamsSchema,
  constraintGeneratorsParamsSchema,
  constraintGeneratorsResponseSchema,
  constraintPageQuerySchema,
  constraintPageResponseSchema,
  resultPartQuerySchema,
  resultSummaryResponseSchema,
  violationsResponseSchema,
  type ErrorCode,
} from '@holgura/contracts';
import type { Db } from '../../db/database';
import { defineRoute, NOT_MODIFIED } from '../../http/api-route';
import type { AuthGuard } from '../../http/auth-guard';
import { etagOf } from '../../http/json-segments';
import { sendComposedJson, sendJsonAnswer, sendStoredJson } from '../../http/stored-json';
import { PART } from './result-encoding';
import { findLevel, findPart, findParts, levelConstraintTexts, ResultCache } from './result-store';
import { resultsRepository, type FlexibilityResult } from './results.repository';

const lookupErrors = {
  'no-data': [404, 'CASE_DATA_NOT_FOUND'],
  'no-parts': [404, 'RESULT_PARTS_NOT_FOUND'],
  'no-analysis': [404, 'GROUP_ANALYSIS_NOT_FOUND'],
} as const satisfies Record<string, readonly [number, ErrorCode]>;

function sendLookupError(reply: FastifyReply, status: keyof typeof lookupErrors) {
  const [code, error] = lookupErrors[status];
  return reply.status(code).send(apiError(error));
}

const partsNote =
  'Guardado comprimido al escribirse el resultado; se envía con gzip si el cliente lo acepta, ' +
  'con ETag (`If-None-Match` → 304). `analysis`: el análisis de un grupo de estudio (de ' +
  'GET /api/cases/{caseId}/analyses); sin él, el de la subida.';

/**
 * The result of a case in parts (issue #16, docs/decisions/015): what /analisis needs, each
 * part stored compressed when the result is written and sent without being parsed.
 */
export function registerResultRoutes(app: FastifyInstance, deps: { db: Db; guard: AuthGuard }) {
  const { db, guard } = deps;
  const forOwner = (request: { principal: { userId: string } | null }) =>
    resultsRepository(db, request.principal!.userId);
  /** Pages of constraints already answered (results never change), up to 8 MB of text. */
  const pages = new ResultCache<string>(8 * 1024 * 1024);
  const common = {
    tag: 'Resultados',
    auth: guard.requireUser,
    notFound: 'CASE_NOT_FOUND',
  } as const;

  /**
   * A flexibility part (violations, a constraint's generators) as stored; when it is missing,
   * whether the result has no flexibility at all (409) or only not that part (404).
   */
  async function sendFlexibilityPart(
    request: FastifyRequest,
    reply: FastifyReply,
    found: FlexibilityResult,
    name: string,
    missing: ErrorCode,
  ) {
    if (found.status !== 'ok') return sendLookupError(reply, found.status);
    const [part = null, summary = null] = await findParts(db, [
      [found.resultId, name],
      [found.resultId, PART.flexibility],
    ]);
    if (part !== null) return sendComposedJson(request, reply, part.etag, () => [part]);
    return summary === null
      ? reply.status(409).send(apiError('RESULT_FLEXIBILITY_MISSING'))
      : reply.status(404).send(apiError(missing));
  }

  defineRoute(app, {
    ...common,
    method: 'GET',
    url: apiRoutes.resultSummary.pattern,
    summary: 'Resumen del resultado: red, N-1, grupo de estudio, Tmax, ambas cifras y sus niveles',
    description:
      'Lo que /analisis muestra antes de cualquier tabla: conteos de la red, resumen N-1 con ' +
      'los peores casos, el grupo de estudio, Tmax, el FCITC atribuible y el estricto con su ' +
      'restricción limitante, y cada nivel con su flexibilidad y su número de restricciones. ' +
      partsNote,
    params: caseParamsSchema,
    querystring: resultPartQuerySchema,
    responses: { 200: resultSummaryResponseSchema, 304: NOT_MODIFIED },
    errors: {
      404: ['CASE_DATA_NOT_FOUND', 'RESULT_PARTS_NOT_FOUND', 'GROUP_ANALYSIS_NOT_FOUND'],
    },
    handler: async (request, reply) => {
      const { caseId } = request.params;
      const repository = forOwner(request);
      const found = await repository.caseResult(caseId);
      if (found.status !== 'ok') return sendLookupError(reply, found.status);
      const { analysis } = request.query;
      const flexibility =
        analysis === undefined
          ? { status: 'ok' as const, resultId: found.resultId, analysisId: found.analysisId }
          : await repository.flexibilityResult(caseId, analysis);
      if (flexibility.status !== 'ok') return sendLookupError(reply, flexibility.status);
      const { analysisId } = flexibility;
      const [facts = null, summary = null] = await findParts(db, [
        [found.resultId, PART.case],
        [flexibility.resultId, PART.flexibility],
      ]);
      if (facts === null) return sendLookupError(reply, 'no-parts');
      const head =
        `{"caseId":${JSON.stringify(caseId)},"analysisId":${JSON.stringify(analysisId)},` +
        `"apiResponseDate":${JSON.stringify(found.apiResponseDate)},"analysis":`;
      const etag = etagOf([head, facts.etag, summary?.etag ?? 'null'].join('\n'));
      return sendComposedJson(request, reply, etag, () => [
        head,
        facts,
        ',"flexibility":',
        summary ?? 'null',
        '}',
      ]);
    },
  });

  defineRoute(app, {
    ...common,
    method: 'GET',
    url: apiRoutes.resultConstraints.pattern,
    summary: 'Restricciones de un nivel, paginadas, en orden de impacto',
    description:
      'Las restricciones del nivel en la cifra pedida (attributable por defecto, o strict), ' +
      'en el orden del nivel (impacto descendente), sin sus sensibilidades por planta (ver ' +
      '…/constraints/{constraintId}/generators), con el total del nivel. ' +
      partsNote,
    params: caseParamsSchema,
    querystring: constraintPageQuerySchema,
    responses: { 200: constraintPageResponseSchema, 304: NOT_MODIFIED },
    errors: {
      404: [
        'CASE_DATA_NOT_FOUND',
        'RESULT_PARTS_NOT_FOUND',
        'GROUP_ANALYSIS_NOT_FOUND',
        'LEVEL_NOT_FOUND',
      ],
      409: ['RESULT_FLEXIBILITY_MISSING'],
    },
    handler: async (request, reply) => {
      const { caseId } = request.params;
      const { level, figure, page, pageSize, analysis } = request.query;
      const repository = forOwner(request);
      const found = await repository.flexibilityResult(caseId, analysis);
      if (found.status !== 'ok') return sendLookupError(reply, found.status);
      // A stored result never changes: its id, the case and the page name the answer.
      const key = ['page', found.resultId, caseId, figure, level, page, pageSize].join('\n');
      const etag = etagOf(key);
      const cached = pages.get(key);
      if (cached !== undefined) return sendJsonAnswer(request, reply, etag, cached);
      const facts = await findLevel(db, found.resultId, figure, level);
      if (facts === null) {
        return (await findPart(db, found.resultId, PART.flexibility)) === null
          ? reply.status(409).send(apiError('RESULT_FLEXIBILITY_MISSING'))
          : reply.status(404).send(apiError('LEVEL_NOT_FOUND'));
      }
      const texts = await levelConstraintTexts(db, found.resultId, {
        figure,
        level,
        offset: (page - 1) * pageSize,
        limit: pageSize,
      });
      const json =
        `{"caseId":${JSON.stringify(caseId)},"figure":"${figure}","level":${level},` +
        `"transferMw":${JSON.stringify(facts.transfer_mw)},` +
        `"flexibilityPercent":${JSON.stringify(facts.flexibility_percent)},` +
        `"total":${facts.constraint_count},"page":${page},"pageSize":${pageSize},` +
        `"constraints":[${texts.join(',')}]}`;
      pages.set(key, json, json.length);
      return sendJsonAnswer(request, reply, etag, json);
    },
  });

  defineRoute(app, {
    ...common,
    method: 'GET',
    url: apiRoutes.resultConstraintGenerators.pattern,
    notFound: 'RESULT_CONSTRAINT_NOT_FOUND',
    summary: 'Generadores de una restricción: sensibilidad y despacho de cada planta',
    description:
      'Las plantas con sensibilidad sobre el umbral, con su despacho inicial, al límite de la ' +
      'restricción y en Tmax. ' +
      partsNote,
    params: constraintGeneratorsParamsSchema,
    querystring: resultPartQuerySchema,
    responses: { 200: constraintGeneratorsResponseSchema, 304: NOT_MODIFIED },
    errors: {
      404: [
        'CASE_DATA_NOT_FOUND',
        'RESULT_PARTS_NOT_FOUND',
        'GROUP_ANALYSIS_NOT_FOUND',
        'RESULT_CONSTRAINT_NOT_FOUND',
      ],
      409: ['RESULT_FLEXIBILITY_MISSING'],
    },
    handler: async (request, reply) => {
      const { caseId, constraintId } = request.params;
      const found = await forOwner(request).flexibilityResult(caseId, request.query.analysis);
      return sendFlexibilityPart(
        request,
        reply,
        found,
        PART.generators(constraintId),
        'RESULT_CONSTRAINT_NOT_FOUND',
      );
    },
  });

  defineRoute(app, {
    ...common,
    method: 'GET',
    url: apiRoutes.resultViolations.pattern,
    summary: 'Violaciones existentes (sobre su límite sin transferencia) y qué les hace el grupo',
    description:
      'Todas las que la transferencia empeora y las peores de las demás (hasta 200), con sus ' +
      'cuentas. ' +
      partsNote,
    params: caseParamsSchema,
    querystring: resultPartQuerySchema,
    responses: { 200: violationsResponseSchema, 304: NOT_MODIFIED },
    errors: {
      404: ['CASE_DATA_NOT_FOUND', 'RESULT_PARTS_NOT_FOUND', 'GROUP_ANALYSIS_NOT_FOUND'],
      409: ['RESULT_FLEXIBILITY_MISSING'],
    },
    handler: async (request, reply) => {
      const { caseId } = request.params;
      const found = await forOwner(request).flexibilityResult(caseId, request.query.analysis);
      return sendFlexibilityPart(
        request,
        reply,
        found,
        PART.violations,
        'RESULT_FLEXIBILITY_MISSING',
      );
    },
  });

  defineRoute(app, {
    ...common,
    method: 'GET',
    url: apiRoutes.resultFullDataJson.pattern,
    summary: 'Documento fullDataJSON del producto original (docs/product.md §3), completo',
    description:
      'El documento que entregan las rutas de la API original, enviado desde lo guardado sin ' +
      'armarlo de nuevo (decenas de MB en un caso de 10 000 barras: pide gzip). Con un ' +
      'documento escrito por PUT …/data, ese.',
    params: caseParamsSchema,
    responses: {
      200: { description: 'fullDataJSON', mediaTypes: ['application/json'] },
      304: NOT_MODIFIED,
    },
    errors: {
      404: ['CASE_DATA_NOT_FOUND', 'RESULT_PARTS_NOT_FOUND'],
      409: ['RESULT_FLEXIBILITY_MISSING'],
    },
    handler: async (request, reply) => {
      const { caseId } = request.params;
      const repository = forOwner(request);
      const found = await repository.caseResult(caseId);
      if (found.status !== 'ok') return sendLookupError(reply, found.status);
      if (found.fullDataWritten) {
        const written = await repository.writtenFullData(caseId);
        if (written !== null) {
          return sendStoredJson(request, reply, {
            etag: etagOf(written),
            gzip: null,
            json: written,
          });
        }
      }
      const part = await findPart(db, found.resultId, PART.fullDataJson);
      if (part === null) return reply.status(409).send(apiError('RESULT_FLEXIBILITY_MISSING'));
      return sendComposedJson(request, reply, part.etag, () => [part]);
    },
  });
}
