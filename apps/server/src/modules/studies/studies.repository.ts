import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import {
  analysisResultV1Schema,
  studyFileSchema,
  type BusbarCapacity,
  type StudyBusbarResult,
  type StudyCaseResult,
  type StudyFile,
  type StudyListItem,
  type StudyState,
} from '@holgura/contracts';
import { nowIso } from '../../db/dialect';
import type { Db } from '../../db/database';
import type { AnalysisJobsTable } from '../../db/schema';
import { deleteStudyCases } from './study-jobs.repository';
import { deleteWindowsOfStudy } from '../windows/windows.repository';
import { cancelStudyJobs, insertQueuedJob, type NewJob } from '../../jobs/job-rows';
import {
  studyContingencySetFileSchema,
  type StudyContingencySetFile,
} from './study-contingency-set';

/** A new version of a study: its file, its base network, where that came from. */
export interface StudyVersionInput {
  study: StudyFile;
  uploadId: string;
  baseCaseId: string | null;
  baseFileName: string;
  /** Issue #30: the base case's contingency set when the version is sent; null: every branch. */
  contingencySet: StudyContingencySetFile | null;
}

type JobRow = Pick<
  Selectable<AnalysisJobsTable>,
  'id' | 'state' | 'progress_percent' | 'stage' | 'error_code' | 'error_message'
>;

/** The stored case rows that make a study's results, with what the summaries read. */
interface StudyCaseRow {
  case_id: string;
  case_name: string;
  family_id: string | null;
  family_name: string | null;
  scenario: string | null;
  year: number | null;
  contingency_count: number | null;
  analysis_json: string | null;
}

/**
 * One owner's studies. A study row holds its newest version and the version whose cases are
 * shown; each version keeps its file, base network and job. Another user's study is
 * indistinguishable from a missing one.
 */
export function studiesRepository(db: Db, owner: string) {
  const newJob = (studyId: string, version: number, uploadId: string): NewJob & { id: string } => ({
    id: randomUUID(),
    user_id: owner,
    upload_id: uploadId,
    case_id: null,
    kind: 'study',
    study_id: studyId,
    study_version: version,
  });

  const versionRow = (
    studyId: string,
    version: number,
    input: StudyVersionInput,
    jobId: string,
    now: string,
  ) => ({
    study_id: studyId,
    version,
    study_json: JSON.stringify(input.study),
    upload_id: input.uploadId,
    base_case_id: input.baseCaseId,
    base_file_name: input.baseFileName,
    contingency_set_json:
      input.contingencySet === null ? null : JSON.stringify(input.contingencySet),
    job_id: jobId,
    case_count: input.study.scenarios.length * input.study.years.length,
    created_at: now,
  });

  return {
    /** The study, its first version and its queued job, in one transaction. */
    async create(input: StudyVersionInput) {
      const studyId = randomUUID();
      const now = nowIso();
      const job = newJob(studyId, 1, input.uploadId);
      await db.transaction().execute(async (tx) => {
        await tx
          .insertInto('studies')
          .values({
            study_id: studyId,
            user_id: owner,
            name: input.study.name,
            description: input.study.description,
            network_label: input.study.networkLabel,
            latest_version: 1,
            results_version: null,
            created_at: now,
            updated_at: now,
          })
          .execute();
        await tx
          .insertInto('study_versions')
          .values(versionRow(studyId, 1, input, job.id, now))
          .execute();
        await insertQueuedJob(tx, job, now);
      });
      return { studyId, version: 1, jobId: job.id };
    },

    /**
     * An edited study as its next version; the shown results stay until it is complete.
     * 'running' when the newest version is still being computed.
     */
    async createVersion(studyId: string, input: StudyVersionInput) {
      const now = nowIso();
      return db.transaction().execute(async (tx) => {
        const study = await tx
          .selectFrom('studies')
          .select('latest_version')
          .where('study_id', '=', studyId)
          .where('user_id', '=', owner)
          .executeTakeFirst();
        if (study === undefined) return 'not-found' as const;
        const running = await tx
          .selectFrom('analysis_jobs')
          .select('id')
          .where('study_id', '=', studyId)
          .where('state', 'in', ['queued', 'running'])
          .executeTakeFirst();
        if (running !== undefined) return 'running' as const;
        const version = study.latest_version + 1;
        const job = newJob(studyId, version, input.uploadId);
        await tx
          .updateTable('studies')
          .set({
            latest_version: version,
            name: input.study.name,
            description: input.study.description,
            network_label: input.study.networkLabel,
            updated_at: now,
          })
          .where('study_id', '=', studyId)
          .execute();
        await tx
          .insertInto('study_versions')
          .values(versionRow(studyId, version, input, job.id, now))
          .execute();
        await insertQueuedJob(tx, job, now);
        return { studyId, version, jobId: job.id };
      });
    },

    async list(): Promise<StudyListItem[]> {
      const rows = await summaries(db).where('studies.user_id', '=', owner).execute();
      return rows.map(toListItem);
    },

    async find(studyId: string) {
      const row = await summaries(db)
        .where('studies.user_id', '=', owner)
        .where('studies.study_id', '=', studyId)
        .executeTakeFirst();
      if (row === undefined) return null;
      const item = toListItem(row);
      const shown = item.resultsVersion ?? item.version;
      const version = await db
        .selectFrom('study_versions')
        .select('study_json')
        .where('study_id', '=', studyId)
        .where('version', '=', shown)
        .executeTakeFirstOrThrow();
      const cases =
        item.resultsVersion === null ? [] : await studyCaseRows(db, studyId, item.resultsVersion);
      return {
        item,
        description: row.description,
        study: studyFileSchema.parse(JSON.parse(version.study_json)),
        cases,
      };
    },

    /** The newest version's job stops; its partial results go (earlier results stay). */
    async cancel(studyId: string): Promise<'cancelled' | 'not-running' | 'not-found'> {
      const now = nowIso();
      return db.transaction().execute(async (tx) => {
        const study = await tx
          .selectFrom('studies')
          .select(['latest_version', 'results_version'])
          .where('study_id', '=', studyId)
          .where('user_id', '=', owner)
          .executeTakeFirst();
        if (study === undefined) return 'not-found';
        if ((await cancelStudyJobs(tx, studyId, now)) === 0) return 'not-running';
        await deleteStudyCases(tx, studyId, (version) => version === study.latest_version);
        await tx
          .updateTable('studies')
          .set({ updated_at: now })
          .where('study_id', '=', studyId)
          .execute();
        return 'cancelled';
      });
    },

    /** The study, every version, case and network view of it; its job stops. */
    async delete(studyId: string): Promise<boolean> {
      return db.transaction().execute(async (tx) => {
        const study = await tx
          .selectFrom('studies')
          .select('study_id')
          .where('study_id', '=', studyId)
          .where('user_id', '=', owner)
          .executeTakeFirst();
        if (study === undefined) return false;
        const now = nowIso();
        await cancelStudyJobs(tx, studyId, now);
        await deleteStudyCases(tx, studyId, () => true);
        await deleteWindowsOfStudy(tx, studyId);
        await tx.deleteFrom('study_versions').where('study_id', '=', studyId).execute();
        await tx.deleteFrom('studies').where('study_id', '=', studyId).execute();
        return true;
      });
    },
  };
}

