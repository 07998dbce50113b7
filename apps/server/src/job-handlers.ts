import type { ThreadJobHandlers } from './jobs/job-kinds';
import { runAnalysisInThread } from './modules/analyses/analysis-job';
import { runGroupInThread } from './modules/analyses/group-job';
import { runCapacitiesInThread } from './modules/busbar-capacities/capacity-job';
import { runAcCapacitiesInThread } from './modules/busbar-capacities/ac-run-thread';
import { drawStudyViewInThread, runStudyCaseInThread } from './modules/studies/study-job';
import { runWindowInThread } from './modules/windows/window-job';

/**
 * Every job kind's thread side, by message type (docs/decisions/017): what the job worker thread
 * (job-worker.ts) runs. Apart from job-kinds.ts, whose runners bring the modules' repositories,
 * so the thread loads only the engine and the kinds' thread code.
 */
export const threadJobHandlers: ThreadJobHandlers = {
  run: runAnalysisInThread,
  'group-run': runGroupInThread,
  'study-case': runStudyCaseInThread,
  'study-view': drawStudyViewInThread,
  'capacity-run': runCapacitiesInThread,
  'window-run': runWindowInThread,
  'ac-capacity-run': runAcCapacitiesInThread,
};
