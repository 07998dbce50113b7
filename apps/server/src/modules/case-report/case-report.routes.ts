import type { FastifyInstance } from 'fastify';
import {
  apiError,
  apiRoutes,
  caseParamsSchema,
  reportFormats,
  type ErrorCode,
} from '@holgura/contracts';
import type { Db } from '../../db/database';
import { defineRoute } from '../../http/api-route';
import type { AuthGuard } from '../../http/auth-guard';
import { REPORT_MEDIA_TYPES, sendReportFile } from '../report/report-reply';
import { ownReportWriter, type ReportWriter } from '../report/report-thread';
import { caseReportModel, pdfReport } from './case-report-model';
import { caseReportSource, type CaseReportSource } from './case-report-source';

/** Why a case has no report yet: the status and the error each source status answers. */
const refusals = {
  'not-found': [404, 'CASE_NOT_FOUND'],
  'not-upload': [409, 'CASE_REPORT_NOT_UPLOAD'],
  'not-ready': [409, 'CASE_REPORT_NOT_READY'],
  failed: [409, 'CASE_REPORT_ANALYSIS_FAILED'],
  'no-parts': [404, 'RESULT_PARTS_NOT_FOUND'],
} as const satisfies Record<
  Exclude<CaseReportSource['status'], 'ok'>,
  readonly [404 | 409, ErrorCode]
>;

export interface CaseReportRouteDeps {
  db: Db;
  guard: AuthGuard;
  /** The report thread app.ts shares with the study reports; absent: the routes' own. */
  reports?: ReportWriter;
}

/**
 * An uploaded, analysed case's report (issue #29: «un informe para llevar»), as a PDF to send
 * or the same content as an Excel workbook: the file, the options, the N-1 screening, the
 * flexibility, the capacity of every bus and the method, in Spanish and dated. Built on request
 * from what /analisis shows (nothing is cached: a recalculation changes it), on the report
 * thread. The owner's cases only: another user's is a missing one.
 */
export function registerCaseReportRoutes(app: FastifyInstance, deps: CaseReportRouteDeps): void {
  const { db, guard } = deps;
  const reports = deps.reports ?? ownReportWriter(app);
  for (const format of reportFormats) {
    defineRoute(app, {
      method: 'GET',
      url: apiRoutes.caseReport[format].pattern,
      tag: 'Casos',
      summary:
        format === 'pdf'
          ? 'Informe del caso en PDF: archivo, opciones, N-1, flexibilidad, capacidad por barra y método'
          : 'Informe del caso como libro de Excel (el contenido del PDF, con la capacidad de cada barra)',
      description:
        'En español y fechado (hora de Colombia), de un caso subido y analizado en /analisis: ' +
        'el archivo (formato, conteos, potencia base, avisos y revisiones), el despacho base, las ' +
        'opciones del análisis, el resumen N-1 con las mayores cargas, los niveles de ' +
        'flexibilidad, el resumen y el histograma de la capacidad de cada barra con las 50 de ' +
        'menor y las 50 de mayor capacidad (el Excel, todas) y el método. Las cifras que ' +
        '/analisis marca (aproximadas por la verificación AC, el tope en lugar de un elemento, ' +
        'las revisiones del archivo) llevan la misma marca. El caso de otro usuario no se ' +
        'encuentra (404); mientras el análisis o la capacidad por barra se calculan, 409.',
      auth: guard.requireUser,
      params: caseParamsSchema,
      notFound: 'CASE_NOT_FOUND',
      responses: {
        200: { description: 'El informe, como adjunto', mediaTypes: [REPORT_MEDIA_TYPES[format]] },
      },
      errors: {
        404: ['CASE_NOT_FOUND', 'RESULT_PARTS_NOT_FOUND'],
        409: ['CASE_REPORT_NOT_READY', 'CASE_REPORT_ANALYSIS_FAILED', 'CASE_REPORT_NOT_UPLOAD'],
        500: ['REPORT_FAILED'],
      },
      handler: async (request, reply) => {
        const started = performance.now();
        const source = await caseReportSource(db, request.principal!.userId, request.params.caseId);
        if (source.status !== 'ok') {
          const [status, code] = refusals[source.status];
          return reply.status(status).send(apiError(code));
        }
        const report = caseReportModel(source.input, new Date());
        // On the event loop: the case read as /analisis reads it (its rows in chunks).
        const readMs = performance.now() - started;
        let bytes: Buffer;
        try {
          const written = await reports.write(
            format === 'pdf'
              ? { kind: 'case', format, report: pdfReport(report) }
              : { kind: 'case', format, report },
          );
          bytes = written.bytes;
          request.log.debug(
            { format, readMs, writeMs: written.ms, bytes: bytes.length },
            'case report',
          );
        } catch (error) {
          request.log.error({ err: error }, 'case report failed');
          return reply.status(500).send(apiError('REPORT_FAILED'));
        }
        return sendReportFile(reply, report.fileStem, format, bytes);
      },
    });
  }
}
