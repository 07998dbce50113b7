import type { FastifyInstance } from 'fastify';
import {
  apiError,
  apiRoutes,
  cancelJobResponseSchema,
  jobParamsSchema,
  jobStatusSchema,
  type CancelJobResponse,
  type JobStatus,
} from '@holgura/contracts';
import type { Db } from '../db/database';
import { defineRoute } from '../http/api-route';
import type { AuthGuard } from '../http/auth-guard';
import type { JobEvents } from './job-events';
import { jobsRepository } from './jobs.repository';

/** A final state: the event stream ends with it (cancelled included, issue #26). */
const finished = (status: JobStatus) =>
  status.state === 'done' || status.state === 'failed' || status.state === 'cancelled';

/** Job status for its owner: one read, or a Server-Sent Events stream until it finishes. */
export function registerJobRoutes(
  app: FastifyInstance,
  deps: { db: Db; guard: AuthGuard; events: JobEvents; pollIntervalMs?: number },
): void {
  defineRoute(app, {
    method: 'GET',
    url: apiRoutes.job.pattern,
    tag: 'Análisis',
    summary: 'Estado y progreso de un análisis',
    auth: deps.guard.requireUser,
    params: jobParamsSchema,
    responses: { 200: jobStatusSchema },
    errors: { 404: ['JOB_NOT_FOUND'] },
    handler: async (request, reply) => {
      const status = await jobsRepository(deps.db, request.principal!.userId).find(
        request.params.jobId,
      );
      if (status === null) return reply.status(404).send(apiError('JOB_NOT_FOUND'));
      return status;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: apiRoutes.jobCancel.pattern,
    tag: 'Análisis',
    summary: 'Cancela un análisis o una ventana en cola o en curso',
    description:
      'El análisis de una subida, de un grupo de estudio o de la capacidad de cada barra, y el ' +
      'cálculo de una ventana de asignación, se detienen en segundos y liberan su hilo; lo que ' +
      'escribirían después se descarta. Un estudio se cancela en ' +
      '`/api/studies/{studyId}/cancel`.',
    auth: deps.guard.requireUser,
    params: jobParamsSchema,
    responses: { 200: cancelJobResponseSchema },
    errors: { 404: ['JOB_NOT_FOUND'], 409: ['JOB_NOT_RUNNING', 'JOB_CANCEL_STUDY'] },
    handler: async (request, reply) => {
      const jobs = jobsRepository(deps.db, request.principal!.userId);
      const jobId = request.params.jobId;
      const outcome = await jobs.cancel(jobId);
      if (outcome === 'not-found') return reply.status(404).send(apiError('JOB_NOT_FOUND'));
      if (outcome === 'study') return reply.status(409).send(apiError('JOB_CANCEL_STUDY'));
      if (outcome === 'not-running') return reply.status(409).send(apiError('JOB_NOT_RUNNING'));
      const status = await jobs.find(jobId);
      if (status !== null) deps.events.publish(status);
      const answer: CancelJobResponse = { jobId, state: 'cancelled' };
      return answer;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: apiRoutes.jobEvents.pattern,
    tag: 'Análisis',
    summary: 'Progreso del análisis como Server-Sent Events',
    description:
      'Un evento `status` con el mismo JSON que `/api/jobs/{jobId}` cada vez que cambia; el ' +
      'flujo se cierra cuando el análisis termina (`done`, `failed` o `cancelled`), también si ' +
      'ya había terminado al abrirlo.',
    auth: deps.guard.requireUser,
    params: jobParamsSchema,
    responses: {
      200: { description: 'Flujo de eventos `status`', mediaTypes: ['text/event-stream'] },
    },
    errors: { 404: ['JOB_NOT_FOUND'] },
    handler: async (request, reply) => {
      const jobs = jobsRepository(deps.db, request.principal!.userId);
      const jobId = request.params.jobId;
      const first = await jobs.find(jobId);
      if (first === null) return reply.status(404).send(apiError('JOB_NOT_FOUND'));

      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      let last = '';
      let done = false;
      const send = (status: JobStatus) => {
        if (done) return;
        const data = JSON.stringify(status);
        if (data !== last) {
          last = data;
          raw.write(`event: status\ndata: ${data}\n\n`);
        }
        if (finished(status)) stop();
      };
      // Jobs run by another process publish nothing here: re-read the database as well.
      const poll = setInterval(() => {
        jobs.find(jobId).then(
          (status) => status && send(status),
          () => undefined,
        );
      }, deps.pollIntervalMs ?? 1000);
      const unsubscribe = deps.events.subscribe(jobId, send);
      function stop() {
        done = true;
        clearInterval(poll);
        unsubscribe();
        raw.end();
      }
      request.raw.on('close', () => {
        if (!done) stop();
      });
      send(first);
    },
  });
}
