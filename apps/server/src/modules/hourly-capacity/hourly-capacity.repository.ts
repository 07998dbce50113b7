import {
  hourlyProfilesFormats,
  hourlyProfilesSummarySchema,
  type HourlyProfilesSummary,
} from '@holgura/contracts';
import { z } from 'zod';
import { nowIso } from '../../db/dialect';
import type { Db } from '../../db/database';
import { hourlyProfilesDb } from './hourly-capacity.tables';

/** What the profiles give on their case, as the thread reads them (the summary's figures). */
export type ProfilesFigures = Omit<HourlyProfilesSummary, 'fileName' | 'format' | 'uploadedAt'>;

/** A case's profiles as stored (issue #32). */
export interface StoredHourlyProfiles {
  caseId: string;
  fileName: string;
  format: (typeof hourlyProfilesFormats)[number];
  /** The file's text (xz undone). */
  content: string;
  contentSha256: string;
  figures: ProfilesFigures;
  uploadedAt: string;
}

const figuresSchema = hourlyProfilesSummarySchema.omit({
  fileName: true,
  format: true,
  uploadedAt: true,
});
const formatSchema = z.enum(hourlyProfilesFormats);

export function summaryOf(stored: Omit<StoredHourlyProfiles, 'content'>): HourlyProfilesSummary {
  return {
    fileName: stored.fileName,
    format: stored.format,
    ...stored.figures,
    uploadedAt: stored.uploadedAt,
  };
}

/**
 * A user's cases' hourly profiles (issue #32): one file per case, read against it when put, kept
 * with it. Another user's case has none.
 */
export function hourlyProfilesRepository(db: Db, owner: string) {
  const hdb = hourlyProfilesDb(db);
  return {
    /** The case's profiles without their text (GET, and whether POST may compute). */
    async summary(caseId: string): Promise<HourlyProfilesSummary | null> {
      const row = await hdb
        .selectFrom('case_hourly_profiles')
        .select(['file_name', 'format', 'content_sha256', 'summary_json', 'uploaded_at'])
        .where('case_id', '=', caseId)
        .where('user_id', '=', owner)
        .executeTakeFirst();
      if (row === undefined) return null;
      return summaryOf({
        caseId,
        fileName: row.file_name,
        format: formatSchema.parse(row.format),
        contentSha256: row.content_sha256,
        figures: figuresSchema.parse(JSON.parse(row.summary_json)),
        uploadedAt: new Date(row.uploaded_at).toISOString(),
      });
    },

    /** The text the thread reads and its content key; null: none. */
    async content(caseId: string): Promise<{ content: string; sha256: string } | null> {
      const row = await hdb
        .selectFrom('case_hourly_profiles')
        .select(['content', 'content_sha256'])
        .where('case_id', '=', caseId)
        .where('user_id', '=', owner)
        .executeTakeFirst();
      return row === undefined ? null : { content: row.content, sha256: row.content_sha256 };
    },

    /** Replaces the case's profiles (one per case). */
    async put(profiles: Omit<StoredHourlyProfiles, 'uploadedAt'>): Promise<HourlyProfilesSummary> {
      const uploadedAt = nowIso();
      await hdb.transaction().execute(async (tx) => {
        await tx
          .deleteFrom('case_hourly_profiles')
          .where('case_id', '=', profiles.caseId)
          .execute();
        await tx
          .insertInto('case_hourly_profiles')
          .values({
            case_id: profiles.caseId,
            user_id: owner,
            file_name: profiles.fileName,
            format: profiles.format,
            content: profiles.content,
            content_sha256: profiles.contentSha256,
            summary_json: JSON.stringify(profiles.figures),
            uploaded_at: uploadedAt,
          })
          .execute();
      });
      return summaryOf({ ...profiles, uploadedAt: new Date(uploadedAt).toISOString() });
    },

    /** Whether there were profiles to remove. */
    async remove(caseId: string): Promise<boolean> {
      const result = await hdb
        .deleteFrom('case_hourly_profiles')
        .where('case_id', '=', caseId)
        .where('user_id', '=', owner)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type HourlyProfilesRepository = ReturnType<typeof hourlyProfilesRepository>;
