import { randomUUID } from 'node:crypto';
import { studyFileSchema, type NetworkViewV1, type StudyFile } from '@holgura/contracts';
import { nowIso } from '../db/dialect';
import type { Db } from '../db/database';
import { encodeCaseData } from '../modules/cases/case-data-encoding';
import { prepareNetworkView, saveCaseNetwork } from '../modules/network/network.repository';
import type { ClaimedJob } from './claimed-job';
import type { StudyBusbarCase } from './study-results';

/** One scenario × year case of a study version. */
export interface StudySlice {
  scenario: string;
  year: number;
}

/** What a study job has left to do, read when it is claimed. */
export interface StudyPlan {
  study: StudyFile;
  caseCount: number;
  /** Cases not stored yet, in the study's order (scenario, then year). */
  pending: StudySlice[];
  /** The study has no analysed base case whose map it can show: it draws its own. */
  needsView: boolean;
}

/** The network view of a study version's base network, when it drew its own. */
export const studyNetworkKey = (studyId: string, version: number) => `study:${studyId}:${version}`;

/**
 * The queue's side of study jobs. A study version's results are ordinary cases tagged with the
 * study and version; each scenario × year case is stored in one transaction that also counts it,
 * only while the job is still running (a cancelled or re-delivered job writes nothing twice).
 * The version's cases become the study's shown results only when the last one is stored.
 */
