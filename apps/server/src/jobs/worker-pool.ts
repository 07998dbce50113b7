import { Worker, type Transferable } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { describeEngineError } from '@holgura/contracts';
import type { JobEvents } from './job-events';
import type { JobRunners } from './job-kinds';
import type { ClaimedJob, JobQueueStore } from './jobs.repository';
import { DEFAULT_MAX_CASE_BUSES } from './engine-failure';
import { TURN_TAKING_KINDS } from './job-rows';
import type {
  FromWorker,
  RunOutcome,
  ThreadAnswer,
  ThreadStatus,
  ThreadTalk,
  ToWorker,
} from './worker-protocol';

export type { RunOutcome, ThreadAnswer, ThreadTalk };

/**
 * Which jobs a thread takes (issue #26): 'any' takes every job; 'small' only cases of at most
 * `smallCaseBuses` buses (never a study), so one user's large case or study never keeps
 * another's small case waiting behind it.
 */
export type Lane = 'any' | 'small';

/** Bounds a pool enforces while jobs run (config JobLimits). */
export interface PoolLimits {
  /** Read by every thread: a case past it is refused before anything runs on it. */
  maxCaseBuses: number;
  /** One turn of a job (an analysis, a study's case) is stopped past this. */
  jobTimeLimitMinutes: number;
  /** Cases up to this many buses are small. */
  smallCaseBuses: number;
}

export const DEFAULT_POOL_LIMITS: PoolLimits = {
  maxCaseBuses: DEFAULT_MAX_CASE_BUSES,
  jobTimeLimitMinutes: 30,
  smallCaseBuses: 5_000,
};

export interface WorkerPool {
  readonly size: number;
  /** Cases up to this many buses may take the small lane. */
  readonly smallCaseBuses: number;
  hasIdle(): boolean;
  /** Which lanes have an idle thread: what the queue may claim next. */
  idleLanes(): { any: boolean; small: boolean };
  /** Runs a claimed job on a thread of its lane (waiting for one if all are busy). */
  run(job: ClaimedJob, bytes: Uint8Array): Promise<RunOutcome>;
  /** Called when a thread becomes available again (after a run or a respawn). */
  onAvailable(listener: () => void): void;
  close(): Promise<void>;
}

export interface WorkerPoolOptions {
  store: JobQueueStore;
  /** Each job kind's runner, registered by the module that owns it (job-kinds.ts). */
  kinds: JobRunners;
  events: JobEvents;
  log: FastifyBaseLogger;
  /** Threads in all; with two or more, one of them is the small lane. */
  workers: number;
  limits?: PoolLimits;
  /** Worker entry; tests substitute one that misbehaves. */
  workerUrl?: URL;
  /** How often running jobs' states are read to stop the cancelled ones, ms (default 1000). */
  watchIntervalMs?: number;
}

/**
 * Source (tsx, Vitest) runs the job thread's entry, job-worker.ts at the server's root (it
 * registers every kind's thread side); the bundle runs dist/worker.js beside dist/main.js.
 */
function defaultWorkerUrl(): URL {
  return import.meta.url.endsWith('.ts')
    ? new URL('../job-worker.ts', import.meta.url)
    : new URL('./worker.js', import.meta.url);
}

/** A worker thread on `url`; TypeScript sources (tsx, Vitest) get tsx's loader first. */
export function spawnWorker(url: URL, data?: unknown): Worker {
  if (!url.pathname.endsWith('.ts')) return new Worker(url, { workerData: data });
  return new Worker(new URL('./ts-worker-bootstrap.mjs', import.meta.url), {
    workerData: { entry: url.href, data },
  });
}

/** What a job thread reads at start (worker.ts serveJobs). */
export interface WorkerStartData {
  maxCaseBuses: number;
}

interface Thread {
  readonly worker: Worker;
  readonly lane: Lane;
}

/** Why a run was stopped from outside: its thread is terminated, its state already settled. */
type StopReason = 'cancelled' | 'time-limit' | 'too-large-for-lane';

/** A job talking to its thread now, and what its run learns when it is stopped. */
interface Talking {
  readonly thread: Thread;
  stop: StopReason | null;
  readonly onStop: (reason: StopReason) => void;
}

/**
 * A job may run on the small lane: a case not known to be large — never a job that takes turns
 * (a study, an all-bus AC verification), which would hold the small cases' thread for minutes.
 */
export function fitsSmallLane(job: ClaimedJob, smallCaseBuses: number): boolean {
  return (
    !(TURN_TAKING_KINDS as readonly string[]).includes(job.kind) &&
    (job.caseBuses === null || job.caseBuses <= smallCaseBuses)
  );
}

