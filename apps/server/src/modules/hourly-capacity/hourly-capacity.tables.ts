import type { ColumnType, Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';

type Timestamp = ColumnType<string, string | undefined, string>;

/**
 * Migration 2026-12-12T000000-hourly-profiles (issue #32): a case's hourly profiles, the file as
 * it was read (text, xz undone) and what it gives on the case. One per case; it goes with its case.
 */
export interface CaseHourlyProfilesTable {
  case_id: string;
  user_id: string;
  file_name: string;
  /** 'matpower-chgtab' or 'csv' (contracts' hourlyProfilesFormats). */
  format: string;
  /** The file's text, read whole on the calculation's thread, never queried. */
  content: string;
  /** SHA-256 of `content` (hex): the thread keeps the profiles it read last under it. */
  content_sha256: string;
  /** Contracts' HourlyProfilesSummary without fileName, format and uploadedAt (JSON). */
  summary_json: string;
  uploaded_at: Timestamp;
}

// A type, not an interface: Kysely's withTables wants an index signature.
export type HourlyProfilesTables = {
  case_hourly_profiles: CaseHourlyProfilesTable;
};

export type HourlyProfilesDb = Kysely<Database & HourlyProfilesTables>;

/** The database with this module's table (kept here, beside the code that owns it). */
export function hourlyProfilesDb(db: Db | Kysely<Database>): HourlyProfilesDb {
  return db.withTables<HourlyProfilesTables>();
}
