import { randomUUID } from 'node:crypto';
import { studyFileSchema, type NetworkViewV1, type StudyFile } from '@holgura/contracts';
import { nowIso } from '../../db/dialect';
import type { Db } from '../../db/database';
import { encodeCaseData } from '../cases/case-data-encoding';
import { deleteCaseData, insertCase, writeCaseData } from '../cases/case-rows';
import { prepareNetworkView, saveCaseNetwork } from '../network/network.repository';
import { capacityDb, type CapacityDb } from '../busbar-capacities/busbar-capacity.tables';
import {
  deleteBusbarCapacityResult,
  insertHiddenResult,
  showResultWhenClosed,
  writeResultRows,
} from '../busbar-capacities/busbar-capacity.store';
import type {
  CapacityColumns,
  CapacityContingencyFile,
} from '../busbar-capacities/busbar-capacities';
import type { ClaimedJob } from '../../jobs/claimed-job';
import { finishJob } from '../../jobs/finish-job';
import { countStudySlice, isStillRunning, yieldStudyTurn } from '../../jobs/job-rows';
import type { StudyBusbarCase } from './study-results';
import { studyContingencySetFileSchema } from './study-contingency-set';

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
  /** Issue #30: the base case's set the version was sent with; null: every branch. */
  contingencySet: CapacityContingencyFile | null;
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
        .select(['study_json', 'case_count', 'base_case_id', 'contingency_set_json'])
        .where('study_id', '=', job.studyId!)
        .where('version', '=', job.studyVersion!)
        .executeTakeFirst();
      if (version === undefined) return null;
      const study = studyFileSchema.parse(JSON.parse(version.study_json));
      // A case is done once its capacities are shown: the transaction that shows them counts
      // it (storeCase). Busbar cases without them (a crash in between) are computed again.
      const stored = await capacityDb(db)
        .selectFrom('busbar_capacity_results')
        .innerJoin('cases', 'cases.case_id', 'busbar_capacity_results.case_id')
        .select(['cases.scenario', 'cases.year'])
        .distinct()
        .where('cases.study_id', '=', job.studyId!)
        .where('cases.study_version', '=', job.studyVersion!)
        .where('busbar_capacity_results.shown_at', 'is not', null)
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
        contingencySet:
          version.contingency_set_json === null
            ? null
            : studyContingencySetFileSchema.parse(JSON.parse(version.contingency_set_json)).file,
      };
    },

    /**
     * Stores one computed case — its busbar cases and the capacity of every bus of its network
     * (issue #17) — and counts it, if the job is still running and the case is not counted yet.
     * Three steps, so that SQLite is never held for a whole case: one transaction inserts the
     * busbar cases (once: a re-run after a crash finds them) and the capacities' header, hidden;
     * the capacity rows follow a batch at a time; one transaction counts the case and shows
     * them. A crash in between leaves the case pending (`plan` wants the capacities shown) and
     * hidden rows that the next attempt deletes. 'stopped': the job was cancelled or taken over.
     */
    async storeCase(
      job: ClaimedJob,
      slice: StudySlice,
      cases: StudyBusbarCase[],
      capacities: CapacityColumns,
      progress: { percent: number; stage: string },
    ): Promise<'stored' | 'stopped'> {
      const now = nowIso();
      const cdb = capacityDb(db);
      const count = (tx: Pick<Db, 'updateTable'>) => countStudySlice(tx, job, progress, now);
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
      const opened = await cdb.transaction().execute(async (tx) => {
        if (!(await isStillRunning(tx, job))) return 'stopped' as const;
        const stored = await sliceCases(tx, job, slice)
          .select('cases.case_id')
          .orderBy('cases.case_id')
          .execute();
        if (stored.length > 0 && (await shownSliceResults(tx, job, slice)).length > 0) {
          // Stored and shown by an earlier delivery of this turn.
          await count(tx);
          return 'stored' as const;
        }
        if (stored.length === 0) {
          for (const { c, caseId, analysisJson, encoded } of rows) {
            await insertCase(tx, {
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
            });
            await writeCaseData(tx, {
              case_id: caseId,
              user_id: job.userId,
              full_data_json: null,
              extras: null,
              analysis_json: analysisJson,
              api_response_date: now,
              ...encoded,
            });
          }
        }
        // The scenario × year's capacities hang on one of its busbar cases (the cascade deletes
        // them with the version); every busbar case of the slice reads them (repository).
        const anchor = stored[0]?.case_id ?? rows[0]!.caseId;
        return insertHiddenResult(tx, { caseId: anchor, job, columns: capacities });
      });
      if (opened === 'stopped' || opened === 'stored') return opened;
      const resultKey = opened;
      await writeResultRows(cdb, resultKey, capacities);
      const shown = await showResultWhenClosed(cdb, resultKey, now, (tx) => count(tx));
      if (!shown) return 'stopped';
      // A dead attempt's hidden rows for this case.
      const others = await sliceResults(cdb, job, slice)
        .where('busbar_capacity_results.result_key', '<>', resultKey)
        .execute();
      for (const other of others) await deleteBusbarCapacityResult(cdb, other.result_key);
      return 'stored';
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
        if (!(await finishJob(tx, job, now))) return false;
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
      return yieldStudyTurn(db, job, nowIso());
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

/** The busbar cases of one scenario × year case of the job's version. */
const sliceCases = (tx: CapacityDb, job: ClaimedJob, slice: StudySlice) =>
  tx
    .selectFrom('cases')
    .where('cases.study_id', '=', job.studyId!)
    .where('cases.study_version', '=', job.studyVersion!)
    .where('cases.scenario', '=', slice.scenario)
    .where('cases.year', '=', slice.year);

/** The capacity results (shown or not) of one scenario × year case of the job's version. */
const sliceResults = (tx: CapacityDb, job: ClaimedJob, slice: StudySlice) =>
  tx
    .selectFrom('busbar_capacity_results')
    .innerJoin('cases', 'cases.case_id', 'busbar_capacity_results.case_id')
    .select('busbar_capacity_results.result_key')
    .where('cases.study_id', '=', job.studyId!)
    .where('cases.study_version', '=', job.studyVersion!)
    .where('cases.scenario', '=', slice.scenario)
    .where('cases.year', '=', slice.year);

/** The shown capacity results of one scenario × year case of the job's version. */
const shownSliceResults = (tx: CapacityDb, job: ClaimedJob, slice: StudySlice) =>
  sliceResults(tx, job, slice).where('busbar_capacity_results.shown_at', 'is not', null).execute();

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
    await deleteCaseData(tx, { caseIds: chunk });
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
