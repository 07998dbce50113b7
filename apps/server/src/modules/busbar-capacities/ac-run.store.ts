import type { AcCapacityResult, AnalysisOptions, BusbarFigureName } from '@holgura/contracts';
import { nowIso } from '../../db/dialect';
import type { Db } from '../../db/database';
import type { ClaimedJob } from '../../jobs/claimed-job';
import { finishJob } from '../../jobs/finish-job';
import { isStillRunning, othersQueued, yieldStudyTurn } from '../../jobs/job-rows';
import { storedAnalysisOptions } from '../../jobs/analysis-options';
import { unverifiedRows, type CapacityFilters } from './busbar-capacity.repository';
import { capacityDb } from './busbar-capacity.tables';

/** Rows per INSERT of verified buses (7 values each). */
const STORE_BATCH = 200;

/** One bus still to verify: its place in the result, its number and its stored DC figure. */
export interface PendingBus {
  position: number;
  busNumber: number;
  capacityMw: number;
}

/** What one turn of an 'ac-capacity' job works on (its run, read again at every turn). */
export interface AcRunPlan {
  resultKey: number;
  figure: BusbarFigureName;
  /** Buses the run verifies in all; `pending` of them are not stored yet (least MW first). */
  total: number;
  pending: PendingBus[];
  /** Buses of the case: what a bus costs to verify. */
  caseBuses: number;
  /** The options the shown figures were computed with (their capacity job's). */
  options: AnalysisOptions;
  /** The result was computed on the case's contingency file (issue #30). */
  onContingencySet: boolean;
}

/**
 * The queue's side of 'ac-capacity' jobs (issue #31): which buses are left, storing each slice
 * as it comes (with the job that verified it), turns given away, the job closed.
 */
export function acRunJobStore(db: Db) {
  const cdb = capacityDb(db);
  return {
    /** The job's run; null when its result is gone (the capacities were computed again). */
    async plan(job: ClaimedJob): Promise<AcRunPlan | null> {
      const run = await cdb
        .selectFrom('busbar_capacity_ac_runs as run')
        .innerJoin('busbar_capacity_results as result', 'result.result_key', 'run.result_key')
        .select([
          'run.result_key',
          'run.figure',
          'run.filters_json',
          'run.total',
          'result.bus_count',
          'result.job_id',
          'result.options_json',
        ])
        .where('run.job_id', '=', job.id)
        .executeTakeFirst();
      if (run === undefined) return null;
      const filters = JSON.parse(run.filters_json) as CapacityFilters;
      const column = run.figure === 'strict' ? 'strict_mw' : 'att_mw';
      const rows = await unverifiedRows(cdb, run.result_key, run.figure, filters)
        .select(['position', 'bus_number', column])
        .orderBy(column)
        .orderBy('position')
        .execute();
      const capacityJob = await db
        .selectFrom('analysis_jobs')
        .select('options_json')
        .where('id', '=', run.job_id)
        .executeTakeFirst();
      const stored = JSON.parse(run.options_json) as { contingencySet?: unknown };
      return {
        resultKey: run.result_key,
        figure: run.figure,
        total: run.total,
        pending: rows.map((row) => ({
          position: row.position,
          busNumber: row.bus_number,
          capacityMw: (row as Record<string, number | null>)[column] ?? 0,
        })),
        caseBuses: run.bus_count,
        options: storedAnalysisOptions(capacityJob?.options_json ?? null),
        onContingencySet: stored.contingencySet !== undefined && stored.contingencySet !== null,
      };
    },

    /**
     * Keeps a slice's verified buses with the result, marked with the job, while the job still
     * runs under this attempt ('stopped' otherwise: cancelled or taken over, nothing written).
     * A bus verified meanwhile on its own keeps what it has; one checked before its AC capacity
     * existed gets it.
     */
    async store(
      job: ClaimedJob,
      plan: Pick<AcRunPlan, 'resultKey' | 'figure'>,
      buses: { position: number; capacity: AcCapacityResult }[],
    ): Promise<'stored' | 'stopped'> {
      return cdb.transaction().execute(async (tx) => {
        if (!(await isStillRunning(tx, job))) return 'stopped';
        const now = nowIso();
        for (let from = 0; from < buses.length; from += STORE_BATCH) {
          await tx
            .insertInto('busbar_capacity_ac_checks')
            .values(
              buses.slice(from, from + STORE_BATCH).map((bus) => ({
                result_key: plan.resultKey,
                position: bus.position,
                figure: plan.figure,
                check_json: null,
                capacity_json: JSON.stringify(bus.capacity),
                job_id: job.id,
                created_at: now,
              })),
            )
            // A check stored before the AC capacity existed is completed (its flow kept).
            .onConflict((oc) =>
              oc
                .columns(['result_key', 'position', 'figure'])
                .doUpdateSet((eb) => ({ capacity_json: eb.ref('excluded.capacity_json') }))
                .where('busbar_capacity_ac_checks.capacity_json', 'is', null),
            )
            .execute();
        }
        return 'stored';
      });
    },

    /** Another job waits: this one goes behind it and resumes at its next slice. */
    async yieldIfOthersWait(job: ClaimedJob): Promise<boolean> {
      return (await othersQueued(db, job.id)) && yieldStudyTurn(db, job, nowIso());
    },

    /** Every bus verified: the job is done (false: it no longer ran under this attempt). */
    finish: (job: ClaimedJob) => finishJob(db, job),
  };
}

export type AcRunJobStore = ReturnType<typeof acRunJobStore>;
