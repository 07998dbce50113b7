import { Worker, type Transferable } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { describeEngineError, errorMessages } from '@holgura/contracts';
import type { JobEvents } from './job-events';
import type { ClaimedJob, JobQueueStore } from './jobs.repository';
import { runCapacityJob } from '../modules/busbar-capacities/capacity-job';
import { runGroupJob } from './group-job';
import { runStudyJob } from './study-job';
import type { FromWorker, RunOutcome, ThreadAnswer, ThreadTalk, ToWorker } from './worker-protocol';

export type { RunOutcome, ThreadAnswer, ThreadTalk };

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

  /**
   * Sends one message to the thread and waits for its answer, relaying progress; 'crashed' when
   * the thread died first (it is then replaced, unless the pool is closing).
   */
  function exchange(
    worker: Worker,
    jobId: string,
    message: ToWorker,
    transfer: Transferable[],
  ): Promise<ThreadAnswer> {
    return new Promise<ThreadAnswer>((resolve) => {
      const finish = (answer: ThreadAnswer) => {
        worker.off('message', onMessage);
        worker.off('exit', onExit);
        worker.off('error', onError);
        resolve(answer);
      };
      const onMessage = (reply: FromWorker) => {
        if (reply.jobId !== jobId) return;
        if (reply.type === 'progress') {
          void store
            .progress(jobId, reply.percent, reply.stage)
            .then(() => publish(jobId))
            .catch(() => undefined);
          return;
        }
        finish({ type: 'reply', reply });
      };
      const onExit = (code: number) => finish({ type: 'crashed', reason: `exit ${code}` });
      const onError = (error: Error) => finish({ type: 'crashed', reason: error.message });
      worker.on('message', onMessage);
      worker.once('exit', onExit);
      worker.once('error', onError);
      worker.postMessage(message, transfer);
    });
  }

  async function runAnalysisJob(
    job: ClaimedJob,
    bytes: Uint8Array,
    talk: ThreadTalk,
  ): Promise<RunOutcome> {
    const answer = await talk(
      {
        type: 'run',
        jobId: job.id,
        attempt: job.attempts,
        caseName: job.caseName,
        bytes,
        group: job.studyGroup,
      },
      [bytes.buffer as ArrayBuffer],
    );
    if (answer.type === 'crashed') return 'crashed';
    const { reply } = answer;
    if (reply.type !== 'done') {
      log.error({ jobId: job.id, reply }, 'analysis failed with a bug');
      await store.fail(job.id, 'JOB_INTERNAL', errorMessages.JOB_INTERNAL);
      return 'finished';
    }
    const { outcome } = reply;
    if (outcome.ok) {
      await store.complete(job, outcome);
    } else {
      const described = describeEngineError(outcome);
      log.info({ jobId: job.id, code: outcome.code, detail: outcome.detail }, 'bad input');
      await store.fail(job.id, described.code, described.message);
    }
    return 'finished';
  }

  async function run(job: ClaimedJob, bytes: Uint8Array): Promise<RunOutcome> {
    const worker = await acquire();
    busy.add(worker);
    let crashReason: string | null = null;
    const talk: ThreadTalk = async (message, transfer = []) => {
      const answer = await exchange(worker, job.id, message, transfer);
      if (answer.type === 'crashed') crashReason = answer.reason;
      else failedStarts = 0;
      return answer;
    };
    let outcome: RunOutcome;
    try {
      outcome =
        job.kind === 'study'
          ? await runStudyJob({ job, bytes, talk, store, publish, log })
          : job.kind === 'group'
            ? await runGroupJob({ job, bytes, talk, store, log })
            : job.kind === 'capacity'
              ? await runCapacityJob({ job, bytes, talk, store, publish, log })
              : await runAnalysisJob(job, bytes, talk);
    } catch (error) {
      // The job's state could not be written: the queue notices it is still 'running'.
      log.error({ err: error, jobId: job.id }, 'job bookkeeping');
      outcome = crashReason === null ? 'finished' : 'crashed';
    }
    if (outcome === 'crashed') {
      busy.delete(worker);
      void worker.terminate();
      // Shutting down: the job stays 'running'; the queue recovers it at the next start.
      if (closed) return 'crashed';
      log.warn({ jobId: job.id, attempt: job.attempts, reason: crashReason }, 'worker died');
      addWorker();
    } else if (busy.delete(worker) && !closed) {
      release(worker);
    }
    await publish(job.id).catch(() => undefined);
    available();
    return outcome;
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
