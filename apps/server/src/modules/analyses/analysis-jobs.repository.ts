import type { Db } from '../../db/database';
import { nowIso } from '../../db/dialect';
import type { ClaimedJob } from '../../jobs/claimed-job';
import { finishJob } from '../../jobs/finish-job';
import { writeCaseData } from '../cases/case-rows';
import { queueBusbarCapacities } from '../busbar-capacities/busbar-capacity.store';
import { saveCaseNetwork } from '../network/network.repository';
import { deleteReplacedResults, deleteResult, writeResult } from '../results/result-store';
import type { EngineFailure } from '../../jobs/engine-failure';
import type { EncodedResult } from '../results/result-encoding';
import { prepareGroupRow, saveGroupRow } from './group-jobs.repository';

/**
 * An upload's analysis as the thread hands it over: serialised and compressed for storage
 * (result-encoding.ts), so the API's event loop never handles the result as objects.
 */
export type EncodedAnalysisOutcome =
  | {
      ok: true;
      encoded: EncodedResult;
      contingencyCount: number;
      /** Why the flexibility is missing (an empty requested group, …); null when it is there. */
      flexibilityError: { code: string; detail: string } | null;
    }
  | EngineFailure;

/** The analyses module's side of 'analysis' jobs: an upload's result, shown once. */
export function analysisJobStore(db: Db) {
  return {
    /**
     * Writes the result into the case and closes the job. The worker thread serialised and
     * compressed everything (result-encoding.ts); here the parts are stored first, in short
     * transactions (result-store.ts), then one transaction closes the job and shows them: the
     * case's row, its network view and its study group's row (issue #21), or, when a requested
     * group could not run, that group's error. A job that was no longer running shows nothing
     * and its parts go.
     */
    async complete(
      job: ClaimedJob,
      outcome: Extract<EncodedAnalysisOutcome, { ok: true }>,
    ): Promise<boolean> {
      const caseId = job.caseId;
      if (caseId === null) throw new Error(`job ${job.id} has no case to complete`);
      const { encoded } = outcome;
      const resultId = await writeResult(db, {
        caseId,
        jobId: job.id,
        parts: encoded.parts,
        flexibility: encoded.flexibility,
      });
      const now = nowIso();
      const network =
        encoded.network === null
          ? null
          : {
              network_json: encoded.network.json,
              network_gzip: Buffer.from(
                encoded.network.gzip.buffer,
                encoded.network.gzip.byteOffset,
                encoded.network.gzip.byteLength,
              ),
              network_etag: encoded.network.etag,
            };
      const groupRow = prepareGroupRow(
        job,
        caseId,
        encoded.flexibility === null ? null : { group: encoded.flexibility.group, resultId },
        outcome.flexibilityError,
      );
      // The stored text columns stay empty: the parts are the result (a client's PUT of a
      // document later fills full_data_json, which then wins over the stored one).
      const shown = {
        full_data_json: null,
        analysis_json: null,
        api_response_date: now,
        data_gzip: null,
        data_etag: null,
        result_id: resultId,
      };
      let replaced: (string | null)[] | null;
      try {
        replaced = await db.transaction().execute(async (tx) => {
          if (!(await finishJob(tx, job, now))) return null;
          await tx
            .updateTable('cases')
            .set({ contingency_count: outcome.contingencyCount })
            .where('case_id', '=', caseId)
            .where('user_id', '=', job.userId)
            .execute();
          const before = await tx
            .selectFrom('case_api_data')
            .select('result_id')
            .where('case_id', '=', caseId)
            .executeTakeFirst();
          // An existing row keeps its extras.
          await writeCaseData(
            tx,
            { case_id: caseId, user_id: job.userId, extras: null, ...shown },
            { update: shown },
          );
          if (network !== null) await saveCaseNetwork(tx, caseId, network);
          const groupBefore = groupRow === null ? null : await saveGroupRow(tx, groupRow);
          // The follow-up: every busbar's capacity, its own job (issue #17).
          await queueBusbarCapacities(tx, job);
          return [before?.result_id ?? null, groupBefore];
        });
      } catch (error) {
        await deleteResult(db, resultId).catch(() => undefined);
        throw error;
      }
      if (replaced === null) {
        await deleteResult(db, resultId);
        return false;
      }
      await deleteReplacedResults(db, job.id, resultId, replaced);
      return true;
    },
  };
}

export type AnalysisJobStore = ReturnType<typeof analysisJobStore>;
