import { randomUUID } from 'node:crypto';
import { CASE_FILE_EXTENSIONS, type UploadResponse } from '@holgura/contracts';
import { nowIso } from '../../db/dialect';
import type { Db } from '../../db/database';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { insertCase } from '../cases/case-rows';
import type { ManagedUploadStorage } from './upload-storage';
import { UserLimitError, type UserLimitsGuard } from './user-limits';
import { insertQueuedJob } from '../../jobs/job-rows';

/**
 * A header value Node read as Latin-1 that is really UTF-8 (a client that sent `X-File-Name`
 * unencoded: `Año` arrives as `AÃ±o`), back to what was meant; anything else as it came.
 */
function utf8FromLatin1(value: string): string {
  // eslint-disable-next-line no-control-regex
  if (!/[\u0080-\u00ff]/.test(value) || /[^\u0000-\u00ff]/.test(value)) return value;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(value, 'latin1'));
  } catch {
    return value;
  }
}

/** A user-supplied file name made safe to store and show: no folders, no control characters. */
export function cleanFileName(raw: string | undefined): string {
  let name = utf8FromLatin1(raw ?? '');
  try {
    name = decodeURIComponent(name);
  } catch {
    // Not URI-encoded: use it as sent.
  }
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const printable = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return printable.slice(0, 200) || 'caso';
}

/** The case name shown in the list: the file name without the upload's extension. */
export function caseNameFor(fileName: string): string {
  const lower = fileName.toLowerCase();
  const extension = CASE_FILE_EXTENSIONS.find((candidate) => lower.endsWith(candidate));
  return (extension && fileName.slice(0, -extension.length)) || fileName;
}

/**
 * Stores the file, then records upload, case and queued job in one transaction: once this
 * returns, the upload survives any crash and its job will run.
 */
export async function acceptUpload(
  /** `limits` absent: no per-user limits (queue tests that record uploads directly). */
  deps: { db: Db; storage: ManagedUploadStorage; limits?: UserLimitsGuard },
  input: {
    owner: string;
    fileName: string;
    contentType: string;
    bytes: Uint8Array;
    /** The study group's key (`?group=`, issue #21); absent: the default rule. */
    group?: string | null;
  },
): Promise<UploadResponse> {
  const { storage } = deps;
  const { sha256, sizeBytes } = await storage.save(input.bytes);
  const uploadId = randomUUID();
  const caseId = randomUUID();
  const jobId = randomUUID();
  const now = nowIso();
  try {
    await deps.db.transaction().execute(async (tx) => {
      await deps.limits?.assertWithin(tx, input.owner, sizeBytes);
      // A deletion of the same content may have removed the file since `save`.
      await storage.lock(tx, sha256);
      await storage.ensure(tx, sha256, input.bytes);
      await recordUpload(tx, { ...input, uploadId, caseId, jobId, now, sha256, sizeBytes });
    });
  } catch (error) {
    // Refused: the file goes again unless another upload row names the same content.
    if (error instanceof UserLimitError) {
      await deps.db.transaction().execute(async (tx) => {
        await storage.lock(tx, sha256);
        await storage.releaseIfUnused(tx, sha256);
      });
    }
    throw error;
  }
  return { caseId, jobId };
}

async function recordUpload(
  tx: Kysely<Database>,
  input: {
    owner: string;
    fileName: string;
    contentType: string;
    uploadId: string;
    caseId: string;
    jobId: string;
    now: string;
    sha256: string;
    sizeBytes: number;
    group?: string | null;
  },
): Promise<void> {
  const { uploadId, caseId, jobId, now, sha256, sizeBytes } = input;
  await tx
    .insertInto('uploads')
    .values({
      id: uploadId,
      user_id: input.owner,
      file_name: input.fileName,
      content_type: input.contentType,
      size_bytes: sizeBytes,
      sha256,
      created_at: now,
    })
    .execute();
  await insertCase(tx, {
    case_id: caseId,
    case_name: caseNameFor(input.fileName),
    case_description: `Archivo ${input.fileName}`,
    process: 'Análisis N-1',
    family_id: null,
    family_name: null,
    user_id: input.owner,
    created_at: now,
  });
  await insertQueuedJob(
    tx,
    {
      id: jobId,
      user_id: input.owner,
      upload_id: uploadId,
      case_id: caseId,
      study_group: input.group ?? null,
    },
    now,
  );
}
