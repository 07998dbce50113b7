import { createRequestThread } from '../../jobs/request-thread';
import type { ExportTable } from './export-table';
import type { XlsxAnswer } from './xlsx-worker';

/** Source (tsx, Vitest) runs xlsx-worker.ts; the bundle runs dist/xlsx-worker.js. */
function defaultWorkerUrl(): URL {
  return import.meta.url.endsWith('.ts')
    ? new URL('./xlsx-worker.ts', import.meta.url)
    : new URL('./xlsx-worker.js', import.meta.url);
}

export interface XlsxWriter {
  /** The table as an .xlsx file, written on the spreadsheet thread. */
  write(table: ExportTable): Promise<{ bytes: Buffer; threadId: number }>;
  close(): Promise<void>;
}

/**
 * Spreadsheets are written on their own thread: exceljs takes about a second of CPU for a few
 * thousand rows, which on the API's event loop stalled every other user's requests meanwhile.
 */
export function createXlsxWriter(options: { workerUrl?: URL } = {}): XlsxWriter {
  const thread = createRequestThread<ExportTable, XlsxAnswer>(
    options.workerUrl ?? defaultWorkerUrl(),
    'xlsx',
  );
  return {
    async write(table) {
      const { bytes, threadId } = await thread.request(table);
      return { bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), threadId };
    },
    close: () => thread.close(),
  };
}
