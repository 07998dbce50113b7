import type { Db } from '../../db/database';
import { deleteBusbarCapacitiesOfCase } from '../busbar-capacities/busbar-capacity.store';
import type { ManagedUploadStorage } from '../uploads/upload-storage';
import { deleteCaseData } from './case-rows';
import { DEMO_OWNER } from './cases.repository';
import { deleteJobsOfCase } from '../../jobs/job-rows';
import { deleteWindowsOfCase } from '../windows/windows.repository';

export type DeleteCaseOutcome =
  | { deleted: true }
  | { deleted: false; reason: 'not-found' | 'demo' }
  | { deleted: false; reason: 'in-study'; studyName: string };

/**
 * Deletes one of the owner's analysed cases with everything it alone holds: its results, its
 * network view, its analysis job (a running one stops counting; its result, if it comes, is
 * written nowhere) and its uploaded file. A case that is one busbar × scenario × year of a study
 * belongs to the study and goes with it. The base case of a study can go: the study keeps its
 * own reference to the file, which stays while the study uses it (issue #16).
 */
export async function deleteCase(
  deps: { db: Db; storage: ManagedUploadStorage },
  owner: string,
  caseId: string,
): Promise<DeleteCaseOutcome> {
  const { db, storage } = deps;
  const freed: string[] = [];
  // Its busbar capacities (issue #17) first, a batch at a time: the cascade below would delete
  // thousands of rows in one statement.
  await deleteBusbarCapacitiesOfCase(db, owner, caseId);
  const outcome = await db.transaction().execute(async (tx): Promise<DeleteCaseOutcome> => {
    const row = await tx
      .selectFrom('cases')
      .leftJoin('studies', 'studies.study_id', 'cases.study_id')
      .select(['cases.user_id', 'cases.study_id', 'studies.name as study_name'])
      .where('cases.case_id', '=', caseId)
      .where('cases.user_id', 'in', [owner, DEMO_OWNER])
      .executeTakeFirst();
    if (row === undefined) return { deleted: false, reason: 'not-found' };
    if (row.user_id === DEMO_OWNER) return { deleted: false, reason: 'demo' };
    if (row.study_id !== null) {
      return { deleted: false, reason: 'in-study', studyName: row.study_name ?? '' };
    }
    const jobs = await tx
      .selectFrom('analysis_jobs')
      .select(['id', 'upload_id'])
      .where('case_id', '=', caseId)
      .where('user_id', '=', owner)
      .execute();
    await deleteCaseData(tx, { caseIds: [caseId] });
    await tx.deleteFrom('case_networks').where('case_id', '=', caseId).execute();
    await tx.deleteFrom('case_contingency_sets').where('case_id', '=', caseId).execute();
    await deleteWindowsOfCase(tx, caseId);
    await deleteJobsOfCase(tx, caseId);
    await tx.deleteFrom('cases').where('case_id', '=', caseId).execute();
    // A study built on this case keeps its file (its own upload reference), not the link.
    await tx
      .updateTable('study_versions')
      .set({ base_case_id: null })
      .where('base_case_id', '=', caseId)
      .execute();
    for (const uploadId of new Set(jobs.map((job) => job.upload_id))) {
      const [otherJob, study] = await Promise.all([
        tx
          .selectFrom('analysis_jobs')
          .select('id')
          .where('upload_id', '=', uploadId)
          .executeTakeFirst(),
        tx
          .selectFrom('study_versions')
          .select('job_id')
          .where('upload_id', '=', uploadId)
          .executeTakeFirst(),
      ]);
      if (otherJob !== undefined || study !== undefined) continue;
      const upload = await tx
        .selectFrom('uploads')
        .select('sha256')
        .where('id', '=', uploadId)
        .executeTakeFirst();
      await tx.deleteFrom('uploads').where('id', '=', uploadId).execute();
      if (upload !== undefined) freed.push(upload.sha256);
    }
    return { deleted: true };
  });
  // The content goes once no upload row of anyone names it (the same file uploaded twice is
  // stored once), under the content lock that new uploads of it take too (upload-storage.ts).
  for (const sha256 of new Set(freed)) {
    await db.transaction().execute(async (tx) => {
      await storage.lock(tx, sha256);
      await storage.releaseIfUnused(tx, sha256);
    });
  }
  return outcome;
}
