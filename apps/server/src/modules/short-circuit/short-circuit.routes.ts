import type { FastifyInstance } from 'fastify';
import {
  apiError,
  apiRoutes,
  describeEngineError,
  shortCircuitParamsSchema,
  shortCircuitQuerySchema,
  shortCircuitResponseSchema,
} from '@holgura/contracts';
import type { Db } from '../../db/database';
import { defineRoute } from '../../http/api-route';
import type { AuthGuard } from '../../http/auth-guard';
import { readUpload } from '../../jobs/thread-queue';
import { busbarCapacityRepository } from '../busbar-capacities/busbar-capacity.repository';
import type { UploadStorage } from '../uploads/upload-storage';
import { shortCircuitRepository } from './short-circuit.repository';
import { createShortCircuitCalculator, type ShortCircuitCalculator } from './short-circuit-thread';

export interface ShortCircuitRouteDeps {
  db: Db;
  guard: AuthGuard;
  storage: UploadStorage;
  calculator?: ShortCircuitCalculator;
}

/**
 * `GET /api/cases/{caseId}/short-circuit` (issue #31): the short-circuit strength of every bus
 * of the caller's uploaded case, computed on its own thread from the file as uploaded (a RAW
 * file's machine impedances), with the reactance `xd` for units without data.
 */
export function registerShortCircuitRoutes(app: FastifyInstance, deps: ShortCircuitRouteDeps) {
  const calculator = deps.calculator ?? createShortCircuitCalculator();
  if (deps.calculator === undefined) app.addHook('onClose', () => calculator.close());
  defineRoute(app, {
    method: 'GET',
    url: apiRoutes.caseShortCircuit.pattern,
    tag: 'Casos',
    summary: 'Potencia de cortocircuito de cada barra del caso',
    description:
      'Cortocircuito trifásico al estilo IEC 60909: la potencia máxima (c = 1,1) y la mínima ' +
      'tras la salida de cada rama que no aísla nada (c = 1,0), con la rama que la da, y la ' +
      'corriente de falla. Las unidades aportan la impedancia de fuente del archivo RAW (ZSORCE ' +
      'tras su transformador elevador); las que no la traen (todas las de un caso MATPOWER) ' +
      'usan la reactancia subtransitoria `xd`. Sin datos, o con el valor de relleno ZX = 1,0 ' +
      'en todas las unidades, responde 422 con el motivo: nunca una cifra sin sentido. Solo ' +
      'casos subidos en /analisis. La última respuesta queda guardada con el caso: ' +
      '«Capacidad por barra» muestra con ella la cifra de red débil de cada barra y su ' +
      'variable limitante.',
    auth: deps.guard.requireUser,
    params: shortCircuitParamsSchema,
    querystring: shortCircuitQuerySchema,
    notFound: 'CASE_NOT_FOUND',
    responses: { 200: shortCircuitResponseSchema },
    errors: {
      404: ['CASE_NOT_FOUND'],
      422: ['SHORT_CIRCUIT_UNAVAILABLE', 'SHORT_CIRCUIT_PLACEHOLDER', 'MODEL_CASE_TOO_LARGE'],
    },
    handler: async (request, reply) => {
      const { caseId } = request.params;
      const userId = request.principal!.userId;
      // The owner's uploaded case only: another user's, a study's or the demo's is not found.
      const upload = await busbarCapacityRepository(deps.db, userId).uploadOf(caseId);
      if (upload === null) return reply.status(404).send(apiError('CASE_NOT_FOUND'));
      const xdPu = request.query.xd ?? null;
      const kept = shortCircuitRepository(deps.db);
      const answer = await kept.keptAnswer(caseId, xdPu);
      if (answer !== null) return { caseId, ...answer };
      const outcome = await calculator.compute({
        sha256: upload,
        networkBytes: await readUpload(deps.storage, upload),
        xdPu,
      });
      // Kept with the case for «Capacidad por barra» (issue #31) before answering, so the table
      // read next shows it; failing to keep it does not fail the answer.
      const keep = (write: Promise<void>) =>
        write.catch((error: unknown) =>
          request.log.warn({ err: error, caseId }, 'short-circuit strength not kept'),
        );
      if (!outcome.ok) {
        const described = describeEngineError(outcome);
        if (
          xdPu === null &&
          (described.code === 'SHORT_CIRCUIT_UNAVAILABLE' ||
            described.code === 'SHORT_CIRCUIT_PLACEHOLDER')
        ) {
          await keep(
            kept.storeRefusal(
              caseId,
              userId,
              described.code === 'SHORT_CIRCUIT_UNAVAILABLE' ? 'unavailable' : 'placeholder',
            ),
          );
        }
        return reply.status(422).send(apiError(described.code, described.message));
      }
      await keep(kept.storeFigures(caseId, userId, outcome.figures));
      return { caseId, ...outcome.figures };
    },
  });
}
