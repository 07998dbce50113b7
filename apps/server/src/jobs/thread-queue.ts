import type { FastifyBaseLogger } from 'fastify';
import { errorMessages } from '@holgura/contracts';
import type { JobEvents } from './job-events';
import type { JobQueueStore } from './jobs.repository';
import type { WorkerPool } from './worker-pool';

/** The queue behind an interface: embedded (threads polling the database) or pg-boss. */
export interface AnalysisQueue {
  /** A job row was committed as 'queued': get it run. */
  enqueue(jobId: string): Promise<void>;
  close(): Promise<void>;
}

/** Where a job's upload is read from (modules/uploads' storage, handed in by app.ts). */
export interface UploadReader {
  read(sha256: string): Promise<Uint8Array>;
}

export interface ThreadQueueOptions {
  store: JobQueueStore;
  storage: UploadReader;
  events: JobEvents;
  log: FastifyBaseLogger;
  pool: WorkerPool;
  pollIntervalMs?: number;
}

/** Reads a stored upload as a transferable copy for a worker thread. */
export async function readUpload(storage: UploadReader, sha256: string): Promise<Uint8Array> {
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
          // Only the small-case thread free: only a job that may run there.
          const lanes = pool.idleLanes();
          const job = await store.claimNext({
            smallOnly: !lanes.any,
            smallCaseBuses: pool.smallCaseBuses,
          });
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
          void pool.run(job, bytes).then(() => requeueIfStranded(job.id));
        }
      } while (pumpAgain && !closed);
    } finally {
      pumping = false;
    }
  }

  /**
   * After a run, the job must be closed. It is still 'running' when its thread died, or when the
   * database refused the result (locked past busy_timeout, disk full): nothing runs it any more,
   * so it goes back to the queue (or fails past the attempt limit). While the database cannot
   * even be read this keeps trying, so the job is never left 'running' until a restart.
   */
  async function requeueIfStranded(jobId: string): Promise<void> {
    for (let delay = 500; !closed; delay = Math.min(delay * 2, 30_000)) {
      try {
        const status = await store.status(jobId);
        if (status?.state !== 'running') return;
        await store.retryOrFail(jobId, 'JOB_WORKER_CRASHED', errorMessages.JOB_WORKER_CRASHED);
        const after = await store.status(jobId);
        if (after) events.publish(after);
        void pump();
        return;
      } catch (error) {
        log.warn({ err: error, jobId }, 'could not settle a finished run; retrying');
        await new Promise((resolve) => setTimeout(resolve, delay).unref());
      }
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
