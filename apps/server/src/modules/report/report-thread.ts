import type { FastifyInstance } from 'fastify';
import { createRequestThread } from '../../jobs/request-thread';
import type { ReportAnswer, ReportRequest } from './report-worker';

/** Source (tsx, Vitest) runs report-worker.ts; the bundle runs dist/report-worker.js. */
function defaultWorkerUrl(): URL {
  return import.meta.url.endsWith('.ts')
    ? new URL('./report-worker.ts', import.meta.url)
    : new URL('./report-worker.js', import.meta.url);
}

export type { ReportRequest };

export interface ReportWriter {
  /** A study's or a case's report as a PDF or a workbook, written on the report thread. */
  write(request: ReportRequest): Promise<{ bytes: Buffer; threadId: number; ms: number }>;
  close(): Promise<void>;
}

/**
 * Reports are written on their own thread, like spreadsheets (export/xlsx-thread.ts): the demo
 * study's PDF (450 figures, 25 charts, a 2,000-bus map; 28 pages, 150 KB) took 140–210 ms of
 * CPU here and its workbook 40–110 ms, which on the API's event loop would stall every other
 * user's requests meanwhile. One thread serves the study reports and the case reports (app.ts
 * makes it and closes it with the app).
 */
export function createReportWriter(options: { workerUrl?: URL } = {}): ReportWriter {
  const thread = createRequestThread<ReportRequest, ReportAnswer>(
    options.workerUrl ?? defaultWorkerUrl(),
    'report',
  );
  return {
    async write(request) {
      const { bytes, threadId, ms } = await thread.request(request);
      return { bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), threadId, ms };
    },
    close: () => thread.close(),
  };
}

/** A report thread of a module's routes' own, closed with the app (when app.ts hands in none). */
export function ownReportWriter(app: FastifyInstance): ReportWriter {
  const own = createReportWriter();
  app.addHook('onClose', () => own.close());
  return own;
}
