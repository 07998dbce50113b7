// The thread that writes spreadsheets (xlsx-thread.ts): one request at a time, off the API's
// event loop.
import { parentPort, threadId } from 'node:worker_threads';
import type { ExportTable } from './export-table';
import { tableToXlsx } from './export-xlsx';

export type XlsxRequest = { id: number; table: ExportTable };
export type XlsxReply =
  | { id: number; ok: true; bytes: Uint8Array; threadId: number }
  | { id: number; ok: false; message: string };

parentPort?.on('message', (request: XlsxRequest) => {
  tableToXlsx(request.table).then(
    (buffer) => {
      const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
      const reply: XlsxReply = { id: request.id, ok: true, bytes, threadId };
      parentPort?.postMessage(reply);
    },
    (error: unknown) => {
      const reply: XlsxReply = {
        id: request.id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
      };
      parentPort?.postMessage(reply);
    },
  );
});
