import type { Transferable, Worker } from 'node:worker_threads';
import { spawnWorker } from './worker-pool';

/** What a request thread posts back: the request's id and its answer, or why it failed. */
export type ThreadReply<T> =
  { id: number; ok: true; value: T } | { id: number; ok: false; message: string };

export interface RequestThread<Req, Res> {
  /** Sends one request to the thread (started at the first) and waits for its answer. */
  request(payload: Req, transfer?: Transferable[]): Promise<Res>;
  close(): Promise<void>;
}

/**
 * A thread for short CPU-bound requests the API answers itself (writing a spreadsheet, reading
 * a study file and checking it against its network), so they never stall the event loop. The
 * thread starts at the first request and does not keep the process alive; if it dies, the
 * requests it held fail and the next one starts a new thread. The entry answers each
 * `{ id, payload }` with a ThreadReply.
 */
export function createRequestThread<Req, Res>(
  workerUrl: URL,
  name: string,
): RequestThread<Req, Res> {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, { resolve: (value: Res) => void; reject: (e: Error) => void }>();

  function failAll(error: Error) {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  }

  function thread(): Worker {
    if (worker !== null) return worker;
    const started = spawnWorker(workerUrl);
    started.unref();
    started.on('message', (reply: ThreadReply<Res>) => {
      const waiting = pending.get(reply.id);
      if (waiting === undefined) return;
      pending.delete(reply.id);
      if (reply.ok) waiting.resolve(reply.value);
      else waiting.reject(new Error(`${name}: ${reply.message}`));
    });
    const lost = (error: Error) => {
      if (worker === started) worker = null;
      failAll(error);
    };
    started.on('error', lost);
    started.on('exit', (code) => lost(new Error(`${name} thread exited with code ${code}`)));
    worker = started;
    return started;
  }

  return {
    request(payload, transfer = []) {
      return new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        thread().postMessage({ id, payload }, transfer);
      });
    },
    async close() {
      const current = worker;
      worker = null;
      failAll(new Error(`${name} closed`));
      if (current !== null) await current.terminate();
    },
  };
}

/** The thread side: answers each request with `handle`, one at a time in arrival order. */
export function serveRequests<Req, Res>(
  port: {
    on(event: 'message', listener: (message: { id: number; payload: Req }) => void): void;
    postMessage(message: unknown, transfer?: Transferable[]): void;
  },
  handle: (payload: Req) => Promise<{ value: Res; transfer?: Transferable[] }>,
): void {
  port.on('message', ({ id, payload }) => {
    handle(payload).then(
      ({ value, transfer }) =>
        port.postMessage({ id, ok: true, value } satisfies ThreadReply<Res>, transfer),
      (error: unknown) =>
        port.postMessage({
          id,
          ok: false,
          message: error instanceof Error ? error.message : String(error),
        } satisfies ThreadReply<Res>),
    );
  });
}
