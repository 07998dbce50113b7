import {
  contingencyCountsSchema,
  contingencySetN1Schema,
  type ContingencySetN1,
  contingencyRulesSchema,
  contingencyFileFormats,
  type ContingencyCounts,
  type ContingencySetSummary,
} from '@holgura/contracts';
import { z } from 'zod';
import { nowIso } from '../../db/dialect';
import type { Db } from '../../db/database';

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
  uploadedAt: string;
}

const formatSchema = z.enum(contingencyFileFormats);

function fromRow(row: {
  case_id: string;
  file_name: string;
  format: string;
  content: string;
  counts_json: string;
  n1_json: string | null;
  uploaded_at: string;
}): StoredContingencySet {
  return {
    caseId: row.case_id,
    fileName: row.file_name,
    format: formatSchema.parse(row.format),
    content: row.content,
    counts: contingencyCountsSchema.parse(JSON.parse(row.counts_json)),
    n1: row.n1_json === null ? null : contingencySetN1Schema.parse(JSON.parse(row.n1_json)),
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
