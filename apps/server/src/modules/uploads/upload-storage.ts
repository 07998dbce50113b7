import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Uploaded files, content-addressed under DATA_DIR/uploads/<first two hex>/<sha256>: the same
 * file uploaded twice is stored once, and a name never comes from the user. Written to a temp
 * file, flushed and renamed, so a crash never leaves a half-written upload under its final name.
 */
export function uploadStorage(dataDir: string) {
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

export type UploadStorage = ReturnType<typeof uploadStorage>;
