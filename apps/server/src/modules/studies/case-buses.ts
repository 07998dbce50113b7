import type { CaseBusesResponse } from '@holgura/contracts';
import type { Db } from '../../db/database';
import { readUpload } from '../../jobs/thread-queue';
import type { UploadStorage } from '../uploads/upload-storage';
import type { StudyChecker } from './study-check-thread';
import { newestStudyVersion } from './newest-version';

/** Recent catalogs by the upload's content key: a picker reads the same case again and again. */
const recent = new Map<string, CaseBusesResponse>();
const RECENT_MAX = 8;

/**
 * The buses of one of the owner's analysed cases, read from its uploaded file on the study
 * thread (a 10,000-bus case is read in about half a second there, not on the event loop).
 */
export async function caseBusCatalog(
  deps: { db: Db; storage: UploadStorage; checker: StudyChecker },
  owner: string,
  caseId: string,
): Promise<CaseBusesResponse | 'not-found' | 'unreadable'> {
  const row = await deps.db
    .selectFrom('analysis_jobs')
    .innerJoin('uploads', 'uploads.id', 'analysis_jobs.upload_id')
    .select('uploads.sha256')
    .where('analysis_jobs.case_id', '=', caseId)
    .where('analysis_jobs.user_id', '=', owner)
    .where('analysis_jobs.state', '=', 'done')
    .orderBy('analysis_jobs.created_at', 'desc')
    .executeTakeFirst();
  if (row === undefined) return 'not-found';
  return catalogOf(deps, row.sha256);
}

/**
 * The buses of the base network of one of the owner's studies (its newest version's, the one an
 * edit keeps when it sends no network): the study editor's picker without the file again.
 */
export async function studyBusCatalog(
  deps: { db: Db; storage: UploadStorage; checker: StudyChecker },
  owner: string,
  studyId: string,
): Promise<CaseBusesResponse | 'not-found' | 'unreadable'> {
  const row = await newestStudyVersion(deps.db, owner, studyId)
    .innerJoin('uploads', 'uploads.id', 'study_versions.upload_id')
    .select('uploads.sha256')
    .executeTakeFirst();
  if (row === undefined) return 'not-found';
  return catalogOf(deps, row.sha256);
}

async function catalogOf(
  deps: { storage: UploadStorage; checker: StudyChecker },
  sha256: string,
): Promise<CaseBusesResponse | 'unreadable'> {
  const cached = recent.get(sha256);
  if (cached !== undefined) return cached;
  let catalog: CaseBusesResponse;
  try {
    catalog = await deps.checker.buses(await readUpload(deps.storage, sha256));
  } catch {
    return 'unreadable';
  }
  recent.set(sha256, catalog);
  if (recent.size > RECENT_MAX) recent.delete(recent.keys().next().value!);
  return catalog;
}
