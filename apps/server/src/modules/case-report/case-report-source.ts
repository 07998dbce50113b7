import {
  busbarCapacityOptionsSchema,
  busbarCapacitySummarySchema,
  caseResultFactsSchema,
  flexibilitySummarySchema,
} from '@holgura/contracts';
import type { Db } from '../../db/database';
import { composedText } from '../../http/json-segments';
import { storedAnalysisOptions } from '../../jobs/analysis-options';
import { busbarCapacityRepository } from '../busbar-capacities/busbar-capacity.repository';
import { shortCircuitRepository } from '../short-circuit/short-circuit.repository';
import { PART } from '../results/result-encoding';
import { findParts } from '../results/result-store';
import { resultsRepository } from '../results/results.repository';
import type { CaseReportInput } from './case-report-model';

export type CaseReportSource =
  | { status: 'ok'; input: CaseReportInput }
  /** No such case of this owner (another user's included). */
  | { status: 'not-found' }
  /** A study's case, or one stored through the API: no upload's analysis to report. */
  | { status: 'not-upload' }
  /** Its analysis, or its busbar capacities, still queued or running. */
  | { status: 'not-ready' }
  /** Its analysis failed or was cancelled: no result. */
  | { status: 'failed' }
  /** A result stored before results were kept in parts (GET …/result/summary's 404 too). */
  | { status: 'no-parts' };

/**
 * What an uploaded case's report is made of, read as /analisis reads it: the case (the owner's
 * only: another user's is a missing one), its upload's analysis and file, the result summary
 * GET /api/cases/{id}/result/summary answers (the same stored parts), and every bus's capacity
 * through the busbar capacities' repository (`all` in the table's default order, `histogram`
 * of both figures) with the options its run used.
 */
export async function caseReportSource(
  db: Db,
  owner: string,
  caseId: string,
): Promise<CaseReportSource> {
  const caseRow = await db
    .selectFrom('cases')
    .select(['case_name', 'case_description'])
    .where('case_id', '=', caseId)
    .where('user_id', '=', owner)
    .executeTakeFirst();
  if (caseRow === undefined) return { status: 'not-found' };
  const job = await db
    .selectFrom('analysis_jobs')
    .innerJoin('uploads', 'uploads.id', 'analysis_jobs.upload_id')
    .select([
      'analysis_jobs.state',
      'analysis_jobs.options_json',
      'uploads.file_name',
      'uploads.size_bytes',
      'uploads.created_at',
    ])
    .where('analysis_jobs.case_id', '=', caseId)
    .where('analysis_jobs.user_id', '=', owner)
    .where('analysis_jobs.kind', '=', 'analysis')
    .orderBy('analysis_jobs.created_at', 'desc')
    .executeTakeFirst();
  if (job === undefined) return { status: 'not-upload' };
  if (job.state === 'queued' || job.state === 'running') return { status: 'not-ready' };
  if (job.state !== 'done') return { status: 'failed' };

  const found = await resultsRepository(db, owner).caseResult(caseId);
  if (found.status !== 'ok') return { status: 'no-parts' };
  const [factsPart = null, flexibilityPart = null] = await findParts(db, [
    [found.resultId, PART.case],
    [found.resultId, PART.flexibility],
  ]);
  if (factsPart === null) return { status: 'no-parts' };
  const facts = caseResultFactsSchema.parse(JSON.parse(await composedText([factsPart])));
  const flexibility =
    flexibilityPart === null
      ? null
      : flexibilitySummarySchema.parse(JSON.parse(await composedText([flexibilityPart])));

  const repository = busbarCapacityRepository(db, owner);
  const status = await repository.status(caseId);
  if (status === null) return { status: 'not-found' };
  if (status.state === 'pending' || status.state === 'running') return { status: 'not-ready' };
  const uploadOptions = storedAnalysisOptions(job.options_json);
  const file = { name: job.file_name, sizeBytes: job.size_bytes, uploadedAt: job.created_at };
  const base = { caseId, caseName: caseRow.case_name, description: caseRow.case_description };
  const result = status.result;
  if (result === null) {
    return {
      status: 'ok',
      input: {
        ...base,
        file,
        facts,
        flexibility,
        options: uploadOptions,
        capacity: {
          state: status.state === 'failed' ? 'failed' : 'absent',
          message: status.error?.message ?? null,
        },
      },
    };
  }
  const byAttributable = { sort: 'capacity', order: 'asc', figure: 'attributable' } as const;
  // With the case's kept short-circuit strength (issue #31): each row's weak grid and limit.
  const [rows, weakGrid] = await Promise.all([
    repository.all(result.resultKey, {}, byAttributable, caseId),
    shortCircuitRepository(db).status(caseId),
  ]);
  const attributable = await repository.histogram(
    result.resultKey,
    result.capMw,
    'attributable',
    {},
  );
  const strict = await repository.histogram(result.resultKey, result.capMw, 'strict', {});
  const options =
    status.jobId === null ? uploadOptions : await repository.resultOptions(status.jobId);
  return {
    status: 'ok',
    input: {
      ...base,
      file,
      facts,
      flexibility,
      options,
      capacity: {
        state: 'done',
        computedAt: result.shownAt,
        summary: busbarCapacitySummarySchema.parse(JSON.parse(result.summaryJson)),
        options: busbarCapacityOptionsSchema.parse(JSON.parse(result.optionsJson)),
        histogram: {
          attributable: attributable.bins,
          strict: strict.bins,
          total: attributable.total,
          outsideIsland: attributable.outsideIsland,
        },
        rows,
        weakGrid,
      },
    },
  };
}
