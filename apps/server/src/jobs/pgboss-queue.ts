import type { FastifyBaseLogger } from 'fastify';
import { PgBoss } from 'pg-boss';
import { errorMessages } from '@holgura/contracts';
import { isDatabaseUnavailable } from '../http/database-unavailable';
import type { JobEvents } from './job-events';
import type { JobQueueStore } from './jobs.repository';
import { readUpload, type AnalysisQueue, type UploadReader } from './thread-queue';
import type { WorkerPool } from './worker-pool';

export const ANALYSIS_QUEUE = 'holgura-analysis';

export interface PgBossQueueOptions {
  databaseUrl: string;
  /** Schema for pg-boss's own tables. */
  schema: string;
  store: JobQueueStore;
  storage: UploadReader;
  events: JobEvents;
  log: FastifyBaseLogger;
  /** This process's worker threads; null for an API process that only queues. */
  pool: WorkerPool | null;
  maxAttempts: number;
  /** Seconds without a heartbeat before pg-boss hands a job to another worker (min 10). */
  heartbeatSeconds?: number;
  /** How often pg-boss looks for jobs whose heartbeat stopped, s (min 1). */
  superviseIntervalSeconds?: number;
  /** How often queued rows are re-sent in case a send was lost, ms. */
  sweepIntervalMs?: number;
}

/**
 * The scale-out queue (PostgreSQL): pg-boss delivers job ids to any number of worker processes.
 * Our analysis_jobs row stays the truth; pg-boss adds cross-process delivery, locking and
 * redelivery when a worker process stops answering (heartbeat). The 'exclusive' policy keyed by
 * job id makes re-sending harmless, so a send lost between our commit and pg-boss, or a job
 * whose process died, is repaired by a periodic sweep of unfinished rows.
 */
export async function startPgBossQueue(options: PgBossQueueOptions): Promise<AnalysisQueue> {
  const { store, storage, events, log, pool } = options;
  // A killed worker's job waits for its heartbeat to lapse and for the next supervision pass
  // (pg-boss's default pass is every 60 s). A 10 s heartbeat (refreshed every 5 s) and a pass
  // every 5 s hand it to another worker within about 15 s. Analyses run in threads, so a busy
  // worker's event loop still beats.
  const superviseSeconds = Math.max(1, options.superviseIntervalSeconds ?? 5);
  const boss = new PgBoss({
    connectionString: options.databaseUrl,
    schema: options.schema,
    superviseIntervalSeconds: superviseSeconds,
    monitorIntervalSeconds: superviseSeconds,
  });
  boss.on('error', (error: unknown) => log.error({ err: error }, 'pg-boss'));
  await boss.start();
  const queueSettings = {
    retryLimit: options.maxAttempts,
    retryDelay: 1,
    expireInSeconds: 3600,
    heartbeatSeconds: Math.max(10, options.heartbeatSeconds ?? 10),
  };
  await boss.createQueue(ANALYSIS_QUEUE, { policy: 'exclusive', ...queueSettings });
  // createQueue leaves an existing queue as it was; deployments made before a settings change
  // get the current ones.
  await boss.updateQueue(ANALYSIS_QUEUE, queueSettings);

  const publish = async (jobId: string) => {
    const status = await store.status(jobId);
    if (status !== null) events.publish(status);
  };
  const send = (jobId: string, key: string) =>
    boss.send(ANALYSIS_QUEUE, { jobId }, { singletonKey: key }).then(() => undefined);
  /** Sends every unfinished job (a no-op for those pg-boss holds). */
  const sweepOnce = () =>
    store
      .unfinishedIds(100)
      .then((jobs) => Promise.all(jobs.map((job) => send(job.id, job.key))))
      .catch((error: unknown) => log.warn({ err: error }, 'queue sweep failed'));

  /** Delivered jobs that gave their turn to a fairer one: sent again once a thread frees. */
  const resendWhenQueued = new Set<string>();
  const resend = async () => {
    const ids = [...resendWhenQueued];
    resendWhenQueued.clear();
    if (ids.length === 0) return;
    const states = await store.states(ids);
    for (const id of ids) {
      if (states.get(id) === 'queued') await send(id, await store.deliveryKeyOf(id));
    }
  };

  if (pool !== null) {
    pool.onAvailable(() => {
      resend().catch((error: unknown) => log.warn({ err: error }, 'queue resend failed'));
    });
    await boss.work<{ jobId: string }>(
      ANALYSIS_QUEUE,
      { batchSize: 1, localConcurrency: pool.size, pollingIntervalSeconds: 1 },
      async ([delivery]) => {
        if (delivery === undefined) return;
        const delivered = delivery.data.jobId;
        // A delivery is a turn of this process, not a promise to run that job: the queue picks
        // the fairest job its free lane may take (users in turn, the small-case thread kept for
        // small cases, issue #26). A job delivered again while 'running' is one whose process
        // died: it is taken back as such. The delivered job, if it stays queued, is sent again.
        const deliveredState = (await store.states([delivered])).get(delivered);
        const lanes = pool.idleLanes();
        const job =
          deliveredState === 'running'
            ? await store.claim(delivered)
            : await store.claimNext({
                smallOnly: !lanes.any,
                smallCaseBuses: pool.smallCaseBuses,
              });
        // The delivered job, still queued, waits for a thread of its lane.
        if (job?.id !== delivered) resendWhenQueued.add(delivered);
        if (job === null) {
          await publish(delivered);
          return;
        }
        await publish(job.id);
        let bytes: Uint8Array;
        try {
          bytes = await readUpload(storage, job.uploadSha256);
        } catch (error) {
          // A database that does not answer is not a missing upload: deliver the job again.
          if (isDatabaseUnavailable(error)) throw error;
          log.error({ err: error, jobId: job.id }, 'upload missing from storage');
          await store.fail(job.id, 'JOB_INTERNAL', errorMessages.JOB_INTERNAL);
          await publish(job.id);
          return;
        }
        const outcome = await pool.run(job, bytes);
        if (outcome === 'finished') {
          // The run ended but the database refused its result: deliver it again rather than
          // leave it 'running' until the sweep notices.
          const status = await store.status(job.id);
          if (status?.state === 'running') {
            throw new Error(`the outcome of job ${job.id} could not be stored`);
          }
          // A study that gave its turn away: its next case is a new delivery.
          if (status?.state === 'queued') await send(job.id, await store.deliveryKeyOf(job.id));
          // A follow-up it queued (an upload's busbar capacities) is sent now, not at the sweep.
          if (status?.state === 'done') void sweepOnce();
        }
        if (outcome === 'crashed') {
          const next = await store.retryOrFail(
            job.id,
            'JOB_WORKER_CRASHED',
            errorMessages.JOB_WORKER_CRASHED,
          );
          await publish(job.id);
          // Let pg-boss deliver it again, possibly to another process.
          if (next === 'queued') throw new Error(`analysis thread died under job ${job.id}`);
        }
      },
    );
  }

  const sweep = setInterval(() => void sweepOnce(), options.sweepIntervalMs ?? 10_000);
  sweep.unref();

  return {
    async enqueue(jobId) {
      await send(jobId, await store.deliveryKeyOf(jobId));
    },
    async close() {
      clearInterval(sweep);
      await boss.stop({ graceful: false, close: true, timeout: 5000 });
      await pool?.close();
    },
  };
}
