import { randomUUID } from 'node:crypto';
import { sql, type Selectable, type SqlBool } from 'kysely';
import {
  acRunSeconds,
  analysisOptionsKey,
  busbarHistogramEdges,
  DEFAULT_ANALYSIS_OPTIONS,
  errorMessages,
  acCapacitySchema,
  acCheckSchema,
  capacityLimit,
  capacityLimitOf,
  type AcCapacityResult,
  type AcRun,
  type CapacityLimitingVariable,
  type AcCheckResult,
  type AnalysisOptions,
  type BusbarCapacityRow,
  type BusbarCapacityState,
  type BusbarCapacitySort,
  type BusbarFigureName,
  type BusbarHistogramBin,
  type BusbarLimiting,
} from '@holgura/contracts';
import { nowIso } from '../../db/dialect';
import type { Db } from '../../db/database';
import { analysisOptionsJson, storedAnalysisOptions } from '../../jobs/analysis-options';
import { DEMO_OWNER } from '../cases/cases.repository';
import type { UserLimitsGuard } from '../uploads/user-limits';
import {
  capacityDb,
  type BusbarCapacityResultsTable,
  type BusbarCapacityRowsTable,
  type CapacityDb,
} from './busbar-capacity.tables';
import { yieldToEventLoop } from './busbar-capacity.store';
import { insertQueuedJob } from '../../jobs/job-rows';
import { shortCircuitRepository } from '../short-circuit/short-circuit.repository';

/** Where a case's busbar capacities are: its job's state, and the result shown once done. */
export interface CapacityStatus {
  state: BusbarCapacityState;
  jobId: string | null;
  progressPercent: number;
  stage: string | null;
  error: { code: string; message: string } | null;
  result: ShownResult | null;
  caseName: string;
  /**
   * A newer computation than the shown result (issue #25: other options chosen in /analisis):
   * its job, while it runs or when it failed; null when the shown result is the newest.
   */
  next: NextCapacityJob | null;
}

export interface NextCapacityJob {
  jobId: string;
  state: 'pending' | 'running' | 'failed';
  progressPercent: number;
  stage: string | null;
  error: { code: string; message: string } | null;
  options: AnalysisOptions;
  /** The case's contingency file now (issue #30), which the computation reads; null: every branch. */
  contingencyFile: string | null;
}

export interface ShownResult {
  resultKey: number;
  busCount: number;
  capMw: number;
  optionsJson: string;
  summaryJson: string;
  shownAt: string;
}

export interface CapacityFilters {
  q?: string | undefined;
  minKv?: number | undefined;
  area?: number | undefined;
}

export interface CapacityOrder {
  sort: BusbarCapacitySort;
  order: 'asc' | 'desc';
  figure: BusbarFigureName;
}

type Row = BusbarCapacityRowsTable;

const figureColumn = (figure: BusbarFigureName) => (figure === 'strict' ? 'strict_mw' : 'att_mw');

const sortColumn = (order: CapacityOrder) => {
  switch (order.sort) {
    case 'capacity':
      return figureColumn(order.figure);
    case 'strict':
      return 'strict_mw';
    case 'bus':
      return 'bus_number';
    case 'name':
      return 'bus_name_lower';
    case 'kv':
      return 'base_kv';
    case 'area':
      return 'area';
  }
};

/** LIKE's wildcards in a user's text match themselves. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A result's rows that pass the filters (the base of every read). */
export function filteredRows(cdb: CapacityDb, resultKey: number, filters: CapacityFilters) {
  let query = cdb.selectFrom('busbar_capacity_rows').where('result_key', '=', resultKey);
  const q = filters.q?.trim().toLowerCase();
  if (q !== undefined && q !== '') {
    const like = sql<SqlBool>`bus_name_lower like ${likeText(q)} escape '\\'`;
    query = /^\d{1,9}$/.test(q)
      ? query.where((eb) => eb.or([eb('bus_number', '=', Number(q)), like]))
      : query.where(like);
  }
  if (filters.minKv !== undefined) query = query.where('base_kv', '>=', filters.minKv);
  if (filters.area !== undefined) query = query.where('area', '=', filters.area);
  return query;
}

/**
 * Issue #31: the rows «Verificar todas en AC» would verify — in the transfer island, passing the
 * filters, the figure not verified in AC yet.
 */