export type StudiesRepository = ReturnType<typeof studiesRepository>;

/** Each study with its newest version and that version's job. */
function summaries(db: Db) {
  return db
    .selectFrom('studies')
    .innerJoin('study_versions', (join) =>
      join
        .onRef('study_versions.study_id', '=', 'studies.study_id')
        .onRef('study_versions.version', '=', 'studies.latest_version'),
    )
    .leftJoin('analysis_jobs', 'analysis_jobs.id', 'study_versions.job_id')
    .select([
      'studies.study_id',
      'studies.name',
      'studies.description',
      'studies.network_label',
      'studies.latest_version',
      'studies.results_version',
      'studies.created_at',
      'studies.updated_at',
      'study_versions.study_json',
      'study_versions.base_case_id',
      'study_versions.base_file_name',
      'study_versions.contingency_set_json',
      'analysis_jobs.id as job_id',
      'analysis_jobs.state as job_state',
      'analysis_jobs.progress_percent',
      'analysis_jobs.stage',
      'analysis_jobs.error_code',
      'analysis_jobs.error_message',
    ])
    .orderBy('studies.created_at', 'desc')
    .orderBy('studies.study_id');
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaries>['executeTakeFirstOrThrow']>>;

function toListItem(row: SummaryRow): StudyListItem {
  const study = JSON.parse(row.study_json) as StudyFile;
  const job: JobRow | null =
    row.job_id === null
      ? null
      : {
          id: row.job_id,
          state: row.job_state!,
          progress_percent: row.progress_percent ?? 0,
          stage: row.stage,
          error_code: row.error_code,
          error_message: row.error_message,
        };
  const state: StudyState = job === null ? 'done' : job.state;
  return {
    studyId: row.study_id,
    name: row.name,
    networkLabel: row.network_label,
    state,
    version: row.latest_version,
    resultsVersion: row.results_version,
    jobId: job?.id ?? null,
    progressPercent: job?.progress_percent ?? 100,
    stage: job?.stage ?? null,
    error:
      job === null || job.error_code === null
        ? null
        : { code: job.error_code, message: job.error_message ?? '' },
    scenarios: study.scenarios.length,
    years: study.years,
    busbars: study.busbars.length,
    baseCaseId: row.base_case_id,
    contingencySet:
      row.contingency_set_json === null
        ? null
        : studyContingencySetFileSchema.parse(JSON.parse(row.contingency_set_json)).summary,
    baseFileName: row.base_file_name,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    isDemo: false,
  };
}

/** What a study's busbar case is read with: its place in the study and its stored result. */
export const STUDY_CASE_COLUMNS = [
  'cases.case_id',
  'cases.case_name',
  'cases.family_id',
  'cases.family_name',
  'cases.scenario',
  'cases.year',
  'cases.contingency_count',
  'case_api_data.analysis_json',
] as const;

/** A busbar's stored check beyond DC thermal as the study API answers it (issue #31). */
function verificationResult(
  stored: NonNullable<BusbarCapacity['verification']>,
): NonNullable<StudyBusbarResult['verification']> {
  const limiting = stored.ac?.acLimiting ?? null;
  return {
    capacityMw: stored.capacityMw,
    limitingVariable: stored.limitingVariable,
    acMw: stored.ac?.acMw ?? null,
    acLimiting:
      limiting === null
        ? null
        : {
            variable: limiting.variable,
            elementName: limiting.elementName,
            contingencyName: limiting.contingencyName,
          },
    acContingencies: stored.ac?.checkedContingencies ?? null,
    weakGridMw: stored.strength?.weakGridMw ?? null,
    sccMinMva: stored.strength?.sccMinMva ?? null,
  };
}

/** The busbar cases of one study version, with their stored results. */
export async function studyCaseRows(
  db: Db,
  studyId: string,
  version: number,
): Promise<StudyCaseRow[]> {
  return db
    .selectFrom('cases')
    .innerJoin('case_api_data', 'case_api_data.case_id', 'cases.case_id')
    .select(STUDY_CASE_COLUMNS)
    .where('cases.study_id', '=', studyId)
    .where('cases.study_version', '=', version)
    .execute();
}

/**
 * A study's busbar cases grouped into its scenario × year cases, in the study's order
 * (scenario, then year), busbars in the study file's order.
 */
export function groupStudyCases(
  studyKey: string,
  study: StudyFile,
  rows: readonly StudyCaseRow[],
): StudyCaseResult[] {
  const byName = new Map<string, StudyCaseResult>();
  const busOrder = new Map(study.busbars.map((bus, i) => [bus, i]));
  for (const row of rows) {
    if (row.analysis_json === null || row.scenario === null || row.year === null) continue;
    const capacity = analysisResultV1Schema.parse(JSON.parse(row.analysis_json)).busbarCapacity;
    if (capacity === undefined) continue;
    let group = byName.get(row.case_name);
    if (group === undefined) {
      const scenarioIndex = study.scenarios.findIndex((s) => s.name === row.scenario);
      group = {
        caseId: `${studyKey}-s${scenarioIndex + 1}-${row.year}`,
        name: row.case_name,
        scenario: row.scenario,
        year: row.year,
        condition: capacity.condition,
        projectsInService: capacity.projectsInService,
        interchanges: capacity.interchanges,
        contingencies: row.contingency_count ?? 0,
        busbars: [],
        ...(capacity.verification?.shortCircuit == null
          ? {}
          : { shortCircuit: capacity.verification.shortCircuit }),
      };
      byName.set(row.case_name, group);
    }
    const limiting = capacity.limiting;
    group.busbars.push({
      bus: capacity.busNumber,
      name: capacity.busName,
      ...(capacity.baseKv === undefined ? {} : { baseKv: capacity.baseKv }),
      caseId: row.case_id,
      capacityMw: capacity.capacityMw,
      tmaxMw: capacity.tmaxMw,
      limitingBranch: limiting?.monitoredBranch ?? null,
      limitingElement: limiting?.monitoredName ?? null,
      contingencyBranch: limiting?.contingencyBranch ?? null,
      contingency: limiting?.contingencyName ?? null,
      preExistingViolation: limiting?.preExistingViolation ?? false,
      ...(limiting?.acCheck === undefined
        ? {}
        : {
            acCheck: !limiting.acCheck.converged
              ? ('not-converged' as const)
              : limiting.acCheck.flagged
                ? ('differs' as const)
                : ('agrees' as const),
          }),
      ...(capacity.verification === undefined
        ? {}
        : { verification: verificationResult(capacity.verification) }),
    });
  }
  const scenarioRank = new Map(study.scenarios.map((s, i) => [s.name, i]));
  const groups = [...byName.values()].sort(
    (a, b) =>
      (scenarioRank.get(a.scenario) ?? 0) - (scenarioRank.get(b.scenario) ?? 0) || a.year - b.year,
  );
  for (const group of groups) {
    group.busbars.sort((a, b) => (busOrder.get(a.bus) ?? 0) - (busOrder.get(b.bus) ?? 0));
  }
  return groups;
}
