import type { Db } from '../../db/database';

/**
 * One owner's study joined with its newest version — the file and base network an edit keeps,
 * the bus picker reads and a window over the study holds in. Another user's study: no row.
 */
export function newestStudyVersion(db: Db, owner: string, studyId: string) {
  return db
    .selectFrom('studies')
    .innerJoin('study_versions', (join) =>
      join
        .onRef('study_versions.study_id', '=', 'studies.study_id')
        .onRef('study_versions.version', '=', 'studies.latest_version'),
    )
    .where('studies.study_id', '=', studyId)
    .where('studies.user_id', '=', owner);
}
