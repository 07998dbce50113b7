import type { FastifyInstance } from 'fastify';
import {
  apiError,
  legacyResultsRequestSchema,
  type LegacyApiCase,
  type LegacyResultsResponse,
} from '@holgura/contracts';
import type { Db } from '../../db/database';
import type { AuthGuard } from '../../http/auth-guard';
import { parseBody } from '../../http/validation';
import { casesRepository } from '../cases/cases.repository';

/**
 * The original calculation API's read routes (spec §7), over the caller's own cases. The
 * upload route of the same API lives with the uploads.
 */
export function registerLegacyRoutes(app: FastifyInstance, deps: { db: Db; guard: AuthGuard }) {
  const signedIn = { preHandler: deps.guard.requireUser };

  app.get('/cases', signedIn, async (request) => {
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
  });

  for (const url of ['/download-excel/api-results', '/api/download-excel/api-results']) {
    app.post(url, signedIn, async (request, reply) => {
      const body = parseBody(legacyResultsRequestSchema, request.body, reply);
      if (body === undefined) return reply;
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
    });
  }
}
