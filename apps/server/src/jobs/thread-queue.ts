import type { FastifyBaseLogger } from 'fastify';
import { errorMessages } from '@holgura/contracts';
import type { UploadStorage } from '../modules/uploads/upload-storage';
import type { JobEvents } from './job-events';
import type { JobQueueStore } from './jobs.repository';
import type { WorkerPool } from './worker-pool';

/** The queue behind an interface: embedded (threads polling the database) or pg-boss. */
export interface AnalysisQueue {
  /** A job row was committed as 'queued': get it run. */
  enqueue(jobId: string): Promise<void>;
  close(): Promise<void>;
}

export interface ThreadQueueOptions {
  store: JobQueueStore;
  storage: UploadStorage;
  events: JobEvents;
  log: FastifyBaseLogger;
  pool: WorkerPool;
  pollIntervalMs?: number;
}

/** Reads a stored upload as a transferable copy for a worker thread. */
export async function readUpload(storage: UploadStorage, sha256: string): Promise<Uint8Array> {
  const file = await storage.read(sha256);
  return new Uint8Array(file.buffer, file.byteOffset, file.byteLength).slice();
}

/**
 * The embedded queue (one process): jobs live in the database and this process's worker threads
 * take them in order. Jobs found 'running' at start were left by a process that died: they go
 * back to the queue, up to the attempt limit.
 */
export function startThreadQueue(options: ThreadQueueOptions): AnalysisQueue {
  const { store, storage, events, log, pool } = options;
  let closed = false;
  let pumping = false;
  let pumpAgain = false;

  async function pump(): Promise<void> {
    if (pumping) {
      pumpAgain = true;
      return;
    }
    pumping = true;
    try {
      do {
        pumpAgain = false;
        while (!closed && pool.hasIdle()) {
          const job = await store.claimNext();
          if (job === null) break;
          let bytes: Uint8Array;
          try {
            bytes = await readUpload(storage, job.uploadSha256);
          } catch (error) {
            log.error({ err: error, jobId: job.id }, 'upload missing from storage');
            await store.fail(job.id, 'JOB_INTERNAL', errorMessages.JOB_INTERNAL);
            const status = await store.status(job.id);
            if (status) events.publish(status);
            continue;
          }
          void pool.run(job, bytes).then(async (outcome) => {
            if (outcome === 'crashed' && !closed) {
              await store.retryOrFail(
                job.id,
                'JOB_WORKER_CRASHED',
                errorMessages.JOB_WORKER_CRASHED,
              );
              const status = await store.status(job.id);
              if (status) events.publish(status);
            }
          });
        }
      } while (pumpAgain && !closed);
    } finally {
      pumping = false;
    }
  }

  pool.onAvailable(() => void pump());
  const timer = setInterval(() => void pump(), options.pollIntervalMs ?? 2000);
  timer.unref();
  void store
    .recoverInterrupted('JOB_WORKER_CRASHED', errorMessages.JOB_WORKER_CRASHED)
    .then((recovered) => {
      if (recovered > 0) log.info(`${recovered} análisis interrumpidos vuelven a la cola`);
    })
    .then(() => pump())
    .catch((error: unknown) => log.error({ err: error }, 'job recovery failed'));

  return {
    enqueue() {
      void pump();
      return Promise.resolve();
    },
    async close() {
      closed = true;
      clearInterval(timer);
      await pool.close();
    },
  };
}
