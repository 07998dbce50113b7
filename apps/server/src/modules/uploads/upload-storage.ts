import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';

/** A transaction (or the database) the storage's bookkeeping runs in. */
type Tx = Kysely<Database>;

/**
 * Uploaded files, content-addressed under DATA_DIR/uploads/<first two hex>/<sha256>: the same
 * file uploaded twice is stored once, and a name never comes from the user. Written to a temp
 * file, flushed and renamed, so a crash never leaves a half-written upload under its final name.
 */
export function fileUploadStorage(dataDir: string): ManagedUploadStorage {
  const root = path.join(dataDir, 'uploads');
  const pathFor = (sha256: string) => {
    if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error(`not a sha256: ${sha256}`);
    return path.join(root, sha256.slice(0, 2), sha256);
  };

  async function write(sha256: string, bytes: Uint8Array): Promise<void> {
    const finalPath = pathFor(sha256);
    if (!fs.existsSync(finalPath)) {
      await fs.promises.mkdir(path.dirname(finalPath), { recursive: true, mode: 0o700 });
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
  }

  return {
    async save(bytes: Uint8Array): Promise<{ sha256: string; sizeBytes: number }> {
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      await write(sha256, bytes);
      return { sha256, sizeBytes: bytes.byteLength };
    },

    read(sha256: string): Promise<Buffer> {
      return fs.promises.readFile(pathFor(sha256));
    },

    // One process, one SQLite connection: its transactions already run one at a time.
    async lock() {},

    ensure: (_tx, sha256, bytes) => write(sha256, bytes),

    async releaseIfUnused(tx, sha256) {
      if (await stillUsed(tx, sha256)) return;
      await fs.promises.rm(pathFor(sha256), { force: true });
    },
  };
}

/** Whether any upload row (a case's or a study's, of any user) still names this content. */
async function stillUsed(tx: Tx, sha256: string): Promise<boolean> {
  const row = await tx
    .selectFrom('uploads')
    .select('id')
    .where('sha256', '=', sha256)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export interface UploadStorage {
  save(bytes: Uint8Array): Promise<{ sha256: string; sizeBytes: number }>;
  read(sha256: string): Promise<Buffer>;
}

/**
 * The storage with deletion. Files are content-addressed and shared by every upload row with
 * the same SHA-256, so a file goes only when no row names it: `releaseIfUnused` and `ensure` run
 * inside transactions that first take `lock` for that content, so a deletion and a new upload of
 * the same file never interleave (the upload either sees the file gone and writes it again, or
 * the deletion sees the new row and keeps the file).
 */
export interface ManagedUploadStorage extends UploadStorage {
  lock(tx: Tx, sha256: string): Promise<void>;
  /** Stores the content again if a deletion removed it since `save`. */
  ensure(tx: Tx, sha256: string, bytes: Uint8Array): Promise<void>;
  /** Deletes the content when no upload row names it any more. */
  releaseIfUnused(tx: Tx, sha256: string): Promise<void>;
}

/** Uploads kept in the `upload_blobs` table, content-addressed too (PostgreSQL deployments). */
export function databaseUploadStorage(db: Db): ManagedUploadStorage {
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
    async lock(tx, sha256) {
      await sql`select pg_advisory_xact_lock(hashtextextended(${`holgura-blob:${sha256}`}, 0))`.execute(
        tx,
      );
    },
    async ensure(tx, sha256, bytes) {
      const present = await tx
        .selectFrom('upload_blobs')
        .select('sha256')
        .where('sha256', '=', sha256)
        .executeTakeFirst();
      if (present !== undefined) return;
      await tx
        .insertInto('upload_blobs')
        .values({ sha256, content: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) })
        .onConflict((oc) => oc.column('sha256').doNothing())
        .execute();
    },
    async releaseIfUnused(tx, sha256) {
      if (await stillUsed(tx, sha256)) return;
      await tx.deleteFrom('upload_blobs').where('sha256', '=', sha256).execute();
    },
  };
}
