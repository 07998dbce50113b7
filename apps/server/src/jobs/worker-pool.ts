import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { describeEngineError, errorMessages } from '@holgura/contracts';
import type { JobEvents } from './job-events';
import type { ClaimedJob, JobQueueStore } from './jobs.repository';
import type { FromWorker, ToWorker } from './worker-protocol';

/** How a run ended: the job's state is written ('finished'), or its thread died under it. */
export type RunOutcome = 'finished' | 'crashed';

export interface WorkerPool {
  readonly size: number;
  hasIdle(): boolean;
  /** Runs a claimed job on the next idle thread (waiting for one if all are busy). */
  run(job: ClaimedJob, bytes: Uint8Array): Promise<RunOutcome>;
  /** Called when a thread becomes available again (after a run or a respawn). */
  onAvailable(listener: () => void): void;
  close(): Promise<void>;
}

export interface WorkerPoolOptions {
  store: JobQueueStore;
  events: JobEvents;
  log: FastifyBaseLogger;
  workers: number;
  /** Worker entry; tests substitute one that misbehaves. */
  workerUrl?: URL;
}

/** Source (tsx, Vitest) runs worker.ts; the bundle runs dist/worker.js beside dist/main.js. */
function defaultWorkerUrl(): URL {
  return import.meta.url.endsWith('.ts')
    ? new URL('./worker.ts', import.meta.url)
    : new URL('./worker.js', import.meta.url);
}

/** A worker thread on `url`; TypeScript sources (tsx, Vitest) get tsx's loader first. */
export function spawnWorker(url: URL, data?: unknown): Worker {
  if (!url.pathname.endsWith('.ts')) return new Worker(url, { workerData: data });
  return new Worker(new URL('./ts-worker-bootstrap.mjs', import.meta.url), {
    workerData: { entry: url.href, data },
  });
}

/**
 * Worker threads that run the engine. A thread that dies takes only its job with it and is
 * replaced; one that dies idle (it cannot even load) is replaced with a backoff so a broken build
 * does not spin, and never crashes the process.
 */
export function createWorkerPool(options: WorkerPoolOptions): WorkerPool {
  const { store, events, log } = options;
  const workerUrl = options.workerUrl ?? defaultWorkerUrl();
  const size = Math.max(1, options.workers);
  const idle: Worker[] = [];
  const busy = new Set<Worker>();
  const listeners: (() => void)[] = [];
  let closed = false;
  let failedStarts = 0;

  const waiting: ((worker: Worker) => void)[] = [];
  const available = () => {
    for (const listener of listeners) listener();
  };
  /** A thread is free: hand it to a waiting run first, else keep it idle. */
  const release = (worker: Worker) => {
    const next = waiting.shift();
    if (next !== undefined) next(worker);
    else idle.push(worker);
  };
  const acquire = (): Promise<Worker> => {
    const worker = idle.pop();
    if (worker !== undefined) return Promise.resolve(worker);
    return new Promise((resolve) => waiting.push(resolve));
  };
  const publish = async (jobId: string) => {
    const status = await store.status(jobId);
    if (status !== null) events.publish(status);
  };

  function addWorker(): void {
    const worker = spawnWorker(workerUrl);
    worker.on('error', (error) => log.error({ err: error }, 'analysis worker error'));
    worker.once('exit', () => {
      const index = idle.indexOf(worker);
      if (index < 0 || closed) return;
      idle.splice(index, 1);
      failedStarts++;
      const delay = Math.min(30_000, 250 * 2 ** failedStarts);
      log.error(`un hilo de análisis terminó sin trabajo; se reemplaza en ${delay} ms`);
      setTimeout(() => {
        if (closed) return;
        addWorker();
        available();
      }, delay).unref();
    });
    release(worker);
  }
  for (let i = 0; i < size; i++) addWorker();

  async function run(job: ClaimedJob, bytes: Uint8Array): Promise<RunOutcome> {
    const worker = await acquire();
    busy.add(worker);
    return new Promise<RunOutcome>((resolve) => {
      let settled = false;
      const settle = (outcome: RunOutcome, bookkeeping: () => Promise<unknown>) => {
        if (settled) return;
        settled = true;
        worker.off('message', onMessage);
        worker.off('exit', onExit);
        worker.off('error', onError);
        bookkeeping()
          .catch((error: unknown) => log.error({ err: error, jobId: job.id }, 'job bookkeeping'))
          .then(() => publish(job.id))
          .catch(() => undefined)
          .finally(() => {
            if (outcome === 'finished' && busy.delete(worker) && !closed) release(worker);
            resolve(outcome);
            available();
          });
      };
      const onMessage = (message: FromWorker) => {
        if (message.jobId !== job.id) return;
        if (message.type === 'progress') {
          void store
            .progress(job.id, message.percent, message.stage)
            .then(() => publish(job.id))
            .catch(() => undefined);
          return;
        }
        if (message.type === 'error') {
          log.error({ jobId: job.id, detail: message.detail }, 'analysis failed with a bug');
          settle('finished', () => store.fail(job.id, 'JOB_INTERNAL', errorMessages.JOB_INTERNAL));
          return;
        }
        failedStarts = 0;
        const { outcome } = message;
        if (outcome.ok) {
          settle('finished', () =>
            store.complete(
              job,
              outcome.result,
              outcome.fullDataJson,
              outcome.contingencyCount,
              outcome.networkView,
            ),
          );
        } else {
          const described = describeEngineError(outcome);
          log.info({ jobId: job.id, code: outcome.code, detail: outcome.detail }, 'bad input');
          settle('finished', () => store.fail(job.id, described.code, described.message));
        }
      };
      const onCrash = (reason: string) => {
        busy.delete(worker);
        void worker.terminate();
        if (closed) {
          // Shutting down: the job stays 'running'; the queue recovers it at the next start.
          settled = true;
          resolve('crashed');
          return;
        }
        log.warn({ jobId: job.id, attempt: job.attempts, reason }, 'analysis worker died');
        addWorker();
        settle('crashed', () => Promise.resolve());
      };
      const onExit = (code: number) => onCrash(`exit ${code}`);
      const onError = (error: Error) => onCrash(error.message);
      worker.on('message', onMessage);
      worker.once('exit', onExit);
      worker.once('error', onError);
      const message: ToWorker = {
        type: 'run',
        jobId: job.id,
        attempt: job.attempts,
        caseName: job.caseName,
        bytes,
      };
      worker.postMessage(message, [bytes.buffer as ArrayBuffer]);
    });
  }

  return {
    size,
    hasIdle: () => !closed && idle.length > 0,
    run,
    onAvailable: (listener) => listeners.push(listener),
    async close() {
      closed = true;
      await Promise.all([...idle, ...busy].map((worker) => worker.terminate()));
      idle.length = 0;
      busy.clear();
    },
  };
}
