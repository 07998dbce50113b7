import type { FastifyInstance, FastifyReply } from 'fastify';
import { apiError, type ExportFormat } from '@holgura/contracts';
import type { Db } from '../../db/database';
import type { AuthGuard } from '../../http/auth-guard';
import { tableToCsv } from './export-csv';
import type { ExportTable } from './export-table';
import { busbarCapacitiesTable, constraintsTable, generatorsTable } from './export-tables';
import { exportRepository } from './export.repository';
import type { XlsxWriter } from './xlsx-thread';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_TYPE = 'text/csv; charset=utf-8';
const formats: ExportFormat[] = ['xlsx', 'csv'];

type CaseParams = { caseId: string };
type Query = Record<string, string | undefined>;

/** A positive integer query parameter, or undefined (the caller answers 400). */
function positiveInt(value: string | undefined): number | undefined {
  return value !== undefined && /^\d{1,9}$/.test(value) && Number(value) > 0
    ? Number(value)
    : undefined;
}

async function send(
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
  const signedIn = { preHandler: guard.requireUser };
  const repository = (request: { principal: { userId: string } | null }) =>
    exportRepository(db, request.principal!.userId);

  /** The case's flexibility and the requested level, or the error already sent. */
  async function levelOf(
    request: { principal: { userId: string } | null; params: CaseParams; query: Query },
    reply: FastifyReply,
  ) {
    const levelNumber = positiveInt(request.query.level);
    if (levelNumber === undefined) {
      void reply
        .status(400)
        .send(apiError('VALIDATION_FAILED', 'El nivel debe ser un número entero positivo'));
      return null;
    }
    const found = await repository(request).caseFlexibility(request.params.caseId);
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
    const level = found.flexibility.levels.find((item) => item.level === levelNumber);
    if (level === undefined) {
      void reply.status(404).send(apiError('LEVEL_NOT_FOUND'));
      return null;
    }
    return { ...found, level };
  }

  for (const format of formats) {
    app.get<{ Params: CaseParams; Querystring: Query }>(
      `/api/cases/:caseId/export/constraints.${format}`,
      signedIn,
      async (request, reply) => {
        const found = await levelOf(request, reply);
        if (found === null) return reply;
        const table = constraintsTable({ ...found, generatedAt: new Date() });
        return send(reply, table, format, xlsx);
      },
    );

    app.get<{ Params: CaseParams; Querystring: Query }>(
      `/api/cases/:caseId/export/generators.${format}`,
      signedIn,
      async (request, reply) => {
        const constraintId = positiveInt(request.query.constraint);
        if (constraintId === undefined) {
          return reply
            .status(400)
            .send(
              apiError('VALIDATION_FAILED', 'La restricción debe ser un número entero positivo'),
            );
        }
        const found = await levelOf(request, reply);
        if (found === null) return reply;
        const constraint = found.level.constraintIds.includes(constraintId)
          ? found.flexibility.constraints.find((item) => item.id === constraintId)
          : undefined;
        if (constraint === undefined) {
          return reply.status(404).send(apiError('CONSTRAINT_NOT_FOUND'));
        }
        const table = generatorsTable({ ...found, constraint, generatedAt: new Date() });
        return send(reply, table, format, xlsx);
      },
    );

    app.get<{ Querystring: Query }>(
      `/api/export/busbar-capacities.${format}`,
      signedIn,
      async (request, reply) => {
        const familyId = request.query.familyId?.trim() || null;
        const { familyName, cases } = await repository(request).busbarCapacities(familyId);
        if (cases.length === 0) {
          return reply.status(404).send(apiError('BUSBAR_CAPACITY_NOT_FOUND'));
        }
        const table = busbarCapacitiesTable({ familyName, cases, generatedAt: new Date() });
        return send(reply, table, format, xlsx);
      },
    );
  }
}
