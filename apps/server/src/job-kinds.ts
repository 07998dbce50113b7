import type { Db } from './db/database';
import type { JobRunners } from './jobs/job-kinds';
import { analysisJobRunner } from './modules/analyses/analysis-job';
import { analysisJobStore } from './modules/analyses/analysis-jobs.repository';
import { groupJobRunner } from './modules/analyses/group-job';
import { groupJobStore } from './modules/analyses/group-jobs.repository';
import { busbarCapacityJobStore } from './modules/busbar-capacities/busbar-capacity.store';
import { capacityJobRunner } from './modules/busbar-capacities/capacity-job';
import { acRunJobRunner } from './modules/busbar-capacities/ac-run-job';
import { acRunJobStore } from './modules/busbar-capacities/ac-run.store';
import {
  capacityContingencyFileOf,
  contingencySetOfCase,
} from './modules/contingency-sets/contingency-sets.repository';
import { studyJobRunner } from './modules/studies/study-job';
import { studyJobStore } from './modules/studies/study-jobs.repository';
import { windowJobRunner } from './modules/windows/window-job';
import { windowJobStore } from './modules/windows/windows.repository';

/**
 * Every job kind, registered into the queue (docs/decisions/017): the module that owns a kind's
 * tables runs it and stores its outcome; jobs/ only claims, runs threads and closes jobs. Their
 * thread sides are registered apart (job-handlers.ts), so a job thread loads no repository.
 */
export function jobRunners(
  db: Db,
  /** Tests: buses per slice of the all-bus AC verification (default: by the case's size). */
  tuning: { acSliceBuses?: number } = {},
): JobRunners {
  /** A case's contingency set as the computations read it; null: every branch. */
  const contingencyFileOf = async (caseId: string) => {
    const set = await contingencySetOfCase(db, caseId);
    return set === null ? null : capacityContingencyFileOf(set);
  };
  return {
    analysis: analysisJobRunner(analysisJobStore(db)),
    group: groupJobRunner(groupJobStore(db), contingencyFileOf),
    study: studyJobRunner(studyJobStore(db)),
    capacity: capacityJobRunner(busbarCapacityJobStore(db), contingencyFileOf),
    window: windowJobRunner(windowJobStore(db)),
    'ac-capacity': acRunJobRunner(acRunJobStore(db), contingencyFileOf, tuning.acSliceBuses),
  };
}
