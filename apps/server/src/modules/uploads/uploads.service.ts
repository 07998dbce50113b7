import { randomUUID } from 'node:crypto';
import type { UploadResponse } from '@holgura/contracts';
import { nowIso } from '../../db/dialect';
import type { Db } from '../../db/database';
import type { UploadStorage } from './upload-storage';

/** A user-supplied file name made safe to store and show: no folders, no control characters. */
export function cleanFileName(raw: string | undefined): string {
  let name = raw ?? '';
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
  return fileName.replace(/\.(bin|txt|m|raw|xz)$/i, '') || fileName;
}

/**
 * Stores the file, then records upload, case and queued job in one transaction: once this
 * returns, the upload survives any crash and its job will run.
 */
export async function acceptUpload(
  deps: { db: Db; storage: UploadStorage },
  input: { owner: string; fileName: string; contentType: string; bytes: Uint8Array },
): Promise<UploadResponse> {
  const { sha256, sizeBytes } = await deps.storage.save(input.bytes);
  const uploadId = randomUUID();
  const caseId = randomUUID();
  const jobId = randomUUID();
  const now = nowIso();
  await deps.db.transaction().execute(async (tx) => {
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
    await tx
      .insertInto('cases')
      .values({
        case_id: caseId,
        case_name: caseNameFor(input.fileName),
        case_description: `Archivo ${input.fileName}`,
        process: 'Análisis N-1',
        family_id: null,
        family_name: null,
        user_id: input.owner,
        created_at: now,
      })
      .execute();
    await tx
      .insertInto('analysis_jobs')
      .values({
        id: jobId,
        user_id: input.owner,
        upload_id: uploadId,
        case_id: caseId,
        state: 'queued',
        queued_at: now,
        created_at: now,
        updated_at: now,
      })
      .execute();
  });
  return { caseId, jobId };
}
