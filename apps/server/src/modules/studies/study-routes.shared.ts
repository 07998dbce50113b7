import { z } from 'zod';
import { studyIdSchema } from '@holgura/contracts';
import type { Db } from '../../db/database';
import type { AuthGuard } from '../../http/auth-guard';
import type { ReportWriter } from '../report/report-thread';
import type { UploadStorage } from '../uploads/upload-storage';
import type { UserLimitsGuard } from '../uploads/user-limits';
import type { StudyChecker } from './study-check-thread';
import type { StudiesService } from './studies.service';

/** What the study routes use (app.ts hands it in). */
export interface StudyRouteDeps {
  db: Db;
  guard: AuthGuard;
  service: StudiesService;
  checker: StudyChecker;
  storage: UploadStorage;
  /** Per-user limits: a study or a new version counts as an upload and a job (issue #16). */
  limits: UserLimitsGuard;
  /** The report thread (app.ts shares one with the case reports); absent: the routes' own. */
  reports?: ReportWriter;
}

export const studyParams = z.object({ studyId: studyIdSchema });

/** The signed-in caller (the routes require a user). */
export const owner = (request: { principal: { userId: string } | null }) =>
  request.principal!.userId;
