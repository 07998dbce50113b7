import type { FastifyReply } from 'fastify';
import { XLSX_MEDIA_TYPE, type ReportFormat } from '@holgura/contracts';

/** Each report format's media type. */
export const REPORT_MEDIA_TYPES = { pdf: 'application/pdf', xlsx: XLSX_MEDIA_TYPE } as const;

/** A report as an attachment named `<stem>.<format>` (UTF-8 name too), never kept by caches. */
export function sendReportFile(
  reply: FastifyReply,
  fileStem: string,
  format: ReportFormat,
  bytes: Buffer,
) {
  const fileName = `${fileStem}.${format}`;
  return reply
    .header('Content-Type', REPORT_MEDIA_TYPES[format])
    .header(
      'Content-Disposition',
      `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    )
    .header('Cache-Control', 'private, no-store')
    .send(bytes);
}
