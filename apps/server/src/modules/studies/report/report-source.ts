import {
  DEMO_STUDY_ID,
  networkViewV1Schema,
  type NetworkViewV1,
  type StudyDetail,
} from '@holgura/contracts';
import type { Db } from '../../../db/database';
import { DEMO_STUDY_NETWORK_KEY, findNetworkAnswer } from '../../network/network.repository';
import type { StudiesService } from '../studies.service';
import { studyNetworkKey } from '../study-jobs.repository';

export type ReportSource =
  | { status: 'ok'; detail: StudyDetail; network: NetworkViewV1 | null }
  | { status: 'not-found' }
  | { status: 'no-results' };

/**
 * What a study's report is made of, read as the study's pages read it: the study and its shown
 * version's figures as GET /api/studies/{id} answers (the demo for everyone signed in, any other
 * study for its owner only: another user's is a missing one), and the base network view its map
 * draws (GET /api/studies/{id}/network), null when none is stored.
 */
export async function studyReportSource(
  deps: { db: Db; service: StudiesService },
  owner: string,
  studyId: string,
): Promise<ReportSource> {
  const detail = await deps.service.detail(owner, studyId);
  if (detail === null) return { status: 'not-found' };
  if (detail.resultsVersion === null || detail.cases.length === 0) {
    return { status: 'no-results' };
  }
  return { status: 'ok', detail, network: await studyNetwork(deps.db, owner, detail) };
}

async function studyNetwork(
  db: Db,
  owner: string,
  detail: StudyDetail,
): Promise<NetworkViewV1 | null> {
  const { studyId } = detail;
  const stored =
    studyId === DEMO_STUDY_ID
      ? await findNetworkAnswer(db, 'demo-study', DEMO_STUDY_NETWORK_KEY, false)
      : detail.baseCaseId !== null
        ? await findNetworkAnswer(db, { owner }, detail.baseCaseId, false)
        : await findNetworkAnswer(
            db,
            'demo-study',
            studyNetworkKey(studyId, detail.resultsVersion ?? detail.version),
            false,
          );
  if (stored?.json == null) return null;
  const parsed = networkViewV1Schema.safeParse(
    (JSON.parse(stored.json) as { network?: unknown }).network,
  );
  return parsed.success ? parsed.data : null;
}
