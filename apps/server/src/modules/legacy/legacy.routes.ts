import type { FastifyInstance } from 'fastify';
import {
  apiError,
  legacyCasesResponseSchema,
  legacyResultsRequestSchema,
  legacyResultsResponseSchema,
  type LegacyApiCase,
  type LegacyResultsResponse,
} from '@holgura/contracts';
import type { Db } from '../../db/database';
import { defineRoute } from '../../http/api-route';
import type { AuthGuard } from '../../http/auth-guard';
import { casesRepository } from '../cases/cases.repository';

/**
 * The original calculation API's read routes (spec §7), over the caller's own cases. The
 * upload route of the same API lives with the uploads.
 */
export function registerLegacyRoutes(app: FastifyInstance, deps: { db: Db; guard: AuthGuard }) {
  defineRoute(app, {
    method: 'GET',
    url: '/cases',
    tag: 'API original',
    summary: 'Casos del usuario',
    auth: deps.guard.requireUser,
    responses: { 200: legacyCasesResponseSchema },
    handler: async (request) => {
      const cases = await casesRepository(deps.db, request.principal!.userId).list();
      const response: LegacyApiCase[] = cases.map((c) => ({
        _id: c.caseId,
        caseResult: [
          {
            caseName: c.caseName,
            caseDescription: c.caseDescription,
            creationDate: c.createdAt,
            process: c.process,
            familyId: c.familyId,
            familyName: c.familyName,
          },
        ],
      }));
      return { response };
    },
  });

  for (const url of ['/download-excel/api-results', '/api/download-excel/api-results']) {
    defineRoute(app, {
      method: 'POST',
      url,
      tag: 'API original',
      summary: 'Resultados de casos del usuario',
      auth: deps.guard.requireUser,
      body: legacyResultsRequestSchema,
      responses: { 200: legacyResultsResponseSchema },
      errors: { 404: ['CASE_NOT_FOUND'] },
      handler: async (request, reply) => {
        const { body } = request;
        const repository = casesRepository(deps.db, request.principal!.userId);
        const owned = new Map((await repository.list()).map((c) => [c.caseId, c]));
        const missing = body.cases.find((id) => !owned.has(id));
        if (missing !== undefined) {
          return reply
            .status(404)
            .send(apiError('CASE_NOT_FOUND', `Respuesta inválida de la API para caso ${missing}`));
        }
        const response: LegacyResultsResponse['response'] = { case: [], listCases: [{ rows: [] }] };
        for (const caseId of body.cases) {
          const summary = owned.get(caseId)!;
          const data = await repository.findData(caseId);
          response.case.push({
            caseId,
            fullDataJSON: data?.fullDataJson ?? null,
            extras: data?.extras ?? null,
          });
          response.listCases[0]!.rows.push({
            caseId,
            caseName: summary.caseName,
            creationDate: summary.createdAt,
            familyId: summary.familyId,
            familyName: summary.familyName,
          });
        }
        return { response };
      },
    });
  }
}
