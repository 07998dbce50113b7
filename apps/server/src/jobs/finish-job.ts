import type { Kysely } from 'kysely';
import { nowIso } from '../db/dialect';
import type { Database } from '../db/schema';
import type { ClaimedJob } from './claimed-job';

/**
 * Closes a job as done, inside the caller's transaction (the one that shows its result): only
 * while it is still running under the attempt that claimed it, so a cancelled job, or one taken
 * over by another delivery, is never closed by a stale run. Whether this run closed it: when it
 * did not, the caller shows nothing and drops what it wrote.
 */
export async function finishJob(
  tx: Pick<Kysely<Database>, 'updateTable'>,
  job: Pick<ClaimedJob, 'id' | 'attempts'>,
  now: string = nowIso(),
): Promise<boolean> {
  const closed = await tx
    .updateTable('analysis_jobs')
    .set({
      state: 'done',
      progress_percent: 100,
      stage: null,
      finished_at: now,
      updated_at: now,
    })
    .where('id', '=', job.id)
    .where('state', '=', 'running')
    .where('attempts', '=', job.attempts)
    .executeTakeFirst();
  return Number(closed.numUpdatedRows) === 1;
}
