// The thread that writes spreadsheets (xlsx-thread.ts): one request at a time, off the API's
// event loop.
import { parentPort, threadId } from 'node:worker_threads';
import { serveRequests } from '../../jobs/request-thread';
import type { ExportTable } from './export-table';
import { tableToXlsx } from './export-xlsx';

export type XlsxRequest = { id: number; payload: ExportTable };
export type XlsxAnswer = { bytes: Uint8Array; threadId: number };

if (parentPort !== null) {
  serveRequests<ExportTable, XlsxAnswer>(parentPort, async (table) => {
    const buffer = await tableToXlsx(table);
    const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    return { value: { bytes, threadId } };
  });
}