/**
 * Worker threads that run the engine. A thread that dies takes only its job with it and is
 * replaced; one that dies idle (it cannot even load) is replaced with a backoff so a broken build
 * does not spin, and never crashes the process. Every job can be stopped (issue #26): a cancelled
 * or deleted job's thread is terminated within a watch interval, a turn past the time limit
 * fails with JOB_TIME_LIMIT, and a case that turns out large on the small lane goes back to the
 * queue for the other lane — each thread replaced at once.
 */
export function createWorkerPool(options: WorkerPoolOptions): WorkerPool {
  const { store, events, log, kinds } = options;
  const limits = options.limits ?? DEFAULT_POOL_LIMITS;
  const workerUrl = options.workerUrl ?? defaultWorkerUrl();
  const size = Math.max(1, options.workers);
  const lanes: Lane[] = Array.from({ length: size }, (_, i) =>
    size >= 2 && i === size - 1 ? 'small' : 'any',
  );
  const idle: Thread[] = [];
  const busy = new Set<Thread>();
  const talking = new Map<string, Talking>();
  const listeners: (() => void)[] = [];
  let closed = false;
  let failedStarts = 0;

  const waiting: { small: boolean; take: (thread: Thread) => void }[] = [];
  const available = () => {
    for (const listener of listeners) listener();
  };
  /** A thread is free: hand it to the first waiting run it can take, else keep it idle. */
  const release = (thread: Thread) => {
    const at = waiting.findIndex((w) => thread.lane === 'any' || w.small);
    if (at >= 0) waiting.splice(at, 1)[0]!.take(thread);
    else idle.push(thread);
  };
  /** A thread for the job: the small lane first when it fits there, keeping 'any' for others. */
  const acquire = (small: boolean): Promise<Thread> => {
    const order = small
      ? [...idle.filter((t) => t.lane === 'small'), ...idle.filter((t) => t.lane === 'any')]
      : idle.filter((t) => t.lane === 'any');
    const thread = order[0];
    if (thread !== undefined) {
      idle.splice(idle.indexOf(thread), 1);
      return Promise.resolve(thread);
    }
    return new Promise((take) => waiting.push({ small, take }));
  };
  const publish = async (jobId: string) => {
    const status = await store.status(jobId);
    if (status !== null) events.publish(status);
  };

  function addThread(lane: Lane): void {
    const worker = spawnWorker(workerUrl, {
      maxCaseBuses: limits.maxCaseBuses,
    } satisfies WorkerStartData);
    const thread: Thread = { worker, lane };
    worker.on('error', (error) => log.error({ err: error }, 'analysis worker error'));
    worker.once('exit', () => {
      const index = idle.indexOf(thread);
      if (index < 0 || closed) return;
      idle.splice(index, 1);
      failedStarts++;
      const delay = Math.min(30_000, 250 * 2 ** failedStarts);
      log.error(`un hilo de análisis terminó sin trabajo; se reemplaza en ${delay} ms`);
      setTimeout(() => {
        if (closed) return;
        addThread(lane);
        available();
      }, delay).unref();
    });
    release(thread);
  }
  for (const lane of lanes) addThread(lane);

  /** Stops a talking job: its thread is terminated, its exchange ends as 'crashed'. */
  function stopJob(jobId: string, reason: StopReason): void {
    const entry = talking.get(jobId);
    if (entry === undefined || entry.stop !== null) return;
    entry.stop = reason;
    entry.onStop(reason);
    void entry.thread.worker.terminate();
  }

  // A job cancelled or deleted (in this process or another) stops within a watch interval;
  // a status published here stops it at once.
  const unsubscribe = events.subscribeAll((status) => {
    if (status.state !== 'running' && talking.has(status.jobId)) {
      stopJob(status.jobId, 'cancelled');
    }
  });
  const watch = setInterval(() => {
    const ids = [...talking.keys()];
    if (ids.length === 0) return;
    store.states(ids).then(
      (states) => {
        for (const id of ids) if (states.get(id) !== 'running') stopJob(id, 'cancelled');
      },
      (error: unknown) => log.warn({ err: error }, 'could not read running jobs’ states'),
    );
  }, options.watchIntervalMs ?? 1000);
  watch.unref();

  /**
   * Sends one message to the thread and waits for its answer, relaying progress; 'crashed' when
   * the thread died first (it is then replaced, unless the pool is closing). The turn is bounded
   * by the time limit.
   */
  function exchange(
    thread: Thread,
    job: ClaimedJob,
    message: ToWorker,
    transfer: Transferable[],
    onStop: (reason: StopReason) => void,
  ): Promise<ThreadAnswer> {
    const { worker } = thread;
    const jobId = job.id;
    const entry: Talking = { thread, stop: null, onStop };
    talking.set(jobId, entry);
    return new Promise<ThreadAnswer>((resolve) => {
      const limitMs = limits.jobTimeLimitMinutes * 60_000;
      const timer = setTimeout(() => void overTime(), limitMs);
      timer.unref();
      const startedAt = Date.now();
      async function overTime() {
        const minutes = (Date.now() - startedAt) / 60_000;
        const described = describeEngineError({
          code: 'JOB_TIME_LIMIT',
          limit: {
            name: 'JOB_TIME_LIMIT_MINUTES',
            limit: limits.jobTimeLimitMinutes,
            actual: Math.round(minutes),
          },
        });
        await store.fail(jobId, described.code, described.message).catch(() => undefined);
        stopJob(jobId, 'time-limit');
      }
      const finish = (answer: ThreadAnswer) => {
        clearTimeout(timer);
        talking.delete(jobId);
        worker.off('message', onMessage);
        worker.off('exit', onExit);
        worker.off('error', onError);
        resolve(answer);
      };
      const onMessage = (message: FromWorker) => {
        if (message.jobId !== jobId) return;
        const status = message as ThreadStatus;
        if (status.type === 'progress') {
          void store
            .progress(jobId, status.percent, status.stage)
            .then(() => publish(jobId))
            .catch(() => undefined);
          return;
        }
        if (status.type === 'size') {
          void store.recordCaseSize(jobId, status.buses).catch(() => undefined);
          if (thread.lane === 'small' && status.buses > limits.smallCaseBuses) {
            stopJob(jobId, 'too-large-for-lane');
          }
          return;
        }
        finish({ type: 'reply', reply: message });
      };
      const onExit = (code: number) => finish({ type: 'crashed', reason: `exit ${code}` });
      const onError = (error: Error) => finish({ type: 'crashed', reason: error.message });
      worker.on('message', onMessage);
      worker.once('exit', onExit);
      worker.once('error', onError);
      worker.postMessage(message, transfer);
    });
  }

  async function run(job: ClaimedJob, bytes: Uint8Array): Promise<RunOutcome> {
    const thread = await acquire(fitsSmallLane(job, limits.smallCaseBuses));
    busy.add(thread);
    let crashReason: string | null = null;
    let stop: StopReason | null = null;
    const talk: ThreadTalk = async (message, transfer = []) => {
      const answer = await exchange(thread, job, message, transfer, (reason) => (stop = reason));
      if (answer.type === 'crashed') crashReason = answer.reason;
      else failedStarts = 0;
      return answer;
    };
    let outcome: RunOutcome;
    try {
      outcome = await kinds[job.kind]({ job, bytes, talk, store, publish, log });
    } catch (error) {
      // The job's state could not be written: the queue notices it is still 'running'.
      log.error({ err: error, jobId: job.id }, 'job bookkeeping');
      outcome = crashReason === null ? 'finished' : 'crashed';
    }
    if (outcome === 'crashed') {
      busy.delete(thread);
      void thread.worker.terminate();
      // Shutting down: the job stays 'running'; the queue recovers it at the next start.
      if (closed) return 'crashed';
      if (stop === null) {
        log.warn({ jobId: job.id, attempt: job.attempts, reason: crashReason }, 'worker died');
      } else {
        log.info({ jobId: job.id, reason: stop }, 'job stopped');
        // A case too large for the small lane waits for the other one, its attempt not counted.
        if (stop === 'too-large-for-lane') await store.requeueForLargeLane(job.id);
        outcome = 'finished';
      }
      addThread(thread.lane);
    } else if (busy.delete(thread) && !closed) {
      release(thread);
    }
    await publish(job.id).catch(() => undefined);
    available();
    return outcome;
  }

  return {
    size,
    smallCaseBuses: limits.smallCaseBuses,
    hasIdle: () => !closed && idle.length > 0,
    idleLanes: () => ({
      any: !closed && idle.some((t) => t.lane === 'any'),
      small: !closed && idle.some((t) => t.lane === 'small'),
    }),
    run,
    onAvailable: (listener) => listeners.push(listener),
    async close() {
      closed = true;
      clearInterval(watch);
      unsubscribe();
      await Promise.all([...idle, ...busy].map((thread) => thread.worker.terminate()));
      idle.length = 0;
      busy.clear();
    },
  };
}
