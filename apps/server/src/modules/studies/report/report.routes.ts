import type { FastifyInstance } from 'fastify';
import { apiError, apiRoutes, studyReportFormats } from '@holgura/contracts';
import { defineRoute } from '../../../http/api-route';
import { owner, studyParams, type StudyRouteDeps } from '../study-routes.shared';
import { studyReportModel } from './report-model';
import { studyReportSource } from './report-source';
import { REPORT_MEDIA_TYPES, sendReportFile } from '../../report/report-reply';
import { ownReportWriter } from '../../report/report-thread';

/**
 * A study's report (issue #29: «un informe para llevar»), as a PDF to send or the same content
 * as an Excel workbook: inputs, options, capacities with their limiting elements and
 * contingencies, charts, map and method, in Spanish and dated. Built on request from the shown
 * version (nothing is cached: a new version changes it), on a thread of its own.
 */
export function registerStudyReportRoutes(app: FastifyInstance, deps: StudyRouteDeps): void {
  const { guard } = deps;
  const reports = deps.reports ?? ownReportWriter(app);
  for (const format of studyReportFormats) {
    defineRoute(app, {
      method: 'GET',
      url: apiRoutes.studyReport[format].pattern,
      tag: 'Estudios',
      summary:
        format === 'pdf'
          ? 'Informe del estudio en PDF: entradas, opciones, capacidades, gráficos, mapa y método'
          : 'Informe del estudio como libro de Excel (el mismo contenido del PDF, por hojas)',
      description:
        'En español y fechado (hora de Colombia), de la versión de resultados mostrada. ' +
        '`demo` es el estudio de demostración; el estudio de otro usuario no se encuentra (404).',
      auth: guard.requireUser,
      params: studyParams,
      notFound: 'STUDY_NOT_FOUND',
      responses: {
        200: { description: 'El informe, como adjunto', mediaTypes: [REPORT_MEDIA_TYPES[format]] },
      },
      errors: {
        404: ['STUDY_NOT_FOUND'],
        409: ['STUDY_RESULTS_NOT_READY'],
        500: ['REPORT_FAILED'],
      },
      handler: async (request, reply) => {
        const started = performance.now();
        const source = await studyReportSource(deps, owner(request), request.params.studyId);
        if (source.status === 'not-found') {
          return reply.status(404).send(apiError('STUDY_NOT_FOUND'));
        }
        if (source.status === 'no-results') {
          return reply.status(409).send(apiError('STUDY_RESULTS_NOT_READY'));
        }
        const report = studyReportModel(source.detail, source.network, new Date());
        // On the event loop: the study read as GET /api/studies/{id} reads it, and the model.
        const readMs = performance.now() - started;
        let bytes: Buffer;
        try {
          const written = await reports.write({ kind: 'study', format, report });
          bytes = written.bytes;
          request.log.debug(
            { format, readMs, writeMs: written.ms, bytes: bytes.length },
            'study report',
          );
        } catch (error) {
          request.log.error({ err: error }, 'study report failed');
          return reply.status(500).send(apiError('REPORT_FAILED'));
        }
        return sendReportFile(reply, report.fileStem, format, bytes);
      },
    });
  }
}
