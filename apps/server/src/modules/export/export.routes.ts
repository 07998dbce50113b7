import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  apiError,
  apiRoutes,
  busbarCapacitiesExportQuerySchema,
  caseLookupParamsSchema,
  constraintsExportQuerySchema,
  generatorsExportQuerySchema,
  type ExportFormat,
  type FlexibilityFigureName,
} from '@holgura/contracts';
import type { Db } from '../../db/database';
import { defineRoute } from '../../http/api-route';
import type { AuthGuard } from '../../http/auth-guard';
import { tableToCsv } from './export-csv';
import type { ExportTable } from './export-table';
import { busbarCapacitiesTable, constraintsTable, generatorsTable } from './export-tables';
import { exportedFlexibility } from './export-source';
import { exportRepository } from './export.repository';
import type { XlsxWriter } from './xlsx-thread';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_TYPE = 'text/csv; charset=utf-8';
const formats: ExportFormat[] = ['xlsx', 'csv'];
const mediaType = { xlsx: XLSX_TYPE, csv: CSV_TYPE } as const;
const formatNote = {
  xlsx: 'Excel con números reales y su formato.',
  csv: 'CSV es-CO: separador «;», coma decimal, UTF-8 con BOM.',
} as const;

export async function sendExportTable(
  reply: FastifyReply,
  table: ExportTable,
  format: ExportFormat,
  xlsx: XlsxWriter,
) {
  // CSV is a string join (~100 ms for 5,000 rows); xlsx takes its own thread.
  let body: Buffer | string;
  try {
    body = format === 'xlsx' ? (await xlsx.write(table)).bytes : tableToCsv(table);
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
}

/**
 * Spreadsheet downloads of /analisis' constraints and generators and of /resultados' busbar
 * capacities, built from the stored analysis result on request (nothing is cached: the result
 * can be recomputed).
 */
export function registerExportRoutes(
  app: FastifyInstance,
  deps: { db: Db; guard: AuthGuard; xlsx: XlsxWriter },
) {
  const { db, guard, xlsx } = deps;
  const repository = (request: { principal: { userId: string } | null }) =>
    exportRepository(db, request.principal!.userId);
  const download = (format: ExportFormat) => ({
    200: { description: 'El archivo, como adjunto', mediaTypes: [mediaType[format]] },
  });

  /**
   * The case's flexibility (the upload's, or a group's analysis) with the chosen figure, and
   * the requested level; or the error already sent.
   */
  async function levelOf(
    request: { principal: { userId: string } | null; params: { caseId: string } },
    query: { level: number; analysis?: string | undefined; figure: FlexibilityFigureName },
    reply: FastifyReply,
  ) {
    const levelNumber = query.level;
    const found = await exportedFlexibility(db, request.principal!.userId, {
      caseId: request.params.caseId,
      ...query,
    });
    if (found.status === 'no-case') {
      void reply.status(404).send(apiError('CASE_NOT_FOUND'));
      return null;
    }
    if (found.status === 'no-data') {
      void reply.status(404).send(apiError('CASE_DATA_NOT_FOUND'));
      return null;
    }
    if (found.status === 'no-flexibility') {
      void reply.status(409).send(apiError('FLEXIBILITY_NOT_COMPUTED'));
      return null;
    }
    if (found.status === 'no-analysis') {
      void reply.status(404).send(apiError('GROUP_ANALYSIS_NOT_FOUND'));
      return null;
    }
    const level = found.flexibility.levels.find((item) => item.level === levelNumber);
    if (level === undefined) {
      void reply.status(404).send(apiError('LEVEL_NOT_FOUND'));
      return null;
    }
    return { ...found, level };
  }

  for (const format of formats) {
    defineRoute(app, {
      method: 'GET',
      url: apiRoutes.constraintsExport[format].pattern,
      tag: 'Descargas',
      summary: 'Restricciones de un nivel de flexibilidad',
      description: formatNote[format],
      auth: guard.requireUser,
      params: caseLookupParamsSchema,
      querystring: constraintsExportQuerySchema,
      responses: download(format),
      errors: {
        404: [
          'CASE_NOT_FOUND',
          'CASE_DATA_NOT_FOUND',
          'GROUP_ANALYSIS_NOT_FOUND',
          'LEVEL_NOT_FOUND',
        ],
        409: ['FLEXIBILITY_NOT_COMPUTED'],
        500: ['EXPORT_FAILED'],
      },
      handler: async (request, reply) => {
        const found = await levelOf(request, request.query, reply);
        if (found === null) return reply;
        const table = constraintsTable({
          ...found,
          figure: request.query.figure,
          generatedAt: new Date(),
        });
        return sendExportTable(reply, table, format, xlsx);
      },
    });

    defineRoute(app, {
      method: 'GET',
      url: apiRoutes.generatorsExport[format].pattern,
      tag: 'Descargas',
      summary: 'Análisis de generadores de una restricción',
      description: formatNote[format],
      auth: guard.requireUser,
      params: caseLookupParamsSchema,
      querystring: generatorsExportQuerySchema,
      responses: download(format),
      errors: {
        404: [
          'CASE_NOT_FOUND',
          'CASE_DATA_NOT_FOUND',
          'GROUP_ANALYSIS_NOT_FOUND',
          'LEVEL_NOT_FOUND',
          'CONSTRAINT_NOT_FOUND',
        ],
        409: ['FLEXIBILITY_NOT_COMPUTED'],
        500: ['EXPORT_FAILED'],
      },
      handler: async (request, reply) => {
        const { constraint: constraintId } = request.query;
        const found = await levelOf(request, request.query, reply);
        if (found === null) return reply;
        const constraint = found.level.constraintIds.includes(constraintId)
          ? found.flexibility.constraints.find((item) => item.id === constraintId)
          : undefined;
        if (constraint === undefined) {
          return reply.status(404).send(apiError('CONSTRAINT_NOT_FOUND'));
        }
        const table = generatorsTable({
          ...found,
          constraint,
          figure: request.query.figure,
          generatedAt: new Date(),
        });
        return sendExportTable(reply, table, format, xlsx);
      },
    });

    defineRoute(app, {
      method: 'GET',
      url: apiRoutes.studyCapacitiesExport[format].pattern,
      tag: 'Descargas',
      summary: 'Capacidad de conexión por barra, escenario y año',
      description:
        `${formatNote[format]} Con \`studyId\` (\`demo\` o uno de tus estudios), los casos de la ` +
        'versión mostrada de ese estudio; el estudio de otro usuario no se encuentra (404).',
      auth: guard.requireUser,
      querystring: busbarCapacitiesExportQuerySchema,
      responses: download(format),
      errors: { 404: ['BUSBAR_CAPACITY_NOT_FOUND', 'STUDY_NOT_FOUND'], 500: ['EXPORT_FAILED'] },
      handler: async (request, reply) => {
        const familyId = request.query.familyId?.trim() || null;
        const found = await repository(request).busbarCapacities(
          familyId,
          request.query.studyId ?? null,
        );
        if (found === 'no-study') return reply.status(404).send(apiError('STUDY_NOT_FOUND'));
        const { familyName, cases } = found;
        if (cases.length === 0) {
          return reply.status(404).send(apiError('BUSBAR_CAPACITY_NOT_FOUND'));
        }
        const table = busbarCapacitiesTable({ familyName, cases, generatedAt: new Date() });
        return sendExportTable(reply, table, format, xlsx);
      },
    });
  }
}
