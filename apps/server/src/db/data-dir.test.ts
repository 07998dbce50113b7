import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTestApp, makeTempDir } from '../app.test-support';
import { newAccount, TestClient } from '../modules/auth/auth.test-support';
import { SQLITE_FILE_NAME } from './database';

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('DATA_DIR', () => {
  it('is 0700 with 0600 files, on a new install and on one left readable to everyone', async () => {
    const dataDir = makeTempDir('holgura-perm-');
    // As an install before issue #16 left it: a 0755 folder with a 0644 database.
    fs.chmodSync(dataDir, 0o755);
    fs.writeFileSync(path.join(dataDir, 'auth-secret'), 'x'.repeat(40), { mode: 0o644 });
    fs.mkdirSync(path.join(dataDir, 'uploads'), { mode: 0o755 });
    const { server } = await buildTestApp({ dataDir, authSecret: null });
    // A session is written, so the database and its WAL hold a session token.
    const browser = new TestClient(server);
    expect((await browser.post('/api/auth/sign-up/email', newAccount('perm'))).statusCode).toBe(
      200,
    );
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.join(dataDir, 'uploads'))).toBe(0o700);
    for (const name of [SQLITE_FILE_NAME, `${SQLITE_FILE_NAME}-wal`, 'auth-secret']) {
      expect(modeOf(path.join(dataDir, name)), name).toBe(0o600);
    }
  });
});
