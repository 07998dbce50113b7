import type { Worker } from 'node:worker_threads';
import { spawnWorker } from '../../jobs/worker-pool';
import type { ExportTable } from './export-table';
import type { XlsxReply, XlsxRequest } from './xlsx-worker';

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
 * The thread starts at the first export; if it dies, the requests it held fail and the next one
 * starts a new thread.
 */
export function createXlsxWriter(options: { workerUrl?: URL } = {}): XlsxWriter {
  const workerUrl = options.workerUrl ?? defaultWorkerUrl();
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<
    number,
    { resolve: (value: { bytes: Buffer; threadId: number }) => void; reject: (e: Error) => void }
  >();

  function failAll(error: Error) {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  }

  function thread(): Worker {
    if (worker !== null) return worker;
    const started = spawnWorker(workerUrl);
    // An idle spreadsheet thread must not keep the process alive.
    started.unref();
    started.on('message', (reply: XlsxReply) => {
      const waiting = pending.get(reply.id);
      if (waiting === undefined) return;
      pending.delete(reply.id);
      if (reply.ok) {
        const bytes = Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.length);
        waiting.resolve({ bytes, threadId: reply.threadId });
      } else {
        waiting.reject(new Error(`xlsx: ${reply.message}`));
      }
    });
    const lost = (error: Error) => {
      if (worker === started) worker = null;
      failAll(error);
    };
    started.on('error', lost);
    started.on('exit', (code) => lost(new Error(`xlsx thread exited with code ${code}`)));
    worker = started;
    return started;
  }

  return {
    write(table) {
      return new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        const request: XlsxRequest = { id, table };
        thread().postMessage(request);
      });
    },
    async close() {
      const current = worker;
      worker = null;
      failAll(new Error('xlsx writer closed'));
      if (current !== null) await current.terminate();
    },
  };
}