export function unverifiedRows(
  cdb: CapacityDb,
  resultKey: number,
  figure: BusbarFigureName,
  filters: CapacityFilters,
) {
  return filteredRows(cdb, resultKey, filters)
    .where('in_island', '=', 1)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('busbar_capacity_ac_checks as checked')
            .select('checked.position')
            .whereRef('checked.result_key', '=', 'busbar_capacity_rows.result_key')
            .whereRef('checked.position', '=', 'busbar_capacity_rows.position')
            .where('checked.figure', '=', figure)
            .where('checked.capacity_json', 'is not', null),
        ),
      ),
    );
}

/**
 * Reads of an owner's busbar capacities, and of the demo study's (readable by every signed-in
 * user, as its cases are); another user's case is a missing one.
 */
export function busbarCapacityRepository(db: Db, owner: string) {
  const cdb = capacityDb(db);

  /** The result's rows that pass the filters (the base of every read). */
  const filtered = (resultKey: number, filters: CapacityFilters) =>
    filteredRows(cdb, resultKey, filters);

  const ordered = (resultKey: number, filters: CapacityFilters, order: CapacityOrder) => {
    const column = sortColumn(order);
    const direction = order.order === 'desc' ? sql`desc` : sql`asc`;
    // Buses outside the transfer island (no capacity) go last either way; ties by file order.
    return filtered(resultKey, filters)
      .selectAll()
      .orderBy(sql`${sql.ref(column)} ${direction} nulls last`)
      .orderBy('position', order.order);
  };

  async function branchNames(resultKey: number, rows: Row[]): Promise<Map<number, string>> {
    const wanted = new Set<number>();
    for (const row of rows) {
      for (const branch of [
        row.att_monitored,
        row.att_contingency,
        row.strict_monitored,
        row.strict_contingency,
        row.worse_monitored,
        row.worse_contingency,
      ]) {
        if (branch !== null) wanted.add(branch);
      }
    }
    const names = new Map<number, string>();
    const list = [...wanted];
    for (let from = 0; from < list.length; from += 500) {
      const found = await cdb
        .selectFrom('busbar_capacity_branches')
        .select(['branch', 'name'])
        .where('result_key', '=', resultKey)
        .where('branch', 'in', list.slice(from, from + 500))
        .execute();
      for (const { branch, name } of found) names.set(branch, name);
    }
    return names;
  }

  /**
   * The AC checks stored for these rows, by `<position>|<figure>` (issue #25), with their
   * AC-verified capacity (issue #31). One stored before that existed is left out: the row shows
   * it as not checked, never half, and checking it again computes both.
   */
  async function acChecksOf(resultKey: number, rows: Row[]): Promise<AcChecks> {
    const checks: AcChecks = new Map();
    const positions = rows.map((row) => row.position);
    for (let from = 0; from < positions.length; from += 500) {
      const found = await cdb
        .selectFrom('busbar_capacity_ac_checks')
        .select(['position', 'figure', 'check_json', 'capacity_json', 'job_id'])
        .where('result_key', '=', resultKey)
        .where('position', 'in', positions.slice(from, from + 500))
        .where('capacity_json', 'is not', null)
        .execute();
      for (const { position, figure, check_json, capacity_json, job_id } of found) {
        const acCapacity = acCapacitySchema.nullable().parse(JSON.parse(capacity_json!));
        // The all-bus AC job verifies the figure, not the single flow at its limit: that
        // check stays absent (not asked), never «nothing to check».
        checks.set(
          `${position}|${figure}`,
          job_id !== null
            ? { acCapacity }
            : {
                acCheck: check_json === null ? null : acCheckSchema.parse(JSON.parse(check_json)),
                acCapacity,
              },
        );
      }
    }
    return checks;
  }

  /**
   * Issue #31: the weak-grid MW of these rows' buses, from their case's kept short-circuit
   * strength (an uploaded case's); null when none is asked for or kept.
   */
  async function weakGridOf(caseId: string | undefined, rows: Row[]): Promise<WeakGrid> {
    if (caseId === undefined) return null;
    const found = await shortCircuitRepository(db).weakGridOf(
      caseId,
      rows.map((row) => row.bus_number),
    );
    return found.size === 0 ? null : found;
  }

  return {
    /** The stored row of a bus of a result (by its number), or null. */
    async rowOfBus(resultKey: number, busNumber: number, weakGridCase?: string) {
      const row = await cdb
        .selectFrom('busbar_capacity_rows')
        .selectAll()
        .where('result_key', '=', resultKey)
        .where('bus_number', '=', busNumber)
        .executeTakeFirst();
      if (row === undefined) return null;
      const [names, checks, weak] = await Promise.all([
        branchNames(resultKey, [row]),
        acChecksOf(resultKey, [row]),
        weakGridOf(weakGridCase, [row]),
      ]);
      return toApiRow(row, names, checks, weak);
    },

    /**
     * What of the result's AC checks its pages show, as a tag: how many (those with their
     * AC-verified capacity), and how many of those the all-bus AC job stored without the flow
     * at the limit (issue #31) — its pages change when one is added or completed.
     */
    async acCheckTag(resultKey: number): Promise<string> {
      const row = await cdb
        .selectFrom('busbar_capacity_ac_checks')
        .select((eb) => [
          eb.fn.countAll<number>().as('n'),
          eb.fn.count<number>('job_id').as('batch'),
        ])
        .where('result_key', '=', resultKey)
        .where('capacity_json', 'is not', null)
        .executeTakeFirstOrThrow();
      return `${Number(row.n)}/${Number(row.batch)}`;
    },

    /**
     * Keeps a bus's AC check and AC-verified capacity with the result it checks. A second
     * writer changes nothing; a check stored before the capacity existed (issue #31) is
     * completed.
     */
    async storeAcCheck(
      resultKey: number,
      position: number,
      figure: BusbarFigureName,
      check: AcCheckResult | null,
      capacity: AcCapacityResult,
    ): Promise<void> {
      const checkJson = check === null ? null : JSON.stringify(check);
      const capacityJson = JSON.stringify(capacity);
      await cdb
        .insertInto('busbar_capacity_ac_checks')
        .values({
          result_key: resultKey,
          position,
          figure,
          check_json: checkJson,
          capacity_json: capacityJson,
          created_at: nowIso(),
        })
        .onConflict((oc) =>
          oc
            .columns(['result_key', 'position', 'figure'])
            .doUpdateSet({ check_json: checkJson, capacity_json: capacityJson })
            .where('busbar_capacity_ac_checks.capacity_json', 'is', null),
        )
        .execute();
    },

    /**
     * Issue #31: the AC check at the limit of a bus the all-bus AC job verified (it stores the
     * verified figure alone): kept beside that figure, which stands.
     */
    async completeAcCheck(
      resultKey: number,
      position: number,
      figure: BusbarFigureName,
      check: AcCheckResult | null,
    ): Promise<void> {
      await cdb
        .updateTable('busbar_capacity_ac_checks')
        .set({ check_json: check === null ? null : JSON.stringify(check), job_id: null })
        .where('result_key', '=', resultKey)
        .where('position', '=', position)
        .where('figure', '=', figure)
        .where('job_id', 'is not', null)
        .execute();
    },

    /**
     * The content key of the file an owner's analysed case was uploaded as; null for a case
     * that is not an upload (a study's busbar case, the demo's).
     */
    async uploadOf(caseId: string): Promise<string | null> {
      const job = await db
        .selectFrom('analysis_jobs')
        .innerJoin('uploads', 'uploads.id', 'analysis_jobs.upload_id')
        .select('uploads.sha256')
        .where('analysis_jobs.case_id', '=', caseId)
        .where('analysis_jobs.user_id', '=', owner)
        .where('analysis_jobs.kind', '=', 'analysis')
        .orderBy('analysis_jobs.created_at', 'desc')
        .executeTakeFirst();
      return job?.sha256 ?? null;
    },

    /** The options a shown result was computed with (its job's). */
    async resultOptions(jobId: string): Promise<AnalysisOptions> {
      const job = await db
        .selectFrom('analysis_jobs')
        .select('options_json')
        .where('id', '=', jobId)
        .executeTakeFirst();
      return storedAnalysisOptions(job?.options_json ?? null);
    },

    /** null: no such case for this owner (nor a demo case). */
    async status(caseId: string): Promise<CapacityStatus | null> {
      const caseRow = await db
        .selectFrom('cases')
        .select(['case_name', 'user_id', 'study_id', 'study_version', 'scenario', 'year'])
        .where('case_id', '=', caseId)
        .where('user_id', 'in', [owner, DEMO_OWNER])
        .executeTakeFirst();
      if (caseRow === undefined) return null;
      const isDemo = caseRow.user_id === DEMO_OWNER;
      if (isDemo || caseRow.study_id !== null) {
        // A busbar case of a study (the demo's included): its scenario × year's capacities,
        // stored with the case on one of its busbar cases. None: computed before they existed.
        let slice = cdb
          .selectFrom('busbar_capacity_results')
          .innerJoin('cases', 'cases.case_id', 'busbar_capacity_results.case_id')
          .selectAll('busbar_capacity_results')
          .where('cases.user_id', '=', caseRow.user_id)
          .where('busbar_capacity_results.user_id', '=', caseRow.user_id)
          .where('cases.scenario', '=', caseRow.scenario ?? '')
          .where('cases.year', '=', caseRow.year ?? -1);
        slice = isDemo
          ? slice.where('cases.family_id', 'is not', null)
          : slice
              .where('cases.study_id', '=', caseRow.study_id!)
              .where('cases.study_version', '=', caseRow.study_version!);
        const shown =
          caseRow.scenario === null || caseRow.year === null
            ? undefined
            : await slice
                .where('busbar_capacity_results.shown_at', 'is not', null)
                .orderBy('busbar_capacity_results.shown_at', 'desc')
                .executeTakeFirst();
        const base = { caseName: caseRow.case_name, stage: null, error: null, next: null };
        return shown === undefined
          ? { ...base, state: 'absent', jobId: null, progressPercent: 0, result: null }
          : {
              ...base,
              state: 'done',
              jobId: shown.job_id,
              progressPercent: 100,
              result: shownResult(shown),
            };
      }
      const [job, shown] = await Promise.all([
        db
          .selectFrom('analysis_jobs')
          .select([
            'id',
            'state',
            'progress_percent',
            'stage',
            'error_code',
            'error_message',
            'options_json',
          ])
          .where('case_id', '=', caseId)
          .where('kind', '=', 'capacity')
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .executeTakeFirst(),
        cdb
          .selectFrom('busbar_capacity_results')
          .selectAll()
          .where('case_id', '=', caseId)
          .where('shown_at', 'is not', null)
          .orderBy('shown_at', 'desc')
          .executeTakeFirst(),
      ]);
      const base = { caseName: caseRow.case_name, progressPercent: 0, stage: null, error: null };
      const jobError = (row: NonNullable<typeof job>) => ({
        code: row.error_code ?? 'JOB_INTERNAL',
        message: row.error_message ?? errorMessages.JOB_INTERNAL,
      });
      if (shown !== undefined) {
        // The newest job, when it is not the one that wrote the shown result, is a new
        // computation on its way (or one that failed): the old result stays meanwhile.
        const next: NextCapacityJob | null =
          job === undefined || job.id === shown.job_id || job.state === 'done'
            ? null
            : {
                jobId: job.id,
                state:
                  job.state === 'queued'
                    ? 'pending'
                    : job.state === 'running'
                      ? 'running'
                      : 'failed',
                progressPercent: job.progress_percent,
                stage: job.stage,
                error: job.state === 'failed' || job.state === 'cancelled' ? jobError(job) : null,
                options: storedAnalysisOptions(job.options_json),
                contingencyFile:
                  (
                    await db
                      .selectFrom('case_contingency_sets')
                      .select('file_name')
                      .where('case_id', '=', caseId)
                      .executeTakeFirst()
                  )?.file_name ?? null,
              };
        return {
          ...base,
          state: 'done',
          jobId: shown.job_id,
          progressPercent: 100,
          result: shownResult(shown),
          next,
        };
      }
      if (job !== undefined) {
        const state: BusbarCapacityState =
          job.state === 'queued' ? 'pending' : job.state === 'running' ? 'running' : 'failed';
        return {
          ...base,
          state,
          jobId: job.id,
          progressPercent: job.progress_percent,
          stage: job.stage,
          error: state !== 'failed' ? null : jobError(job),
          result: null,
          next: null,
        };
      }
      // No capacity job: the upload's analysis queues one when it completes.
      const upload = await db
        .selectFrom('analysis_jobs')
        .select('state')
        .where('case_id', '=', caseId)
        .where('kind', '=', 'analysis')
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      const analysing = upload?.state === 'queued' || upload?.state === 'running';
      return {
        ...base,
        state: analysing ? 'pending' : 'absent',
        jobId: null,
        result: null,
        next: null,
      };
    },

    /**
     * Queues the capacities of a case analysed before they existed (or whose capacity job
     * failed). 'not-analysed' while its upload's analysis has not finished (it queues them
     * itself) or when it failed.
     */
    /**
     * A capacity job for the case with `options`; the newest one answers when it is (or will be)
     * the one asked for. `fresh` (issue #30: the case's contingency file changed): always a new
     * job, with `options` or else the newest computation's.
     */
    async createRun(
      caseId: string,
      limits?: UserLimitsGuard,
      asked?: AnalysisOptions,
      fresh = false,
    ): Promise<
      | { status: 'no-case' }
      | { status: 'not-analysed' }
      | { status: 'ok'; jobId: string; existing: boolean; state: BusbarCapacityState }
    > {
      return db.transaction().execute(async (tx) => {
        const caseRow = await tx
          .selectFrom('cases')
          .select('case_id')
          .where('case_id', '=', caseId)
          .where('user_id', '=', owner)
          .executeTakeFirst();
        if (caseRow === undefined) return { status: 'no-case' as const };
        const upload = await tx
          .selectFrom('analysis_jobs')
          .select(['state', 'upload_id'])
          .where('case_id', '=', caseId)
          .where('kind', '=', 'analysis')
          .orderBy('created_at', 'desc')
          .executeTakeFirst();
        if (upload?.state !== 'done') return { status: 'not-analysed' as const };
        // The newest computation answers when it is (or will be) the one asked for.
        const newest = await tx
          .selectFrom('analysis_jobs')
          .select(['id', 'state', 'options_json'])
          .where('case_id', '=', caseId)
          .where('kind', '=', 'capacity')
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .executeTakeFirst();
        const options =
          asked ??
          (fresh && newest !== undefined
            ? storedAnalysisOptions(newest.options_json)
            : DEFAULT_ANALYSIS_OPTIONS);
        const wanted = analysisOptionsKey(options);
        const existing =
          !fresh &&
          newest !== undefined &&
          ['queued', 'running', 'done'].includes(newest.state) &&
          analysisOptionsKey(storedAnalysisOptions(newest.options_json)) === wanted
            ? newest
            : undefined;
        if (existing !== undefined) {
          const state: BusbarCapacityState =
            existing.state === 'done'
              ? 'done'
              : existing.state === 'running'
                ? 'running'
                : 'pending';
          return { status: 'ok' as const, jobId: existing.id, existing: true, state };
        }
        await limits?.assertWithin(tx, owner, 0);
        const now = nowIso();
        const jobId = randomUUID();
        await insertQueuedJob(
          tx,
          {
            id: jobId,
            user_id: owner,
            upload_id: upload.upload_id,
            case_id: caseId,
            kind: 'capacity',
            options_json: analysisOptionsJson(options),
          },
          now,
        );
        return { status: 'ok' as const, jobId, existing: false, state: 'pending' as const };
      });
    },

    /**
     * Issue #31: the newest all-bus AC verification of a result, with its job's state and how
     * many of its buses are stored; null: none asked for.
     */
    async acRun(resultKey: number): Promise<AcRun | null> {
      const run = await cdb
        .selectFrom('busbar_capacity_ac_runs as run')
        .innerJoin('analysis_jobs as job', 'job.id', 'run.job_id')
        .select([
          'run.job_id',
          'run.figure',
          'run.filters_json',
          'run.total',
          'job.state',
          'job.progress_percent',
          'job.stage',
          'job.error_code',
          'job.error_message',
        ])
        .where('run.result_key', '=', resultKey)
        .where('job.user_id', '=', owner)
        .orderBy('run.created_at', 'desc')
        .orderBy('run.job_id', 'desc')
        .executeTakeFirst();
      if (run === undefined) return null;
      const filters = JSON.parse(run.filters_json) as CapacityFilters;
      const left = await unverifiedRows(cdb, resultKey, run.figure, filters)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return {
        jobId: run.job_id,
        figure: run.figure,
        state: run.state === 'queued' ? 'pending' : run.state,
        progressPercent: run.progress_percent,
        stage: run.stage,
        error:
          run.error_code === null
            ? null
            : { code: run.error_code, message: run.error_message ?? errorMessages.JOB_INTERNAL },
        total: run.total,
        verified: Math.max(0, run.total - Number(left.n)),
      };
    },

    /** Issue #31: how many buses «Verificar todas en AC» would verify with these filters. */
    async unverifiedCount(
      resultKey: number,
      figure: BusbarFigureName,
      filters: CapacityFilters,
    ): Promise<number> {
      const row = await unverifiedRows(cdb, resultKey, figure, filters)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * Issue #31: queues the all-bus AC verification of a shown result: the buses of the figure
     * that pass the filters and are not verified yet. One at a time per result: while one is on
     * its way it answers ('existing'). 'nothing': every such bus is verified; 'too-long': past
     * `maxSeconds` on this server (`seconds` says how long it would take).
     */
    async createAcRun(input: {
      caseId: string;
      resultKey: number;
      caseBuses: number;
      figure: BusbarFigureName;
      filters: CapacityFilters;
      maxSeconds: number;
      limits?: UserLimitsGuard | undefined;
    }): Promise<
      | { status: 'nothing' }
      | { status: 'too-long'; buses: number; seconds: number }
      | { status: 'not-analysed' }
      | { status: 'ok'; jobId: string; existing: boolean; buses: number; seconds: number }
    > {
      const { caseId, resultKey, figure, filters } = input;
      return db.transaction().execute(async (tx) => {
        const tcdb = capacityDb(tx);
        const active = await tcdb
          .selectFrom('busbar_capacity_ac_runs as run')
          .innerJoin('analysis_jobs as job', 'job.id', 'run.job_id')
          .select(['run.job_id', 'run.total', 'run.filters_json', 'run.figure'])
          .where('run.result_key', '=', resultKey)
          .where('job.state', 'in', ['queued', 'running'])
          .executeTakeFirst();
        if (active !== undefined) {
          const left = await unverifiedRows(
            tcdb,
            resultKey,
            active.figure,
            JSON.parse(active.filters_json) as CapacityFilters,
          )
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow();
          return {
            status: 'ok' as const,
            jobId: active.job_id,
            existing: true,
            buses: active.total,
            seconds: acRunSeconds(Number(left.n), input.caseBuses),
          };
        }
        const pending = await unverifiedRows(tcdb, resultKey, figure, filters)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        const buses = Number(pending.n);
        if (buses === 0) return { status: 'nothing' as const };
        const seconds = acRunSeconds(buses, input.caseBuses);
        if (seconds > input.maxSeconds) return { status: 'too-long' as const, buses, seconds };
        const upload = await tx
          .selectFrom('analysis_jobs')
          .select(['state', 'upload_id'])
          .where('case_id', '=', caseId)
          .where('user_id', '=', owner)
          .where('kind', '=', 'analysis')
          .orderBy('created_at', 'desc')
          .executeTakeFirst();
        if (upload?.state !== 'done') return { status: 'not-analysed' as const };
        await input.limits?.assertWithin(tx, owner, 0);
        const now = nowIso();
        const jobId = randomUUID();
        await insertQueuedJob(
          tx,
          {
            id: jobId,
            user_id: owner,
            upload_id: upload.upload_id,
            case_id: caseId,
            kind: 'ac-capacity',
          },
          now,
        );
        await tcdb
          .insertInto('busbar_capacity_ac_runs')
          .values({
            job_id: jobId,
            result_key: resultKey,
            case_id: caseId,
            figure,
            filters_json: JSON.stringify({
              ...(filters.q === undefined || filters.q.trim() === '' ? {} : { q: filters.q }),
              ...(filters.minKv === undefined ? {} : { minKv: filters.minKv }),
              ...(filters.area === undefined ? {} : { area: filters.area }),
            }),
            total: buses,
            created_at: now,
          })
          .execute();
        return { status: 'ok' as const, jobId, existing: false, buses, seconds };
      });
    },

    async count(resultKey: number, filters: CapacityFilters): Promise<number> {
      const row = await filtered(resultKey, filters)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** `weakGridCase`: the uploaded case whose kept short-circuit strength the rows carry. */
    async page(
      resultKey: number,
      filters: CapacityFilters,
      order: CapacityOrder,
      page: { offset: number; limit: number },
      weakGridCase?: string,
    ): Promise<BusbarCapacityRow[]> {
      const rows = await ordered(resultKey, filters, order)
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      const [names, checks, weak] = await Promise.all([
        branchNames(resultKey, rows),
        acChecksOf(resultKey, rows),
        weakGridOf(weakGridCase, rows),
      ]);
      return rows.map((row) => toApiRow(row, names, checks, weak));
    },

    /**
     * Every row that passes the filters, in order, read a chunk at a time with the event loop
     * served in between (the downloads: 10,000 rows for ACTIVSg10k).
     */
    async all(
      resultKey: number,
      filters: CapacityFilters,
      order: CapacityOrder,
      weakGridCase?: string,
    ): Promise<BusbarCapacityRow[]> {
      const out: BusbarCapacityRow[] = [];
      const chunk = 2000;
      for (let offset = 0; ; offset += chunk) {
        const rows = await ordered(resultKey, filters, order).limit(chunk).offset(offset).execute();
        const [names, checks, weak] = await Promise.all([
          branchNames(resultKey, rows),
          acChecksOf(resultKey, rows),
          weakGridOf(weakGridCase, rows),
        ]);
        for (const row of rows) out.push(toApiRow(row, names, checks, weak));
        if (rows.length < chunk) return out;
        await yieldToEventLoop();
      }
    },

    async histogram(
      resultKey: number,
      capMw: number,
      figure: BusbarFigureName,
      filters: CapacityFilters,
    ): Promise<{ total: number; outsideIsland: number; bins: BusbarHistogramBin[] }> {
      const edges = busbarHistogramEdges(capMw);
      const column = sql.ref(figureColumn(figure));
      // Bin -1: outside the island; 0: exactly 0 MW; k: [edges[k-1], edges[k]); last: at the cap.
      const capBin = edges.length;
      // Bin numbers are literals: PostgreSQL cannot type a CASE of parameters alone.
      const cases = edges
        .slice(1, -1)
        .map((edge, k) => sql`when ${column} < ${edge} then ${sql.lit(k + 1)}`);
      const bin = sql<number>`case when ${column} is null then -1 when ${column} <= 0 then 0 when ${column} >= ${capMw} then ${sql.lit(capBin)} ${sql.join(cases, sql` `)} else ${sql.lit(edges.length - 1)} end`;
      const counts = await filtered(resultKey, filters)
        .select([bin.as('bin'), (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy(sql`1`)
        .execute();
      const byBin = new Map<number, number>();
      let total = 0;
      for (const row of counts) {
        byBin.set(Number(row.bin), Number(row.n));
        total += Number(row.n);
      }
      const bins: BusbarHistogramBin[] = [
        { kind: 'zero', fromMw: 0, toMw: 0, count: byBin.get(0) ?? 0 },
      ];
      for (let k = 1; k < edges.length; k++) {
        bins.push({
          kind: 'range',
          fromMw: edges[k - 1]!,
          toMw: edges[k]!,
          count: byBin.get(k) ?? 0,
        });
      }
      bins.push({ kind: 'cap', fromMw: capMw, toMw: capMw, count: byBin.get(capBin) ?? 0 });
      return { total, outsideIsland: byBin.get(-1) ?? 0, bins };
    },

    /**
     * The map's columns (file order): the figure's MW, and (issue #31) each bus's capacity with
     * the weak grid counted, what sets it and whether AC verified it.
     */
    async map(
      resultKey: number,
      figure: BusbarFigureName,
      weakGridCase?: string,
    ): Promise<{
      bus: number[];
      capacityMw: (number | null)[];
      limitMw: (number | null)[];
      limitingVariable: (CapacityLimitingVariable | null)[];
      acVerified: boolean[];
    }> {
      const prefix = figure === 'strict' ? 'strict' : 'att';
      const rows = await cdb
        .selectFrom('busbar_capacity_rows')
        .select([
          'bus_number',
          'position',
          `${prefix}_mw as mw`,
          `${prefix}_monitored as monitored`,
        ])
        .where('result_key', '=', resultKey)
        .orderBy('position')
        .execute();
      const verified = new Map<number, AcCapacityResult | null>();
      const checks = await cdb
        .selectFrom('busbar_capacity_ac_checks')
        .select(['position', 'capacity_json'])
        .where('result_key', '=', resultKey)
        .where('figure', '=', figure)
        .where('capacity_json', 'is not', null)
        .execute();
      for (const check of checks) {
        verified.set(
          check.position,
          acCapacitySchema.nullable().parse(JSON.parse(check.capacity_json!)),
        );
      }
      const weak =
        weakGridCase === undefined
          ? new Map<number, number>()
          : await shortCircuitRepository(db).allWeakGrid(weakGridCase);
      // To 0.1 MW: a colour needs no more, and 10,000 buses' answer is half the size.
      const tenth = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);
      const limits = rows.map((row) =>
        capacityLimitOf(
          {
            capacityMw: row.mw,
            dcBinds: row.monitored !== null,
            acCapacity: verified.get(row.position) ?? null,
          },
          weak.get(row.bus_number) ?? null,
        ),
      );
      return {
        bus: rows.map((row) => row.bus_number),
        capacityMw: rows.map((row) => tenth(row.mw)),
        limitMw: limits.map((limit) => tenth(limit.limitMw)),
        limitingVariable: limits.map((limit) => limit.limitingVariable),
        acVerified: rows.map((row) => verified.has(row.position)),
      };
    },
  };
}

function shownResult(row: Selectable<BusbarCapacityResultsTable>): ShownResult {
  return {
    resultKey: row.result_key,
    busCount: row.bus_count,
    capMw: row.cap_mw,
    optionsJson: row.options_json,
    summaryJson: row.summary_json,
    shownAt: row.shown_at ?? row.created_at,
  };
}

function limiting(
  names: Map<number, string>,
  monitored: number | null,
  contingency: number | null,
  df: number | null,
): BusbarLimiting | null {
  if (monitored === null) return null;
  return {
    // A negative key is an interface of the case's .mon (issue #30), named like a branch.
    monitoredBranch: monitored > 0 ? monitored : null,
    monitoredName: names.get(monitored) ?? (monitored > 0 ? `Rama ${monitored}` : 'Interfaz'),
    // A negative key is a contingency of several elements of the case's file (issue #30).
    contingencyBranch: contingency !== null && contingency > 0 ? contingency : null,
    contingencyName:
      contingency === null
        ? null
        : (names.get(contingency) ??
          (contingency > 0 ? `Rama ${contingency}` : `Contingencia ${-contingency}`)),
    distributionFactor: df ?? 0,
  };
}

/**
 * A row's stored AC checks by `<position>|<figure>`: acCheck null where nothing binds before
 * the cap (no element to check), with the figure verified in AC (issue #31).
 */
type AcChecks = Map<
  string,
  { acCheck?: AcCheckResult | null; acCapacity: AcCapacityResult | null }
>;

/** Issue #31: the weak-grid MW of buses by number; null: the case has none kept. */
type WeakGrid = Map<number, number> | null;

export function toApiRow(
  row: Row,
  names: Map<number, string>,
  checks: AcChecks = new Map(),
  weakGrid: WeakGrid = null,
): BusbarCapacityRow {
  const inIsland = row.in_island === 1;
  const weakGridMw = weakGrid?.get(row.bus_number) ?? null;
  const figureValue = (
    figure: BusbarFigureName,
    capacityMw: number | null,
    limits: BusbarLimiting | null,
  ) => {
    const value = { capacityMw, limiting: limits, ...checks.get(`${row.position}|${figure}`) };
    return { ...value, ...capacityLimit(value, weakGridMw) };
  };
  return {
    position: row.position,
    bus: row.bus_number,
    name: row.bus_name,
    baseKv: row.base_kv,
    area: row.area,
    zone: row.zone,
    inTransferIsland: inIsland,
    attributable: figureValue(
      'attributable',
      row.att_mw,
      limiting(names, row.att_monitored, row.att_contingency, row.att_df),
    ),
    strict: figureValue(
      'strict',
      row.strict_mw,
      limiting(names, row.strict_monitored, row.strict_contingency, row.strict_df),
    ),
    preExistingLimit: row.strict_mw !== null && row.att_mw !== null && row.strict_mw < row.att_mw,
    worsened: limiting(names, row.worse_monitored, row.worse_contingency, row.worse_df),
    weakGridMw,
  };
}
