import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { describeEngineError, errorMessages } from '@holgura/contracts';
import type { UploadStorage } from '../modules/uploads/upload-storage';
import type { JobEvents } from './job-events';
import type { ClaimedJob, JobQueueStore } from './jobs.repository';
import type { FromWorker, ToWorker } from './worker-protocol';

/** The queue behind an interface, so a PostgreSQL-backed queue can replace it (issue 8). */
export interface AnalysisQueue {
  /** Something was queued: look for work now rather than at the next poll. */
  notify(): void;
  close(): Promise<void>;
}

export interface ThreadQueueOptions {
  store: JobQueueStore;
  storage: UploadStorage;
  events: JobEvents;
  log: FastifyBaseLogger;
  workers: number;
  /** Worker entry; tests substitute one that misbehaves. */
  workerUrl?: URL;
  pollIntervalMs?: number;
}

/** Source (tsx, Vitest) runs worker.ts; the bundle runs dist/worker.js beside dist/main.js. */
function defaultWorkerUrl(): URL {
  return import.meta.url.endsWith('.ts')
    ? new URL('./worker.ts', import.meta.url)
    : new URL('./worker.js', import.meta.url);
}

function spawnWorker(url: URL): Worker {
  if (!url.pathname.endsWith('.ts')) return new Worker(url);
  // TypeScript sources need tsx's loader inside the thread; the bundle is plain JavaScript.
  return new Worker(new URL('./ts-worker-bootstrap.mjs', import.meta.url), {
    workerData: { entry: url.href },
  });
}

/**
 * The embedded queue: jobs live in the database; a pool of worker threads runs them. A thread
 * that dies takes only its job with it: the job goes back to the queue (bounded attempts) and a
 * fresh thread replaces the dead one.
 */
export function startThreadQueue(options: ThreadQueueOptions): AnalysisQueue {
  const { store, storage, events, log } = options;
  const workerUrl = options.workerUrl ?? defaultWorkerUrl();
  const pollIntervalMs = options.pollIntervalMs ?? 2000;
  const idle: Worker[] = [];
  const busy = new Set<Worker>();
  let closed = false;
  let pumping = false;
  let pumpAgain = false;

  const publish = async (jobId: string) => {
    const status = await store.status(jobId);
    if (status !== null) events.publish(status);
  };

  let failedStarts = 0;

  /**
   * A worker with listeners for its whole life: an error or exit while idle (a thread that cannot
   * even load) must neither crash the process nor leave the pool short. Respawns back off so a
   * broken build does not spin.
   */
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
        void pump();
      }, delay).unref();
    });
    idle.push(worker);
  }

  for (let i = 0; i < Math.max(1, options.workers); i++) addWorker();

  function run(worker: Worker, job: ClaimedJob, bytes: Uint8Array): Promise<void> {
    return new Promise((resolve) => {
      let finished = false;
      const finish = (next: () => Promise<unknown>) => {
        if (finished) return;
        finished = true;
        worker.off('message', onMessage);
        worker.off('exit', onExit);
        worker.off('error', onError);
        next()
          .catch((error: unknown) => log.error({ err: error, jobId: job.id }, 'job bookkeeping'))
          .then(() => publish(job.id))
          .catch(() => undefined)
          .finally(resolve);
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
          finish(() => store.fail(job.id, 'JOB_INTERNAL', errorMessages.JOB_INTERNAL));
          return;
        }
        failedStarts = 0;
        const { outcome } = message;
        if (outcome.ok) {
          finish(() => store.complete(job, outcome.result, outcome.contingencyCount));
        } else {
          const described = describeEngineError(outcome);
          log.info({ jobId: job.id, code: outcome.code, detail: outcome.detail }, 'bad input');
          finish(() => store.fail(job.id, described.code, described.message));
        }
      };
      const onCrash = (reason: string) => {
        if (closed) {
          // Shutting down: the job stays 'running' and is re-queued at the next start.
          finished = true;
          resolve();
          return;
        }
        log.warn({ jobId: job.id, attempt: job.attempts, reason }, 'analysis worker died');
        busy.delete(worker);
        void worker.terminate();
        addWorker();
        finish(() =>
          store.retryOrFail(job.id, 'JOB_WORKER_CRASHED', errorMessages.JOB_WORKER_CRASHED),
        );
      };
      const onExit = (code: number) => onCrash(`exit ${code}`);
      const onError = (error: Error) => onCrash(error.message);
      worker.on('message', onMessage);
      worker.once('exit', onExit);
      worker.once('error', onError);
      const message: ToWorker = { type: 'run', jobId: job.id, attempt: job.attempts, bytes };
      worker.postMessage(message, [bytes.buffer as ArrayBuffer]);
    });
  }

  async function pump(): Promise<void> {
    if (pumping) {
      pumpAgain = true;
      return;
    }
    pumping = true;
    try {
      do {
        pumpAgain = false;
        while (!closed && idle.length > 0) {
          const job = await store.claimNext();
          if (job === null) break;
          const worker = idle.pop()!;
          busy.add(worker);
          await publish(job.id);
          let bytes: Uint8Array;
          try {
            const file = await storage.read(job.uploadSha256);
            bytes = new Uint8Array(file.buffer, file.byteOffset, file.byteLength).slice();
          } catch (error) {
            log.error({ err: error, jobId: job.id }, 'upload missing from storage');
            busy.delete(worker);
            idle.push(worker);
            await store.fail(job.id, 'JOB_INTERNAL', errorMessages.JOB_INTERNAL);
            await publish(job.id);
            continue;
          }
          void run(worker, job, bytes).then(() => {
            if (busy.delete(worker) && !closed) idle.push(worker);
            void pump();
          });
        }
      } while (pumpAgain && !closed);
    } finally {
      pumping = false;
    }
  }

  const timer = setInterval(() => void pump(), pollIntervalMs);
  timer.unref();
  void store
    .recoverInterrupted('JOB_WORKER_CRASHED', errorMessages.JOB_WORKER_CRASHED)
    .then((recovered) => {
      if (recovered > 0) log.info(`${recovered} análisis interrumpidos vuelven a la cola`);
    })
    .then(() => pump())
    .catch((error: unknown) => log.error({ err: error }, 'job recovery failed'));

  return {
    notify() {
      void pump();
    },
    async close() {
      closed = true;
      clearInterval(timer);
      await Promise.all([...idle, ...busy].map((worker) => worker.terminate()));
      idle.length = 0;
      busy.clear();
    },
  };
}
