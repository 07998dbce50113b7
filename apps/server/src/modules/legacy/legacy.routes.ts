import type { FastifyInstance } from 'fastify';
import {
  apiError,
  apiRoutes,
  legacyCasesResponseSchema,
  legacyResultsRequestSchema,
  legacyResultsResponseSchema,
  type LegacyApiCase,
  type LegacyResultsResponse,
} from '@holgura/contracts';
import type { Db } from '../../db/database';
import { defineRoute } from '../../http/api-route';
import type { AuthGuard } from '../../http/auth-guard';
import type { AnswerPiece } from '../../http/json-segments';
import { sendComposedStream } from '../../http/stored-json';
import { casesRepository } from '../cases/cases.repository';

/**
 * The original calculation API's read routes (docs/product.md §7), over the caller's own cases. The
 * upload route of the same API lives with the uploads.
 */
export function registerLegacyRoutes(app: FastifyInstance, deps: { db: Db; guard: AuthGuard }) {
  defineRoute(app, {
    method: 'GET',
    url: apiRoutes.legacyCases.pattern,
    tag: 'API original',
    summary: 'Casos del usuario',
    auth: deps.guard.requireUser,
    responses: { 200: legacyCasesResponseSchema },
    handler: async (request) => {
      const cases = await casesRepository(deps.db, request.principal!.userId).list({
        withDemo: true,
      });
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

  for (const { pattern } of [apiRoutes.legacyResults, apiRoutes.legacyResultsUnderApi]) {
    defineRoute(app, {
      method: 'POST',
      url: pattern,
      tag: 'API original',
      summary: 'Resultados de casos del usuario',
      auth: deps.guard.requireUser,
      body: legacyResultsRequestSchema,
      responses: { 200: legacyResultsResponseSchema },
      errors: { 404: ['CASE_NOT_FOUND'] },
      handler: async (request, reply) => {
        const { body } = request;
        const repository = casesRepository(deps.db, request.principal!.userId);
        const rows = await repository.legacyRows(body.cases);
        const missing = body.cases.find((id) => !rows.has(id));
        if (missing !== undefined) {
          return reply
            .status(404)
            .send(apiError('CASE_NOT_FOUND', `Respuesta inválida de la API para caso ${missing}`));
        }
        // Each document is sent from storage as it is (a 10,000-bus case's is ~70 MB of text):
        // the answer is composed around the stored segments, never parsed or built whole.
        const pieces: AnswerPiece[] = ['{"response":{"case":['];
        for (const [index, caseId] of body.cases.entries()) {
          const { fullData, extras } = await repository.legacyDocument(caseId);
          pieces.push(
            `${index === 0 ? '' : ','}{"caseId":${JSON.stringify(caseId)},"fullDataJSON":`,
            fullData,
            ',"extras":',
            extras,
            '}',
          );
        }
        const listCases: LegacyResultsResponse['response']['listCases'] = [
          { rows: body.cases.map((caseId) => rows.get(caseId)!) },
        ];
        pieces.push(`],"listCases":${JSON.stringify(listCases)}}}`);
        return sendComposedStream(request, reply, pieces);
      },
    });
  }
}
