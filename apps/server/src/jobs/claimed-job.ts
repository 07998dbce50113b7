import type { AnalysisOptions } from '@holgura/contracts';
import type { JobKind } from '../db/schema';

/** A job a runner has taken, with what running it needs. */
export interface ClaimedJob {
  id: string;
  userId: string;
  kind: JobKind;
  /** The analysed case (kind 'analysis'). */
  caseId: string | null;
  caseName: string;
  /** The study and version a 'study' job computes. */
  studyId: string | null;
  studyVersion: number | null;
  uploadSha256: string;
  /** The study group's key ('analysis' and 'group' jobs); null: the default rule. */
  studyGroup: string | null;
  /** A 'group' or 'capacity' job's analysis options (issue #25); the defaults when none. */
  options: AnalysisOptions;
  attempts: number;
  /** Buses of the job's case when a job has read it before (its upload's), else null. */
  caseBuses: number | null;
  /** Scenario × year cases of the study already stored. */
  slicesDone: number;
}
