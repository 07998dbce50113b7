import {
  contingencyCountsSchema,
  contingencySetN1Schema,
  contingencySetSummarySchema,
  type ContingencySetN1,
  contingencyRulesSchema,
  contingencyFileFormats,
  type ContingencyCounts,
  type ContingencySetSummary,
} from '@holgura/contracts';
import { z } from 'zod';
import { nowIso } from '../../db/dialect';
import type { Db } from '../../db/database';
import type { CapacityContingencyFile } from '../busbar-capacities/busbar-capacities';

/** A case's definitions file as stored (issue #30). */
export interface StoredContingencySet {
  caseId: string;
  fileName: string;
  format: (typeof contingencyFileFormats)[number];
  /** Latin-1 text. */
  content: string;
  counts: ContingencyCounts;
  /** The case's N-1 on the set; null for a set saved before it was computed. */
  n1: ContingencySetN1 | null;
  /** The .sub sent with a .con, as text, and what it gives. */
  subsystems: CompanionFile<NonNullable<ContingencySetSummary['subsystemsFile']>> | null;
  /** The .mon sent with a .con, as text, and what it gives. */
  monitored: CompanionFile<NonNullable<ContingencySetSummary['monitoredFile']>> | null;
  uploadedAt: string;
}

/** A file that goes with the contingency file: Latin-1 text and its summary. */
export interface CompanionFile<Summary extends { fileName: string }> {
  content: string;
  summary: Summary;
}

const companionSchema = <S extends z.ZodType<{ fileName: string }>>(summary: S) =>
  z.object({ content: z.string(), summary });
const subsystemsSchema = companionSchema(contingencySetSummarySchema.shape.subsystemsFile.unwrap());
const monitoredSchema = companionSchema(contingencySetSummarySchema.shape.monitoredFile.unwrap());
const parseJsonColumn = <T>(schema: z.ZodType<T>, text: string | null): T | null =>
  text === null ? null : schema.parse(JSON.parse(text));

const formatSchema = z.enum(contingencyFileFormats);

function fromRow(row: {
  case_id: string;
  file_name: string;
  format: string;
  content: string;
  counts_json: string;
  n1_json: string | null;
  subsystems_json: string | null;
  monitored_json: string | null;
  uploaded_at: string;
}): StoredContingencySet {
  return {
    caseId: row.case_id,
    fileName: row.file_name,
    format: formatSchema.parse(row.format),
    content: row.content,
    counts: contingencyCountsSchema.parse(JSON.parse(row.counts_json)),
    n1: parseJsonColumn(contingencySetN1Schema, row.n1_json),
    subsystems: parseJsonColumn(subsystemsSchema, row.subsystems_json),
    monitored: parseJsonColumn(monitoredSchema, row.monitored_json),
    uploadedAt: new Date(row.uploaded_at).toISOString(),
  };
}

export function summaryOf(set: StoredContingencySet): ContingencySetSummary {
  return {
    fileName: set.fileName,
    format: set.format,
    ...(set.format === 'rules'
      ? { rules: contingencyRulesSchema.parse(JSON.parse(set.content)) }
      : {}),
    uploadedAt: set.uploadedAt,
    counts: set.counts,
    n1: set.n1,
    subsystemsFile: set.subsystems?.summary ?? null,
    monitoredFile: set.monitored?.summary ?? null,
  };
}

/** The stored set as the capacity, study and AC-check computations read it: the files' text. */
export function capacityContingencyFileOf(set: StoredContingencySet): CapacityContingencyFile {
  const companion = (file: CompanionFile<{ fileName: string }> | null) =>
    file === null ? undefined : { fileName: file.summary.fileName, content: file.content };
  const subsystems = companion(set.subsystems);
  const monitored = companion(set.monitored);
  return {
    fileName: set.fileName,
    format: set.format,
    content: set.content,
    ...(subsystems === undefined ? {} : { subsystems }),
    ...(monitored === undefined ? {} : { monitored }),
  };
}

/** The case's definitions file, whoever asks (the capacity job: it runs for the case's owner). */
export async function contingencySetOfCase(
  db: Db,
  caseId: string,
): Promise<StoredContingencySet | null> {
  const row = await db
    .selectFrom('case_contingency_sets')
    .selectAll()
    .where('case_id', '=', caseId)
    .executeTakeFirst();
  return row === undefined ? null : fromRow(row);
}

/** A user's cases' definitions files: another user's case is not found. */
export function contingencySetsRepository(db: Db, owner: string) {
  return {
    /** Whether the case is the user's. */
    async ownsCase(caseId: string): Promise<boolean> {
      const row = await db
        .selectFrom('cases')
        .select('case_id')
        .where('case_id', '=', caseId)
        .where('user_id', '=', owner)
        .executeTakeFirst();
      return row !== undefined;
    },

    async get(caseId: string): Promise<StoredContingencySet | null> {
      const row = await db
        .selectFrom('case_contingency_sets')
        .selectAll()
        .where('case_id', '=', caseId)
        .where('user_id', '=', owner)
        .executeTakeFirst();
      return row === undefined ? null : fromRow(row);
    },

    /** Replaces the case's file (one per case). */
    async put(set: Omit<StoredContingencySet, 'uploadedAt'>): Promise<StoredContingencySet> {
      const uploadedAt = nowIso();
      await db.transaction().execute(async (tx) => {
        await tx.deleteFrom('case_contingency_sets').where('case_id', '=', set.caseId).execute();
        await tx
          .insertInto('case_contingency_sets')
          .values({
            case_id: set.caseId,
            user_id: owner,
            file_name: set.fileName,
            format: set.format,
            content: set.content,
            counts_json: JSON.stringify(set.counts),
            n1_json: set.n1 === null ? null : JSON.stringify(set.n1),
            subsystems_json: set.subsystems === null ? null : JSON.stringify(set.subsystems),
            monitored_json: set.monitored === null ? null : JSON.stringify(set.monitored),
            uploaded_at: uploadedAt,
          })
          .execute();
      });
      return { ...set, uploadedAt: new Date(uploadedAt).toISOString() };
    },

    /** Back to every branch, one at a time; whether there was a file. */
    async remove(caseId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('case_contingency_sets')
        .where('case_id', '=', caseId)
        .where('user_id', '=', owner)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
