import type { Migration, MigrationProvider } from 'kysely/migration';
import type { DialectSql } from '../dialect';
import { initial } from './2026-11-21T000000-initial';
import { uploadsJobsOutbox } from './2026-11-21T010000-uploads-jobs-outbox';
import { uploadBlobs } from './2026-11-22T000000-upload-blobs';
import { caseNetworks } from './2026-11-22T010000-case-networks';
import { demoDataVersion } from './2026-11-22T020000-demo-data-version';
import { readyAnswers } from './2026-11-23T000000-ready-answers';
import { studies } from './2026-11-25T000000-studies';
import { groupAnalyses } from './2026-11-26T000000-group-analyses';
import { resultParts } from './2026-11-27T000000-result-parts';
import { busbarCapacities } from './2026-11-28T000000-busbar-capacities';
import { analysisOptions } from './2026-11-29T000000-analysis-options';
import { busbarAcChecks } from './2026-11-29T010000-busbar-ac-checks';
import { jobLanes } from './2026-11-29T020000-job-lanes';
import { apiWrites } from './2026-11-29T030000-api-writes';
import { connectionWindows } from './2026-11-30T000000-connection-windows';
import { windowWithdrawals } from './2026-12-01T000000-window-withdrawals';
import { windowStudies } from './2026-12-02T000000-window-studies';
import { contingencySets } from './2026-12-06T000000-contingency-sets';
import { contingencySetN1 } from './2026-12-07T000000-contingency-set-n1';
import { studyContingencySets } from './2026-12-08T000000-study-contingency-sets';
import { windowContingencySets } from './2026-12-09T000000-window-contingency-sets';
import { busbarAcCapacities } from './2026-12-10T000000-busbar-ac-capacities';
import { weakGridAndAcRuns } from './2026-12-11T000000-weak-grid-and-ac-runs';
import { hourlyProfiles } from './2026-12-12T000000-hourly-profiles';

/**
 * Listed here rather than read from disk so they survive bundling. Names are timestamps: Kysely
 * applies them in name order. Each takes the dialect so one migration serves SQLite and PostgreSQL.
 */
export function migrationProvider(d: DialectSql): MigrationProvider {
  const migrations: Record<string, Migration> = {
    '2026-11-21T000000-initial': initial(d),
    '2026-11-21T010000-uploads-jobs-outbox': uploadsJobsOutbox(d),
    '2026-11-22T000000-upload-blobs': uploadBlobs(d),
    '2026-11-22T010000-case-networks': caseNetworks(d),
    '2026-11-22T020000-demo-data-version': demoDataVersion(),
    '2026-11-23T000000-ready-answers': readyAnswers(d),
    '2026-11-25T000000-studies': studies(d),
    '2026-11-26T000000-group-analyses': groupAnalyses(d),
    '2026-11-27T000000-result-parts': resultParts(d),
    '2026-11-28T000000-busbar-capacities': busbarCapacities(d),
    '2026-11-29T000000-analysis-options': analysisOptions(),
    '2026-11-29T010000-busbar-ac-checks': busbarAcChecks(d),
    '2026-11-29T020000-job-lanes': jobLanes(),
    '2026-11-29T030000-api-writes': apiWrites(d),
    '2026-11-30T000000-connection-windows': connectionWindows(d),
    '2026-12-01T000000-window-withdrawals': windowWithdrawals(),
    '2026-12-02T000000-window-studies': windowStudies(d),
    '2026-12-06T000000-contingency-sets': contingencySets(d),
    '2026-12-07T000000-contingency-set-n1': contingencySetN1(),
    '2026-12-08T000000-study-contingency-sets': studyContingencySets(),
    '2026-12-09T000000-window-contingency-sets': windowContingencySets(),
    '2026-12-10T000000-busbar-ac-capacities': busbarAcCapacities(),
    '2026-12-11T000000-weak-grid-and-ac-runs': weakGridAndAcRuns(d),
    '2026-12-12T000000-hourly-profiles': hourlyProfiles(d),
  };
  return { getMigrations: () => Promise.resolve(migrations) };
}
