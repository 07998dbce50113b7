import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { readReference } from '@holgura/test-fixtures';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { fileUploadStorage } from '../modules/uploads/upload-storage';
import { acceptUpload } from '../modules/uploads/uploads.service';
import { makeTempDir } from '../app.test-support';
import { jobRunners } from '../job-kinds';
import { analysisJobRunner } from '../modules/analyses/analysis-job';
import { analysisJobStore } from '../modules/analyses/analysis-jobs.repository';
import { JobEvents } from './job-events';
import { jobQueueStore, MAX_JOB_ATTEMPTS } from './jobs.repository';
import { startThreadQueue, type AnalysisQueue } from './thread-queue';
import { createWorkerPool } from './worker-pool';

const case9 = readReference('cases/case9.m');
const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

let database: DatabaseHandle | undefined;
let queue: AnalysisQueue | undefined;

afterEach(async () => {
  await queue?.close();
  await database?.close();
  queue = undefined;
  database = undefined;
});

/** A database that refuses writes the way a locked SQLite file does. */
const busy = () => Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });

/** The queue's store and the analyses' one (whose `complete` a test refuses), side by side. */
type Stores = ReturnType<typeof jobQueueStore> &
  Pick<ReturnType<typeof analysisJobStore>, 'complete'>;

async function setUp(store: (real: Stores) => Stores) {
  const dataDir = makeTempDir('holgura-thread-queue-');
  database = await openDatabase({ dataDir, databaseUrl: null });
  const storage = fileUploadStorage(dataDir);
  const real: Stores = Object.assign(jobQueueStore(database.db, MAX_JOB_ATTEMPTS), {
    complete: analysisJobStore(database.db).complete,
  });
  const events = new JobEvents();
  const wrapped = store(real);
  queue = startThreadQueue({
    store: wrapped,
    storage,
    events,
    log,
    pool: createWorkerPool({
      store: wrapped,
      kinds: { ...jobRunners(database.db), analysis: analysisJobRunner(wrapped) },
      events,
      log,
      workers: 1,
    }),
    pollIntervalMs: 100,
  });
  const { jobId, caseId } = await acceptUpload(
    { db: database.db, storage },
    { owner: 'ana', fileName: 'case9.m', contentType: 'text/plain', bytes: new Uint8Array(case9) },
  );
  await queue.enqueue(jobId);
  return { real, jobId, caseId };
}

async function settled(real: Stores, jobId: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const status = await real.status(jobId);
    if (status?.state === 'done' || status?.state === 'failed') return status;
    if (Date.now() > deadline) throw new Error(`job still ${status?.state}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('thread queue', () => {
  it('re-runs a job whose result the database refused, and stores it once', async () => {
    let completions = 0;
    const { real, jobId, caseId } = await setUp((store) => ({
      ...store,
      async complete(...args: Parameters<typeof store.complete>) {
        completions += 1;
        if (completions === 1) throw busy();
        return store.complete(...args);
      },
    }));
    expect(await settled(real, jobId)).toMatchObject({ state: 'done', attempts: 2, error: null });
    expect(completions).toBe(2);
    const rows = await database!.db
      .selectFrom('case_api_data')
      .select('case_id')
      .where('case_id', '=', caseId)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('keeps trying to settle a finished run while the database cannot even be read', async () => {
    let completions = 0;
    let refusedReads = 0;
    const { real, jobId } = await setUp((store) => ({
      ...store,
      async complete(...args: Parameters<typeof store.complete>) {
        completions += 1;
        if (completions === 1) throw busy();
        return store.complete(...args);
      },
      async status(id: string) {
        // The first reads after the refused result fail too; the queue waits and asks again.
        if (completions === 1 && refusedReads < 2) {
          refusedReads += 1;
          throw busy();
        }
        return store.status(id);
      },
    }));
    expect(await settled(real, jobId)).toMatchObject({ state: 'done', attempts: 2 });
    expect(refusedReads).toBe(2);
  });

  it('fails the job with the Spanish message once every attempt was refused', async () => {
    const { real, jobId } = await setUp((store) => ({
      ...store,
      complete: () => Promise.reject(busy()),
    }));
    expect(await settled(real, jobId)).toMatchObject({
      state: 'failed',
      attempts: MAX_JOB_ATTEMPTS,
      error: { code: 'JOB_WORKER_CRASHED' },
    });
  });
});