export function studyJobStore(db: Db) {
  return {
    async plan(job: ClaimedJob): Promise<StudyPlan | null> {
      const version = await db
        .selectFrom('study_versions')
        .select(['study_json', 'case_count', 'base_case_id'])
        .where('study_id', '=', job.studyId!)
        .where('version', '=', job.studyVersion!)
        .executeTakeFirst();
      if (version === undefined) return null;
      const study = studyFileSchema.parse(JSON.parse(version.study_json));
      const stored = await db
        .selectFrom('cases')
        .select(['scenario', 'year'])
        .distinct()
        .where('study_id', '=', job.studyId!)
        .where('study_version', '=', job.studyVersion!)
        .execute();
      const done = new Set(stored.map((row) => `${row.scenario}_${row.year}`));
      const pending = study.scenarios
        .flatMap((s) => study.years.map((year) => ({ scenario: s.name, year })))
        .filter((slice) => !done.has(`${slice.scenario}_${slice.year}`));
      return {
        study,
        caseCount: version.case_count,
        pending,
        needsView: version.base_case_id === null,
      };
    },

    /**
     * Stores one computed case (its busbar cases) and counts it, if the job is still running
     * and the case is not stored yet. 'stopped': the job was cancelled or taken over meanwhile.
     */
    async storeCase(
      job: ClaimedJob,
      slice: StudySlice,
      cases: StudyBusbarCase[],
      progress: { percent: number; stage: string },
    ): Promise<'stored' | 'stopped'> {
      const now = nowIso();
      // Compressed before the transaction, on zlib's thread pool.
      const rows = await Promise.all(
        cases.map(async (c) => {
          const caseId = randomUUID();
          const analysisJson = JSON.stringify(c.analysis);
          const encoded = await encodeCaseData({
            caseId,
            fullDataJson: null,
            extras: null,
            analysisJson,
            apiResponseDate: now,
          });
          return { c, caseId, analysisJson, encoded };
        }),
      );
      return db.transaction().execute(async (tx) => {
        const counted = await tx
          .updateTable('analysis_jobs')
          .set((eb) => ({
            slices_done: eb('slices_done', '+', 1),
            progress_percent: Math.round(progress.percent),
            stage: progress.stage,
            updated_at: now,
          }))
          .where('id', '=', job.id)
          .where('state', '=', 'running')
          .where('attempts', '=', job.attempts)
          .executeTakeFirst();
        if (Number(counted.numUpdatedRows) !== 1) return 'stopped';
        const already = await tx
          .selectFrom('cases')
          .select('case_id')
          .where('study_id', '=', job.studyId!)
          .where('study_version', '=', job.studyVersion!)
          .where('scenario', '=', slice.scenario)
          .where('year', '=', slice.year)
          .limit(1)
          .executeTakeFirst();
        if (already !== undefined) return 'stored';
        for (const { c, caseId, analysisJson, encoded } of rows) {
          await tx
            .insertInto('cases')
            .values({
              case_id: caseId,
              case_name: c.caseName,
              case_description: c.analysis.busbarCapacity?.networkLabel ?? null,
              process: 'Capacidad de conexión',
              family_id: c.familyId,
              family_name: c.familyName,
              user_id: job.userId,
              scenario: c.scenario,
              year: c.year,
              busbar_capacity_mw: c.capacityMw,
              contingency_count: c.contingencyCount,
              study_id: job.studyId,
              study_version: job.studyVersion,
              created_at: now,
            })
            .execute();
          await tx
            .insertInto('case_api_data')
            .values({
              case_id: caseId,
              user_id: job.userId,
              full_data_json: null,
              extras: null,
              analysis_json: analysisJson,
              api_response_date: now,
              ...encoded,
            })
            .execute();
        }
        return 'stored';
      });
    },

    async saveView(job: ClaimedJob, view: NetworkViewV1): Promise<void> {
      const prepared = await prepareNetworkView(view);
      await saveCaseNetwork(db, studyNetworkKey(job.studyId!, job.studyVersion!), prepared);
    },

    /**
     * The version is complete: it becomes the study's shown results, the previous version's
     * cases go, and the job is done — one transaction, so readers see one version or the other.
     */
    async finish(job: ClaimedJob): Promise<boolean> {
      const now = nowIso();
      return db.transaction().execute(async (tx) => {
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
        if (Number(closed.numUpdatedRows) !== 1) return false;
        await tx
          .updateTable('studies')
          .set({ results_version: job.studyVersion, updated_at: now })
          .where('study_id', '=', job.studyId!)
          .execute();
        await deleteStudyCases(tx, job.studyId!, (version) => version !== job.studyVersion);
        return true;
      });
    },

    /** Other jobs are waiting: this study goes behind them and resumes at its next case. */
    async yieldTurn(job: ClaimedJob): Promise<boolean> {
      const now = nowIso();
      const result = await db
        .updateTable('analysis_jobs')
        .set({ state: 'queued', attempts: 0, queued_at: now, updated_at: now })
        .where('id', '=', job.id)
        .where('state', '=', 'running')
        .where('attempts', '=', job.attempts)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Whether another job is waiting for a thread. */
    async othersWaiting(jobId: string): Promise<boolean> {
      const row = await db
        .selectFrom('analysis_jobs')
        .select('id')
        .where('state', '=', 'queued')
        .where('id', '!=', jobId)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type StudyJobStore = ReturnType<typeof studyJobStore>;

/**
 * Deletes a study's busbar cases (with their results and its own network views) whose version
 * `matches`; inside the caller's transaction.
 */
export async function deleteStudyCases(
  tx: Pick<Db, 'selectFrom' | 'deleteFrom'>,
  studyId: string,
  matches: (version: number) => boolean,
): Promise<void> {
  const rows = await tx
    .selectFrom('cases')
    .select(['case_id', 'study_version'])
    .where('study_id', '=', studyId)
    .execute();
  const doomed = rows.filter((row) => matches(row.study_version ?? 0)).map((row) => row.case_id);
  for (let i = 0; i < doomed.length; i += 500) {
    const chunk = doomed.slice(i, i + 500);
    await tx.deleteFrom('case_api_data').where('case_id', 'in', chunk).execute();
    await tx.deleteFrom('cases').where('case_id', 'in', chunk).execute();
  }
  const views = await tx
    .selectFrom('case_networks')
    .select('case_id')
    .where('case_id', 'like', `study:${studyId}:%`)
    .execute();
  const doomedViews = views
    .map((row) => row.case_id)
    .filter((key) => matches(Number(key.slice(key.lastIndexOf(':') + 1))));
  if (doomedViews.length > 0) {
    await tx.deleteFrom('case_networks').where('case_id', 'in', doomedViews).execute();
  }
}
