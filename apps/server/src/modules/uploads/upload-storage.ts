import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db/database';

/**
 * Uploaded files, content-addressed under DATA_DIR/uploads/<first two hex>/<sha256>: the same
 * file uploaded twice is stored once, and a name never comes from the user. Written to a temp
 * file, flushed and renamed, so a crash never leaves a half-written upload under its final name.
 */
export function fileUploadStorage(dataDir: string): UploadStorage {
  const root = path.join(dataDir, 'uploads');
  const pathFor = (sha256: string) => {
    if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error(`not a sha256: ${sha256}`);
    return path.join(root, sha256.slice(0, 2), sha256);
  };

  return {
    async save(bytes: Uint8Array): Promise<{ sha256: string; sizeBytes: number }> {
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const finalPath = pathFor(sha256);
      if (!fs.existsSync(finalPath)) {
        await fs.promises.mkdir(path.dirname(finalPath), { recursive: true });
        const tempPath = `${finalPath}.${randomUUID()}.tmp`;
        const handle = await fs.promises.open(tempPath, 'wx', 0o600);
        try {
          await handle.writeFile(bytes);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await fs.promises.rename(tempPath, finalPath);
      }
      return { sha256, sizeBytes: bytes.byteLength };
    },

    read(sha256: string): Promise<Buffer> {
      return fs.promises.readFile(pathFor(sha256));
    },
  };
}

export interface UploadStorage {
  save(bytes: Uint8Array): Promise<{ sha256: string; sizeBytes: number }>;
  read(sha256: string): Promise<Buffer>;
}

/** Uploads kept in the `upload_blobs` table, content-addressed too (PostgreSQL deployments). */
export function databaseUploadStorage(db: Db): UploadStorage {
  return {
    async save(bytes) {
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      await db
        .insertInto('upload_blobs')
        .values({ sha256, content: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) })
        .onConflict((oc) => oc.column('sha256').doNothing())
        .execute();
      return { sha256, sizeBytes: bytes.byteLength };
    },
    async read(sha256) {
      const row = await db
        .selectFrom('upload_blobs')
        .select('content')
        .where('sha256', '=', sha256)
        .executeTakeFirstOrThrow();
      return Buffer.from(row.content);
    },
  };
}
