import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

// Issue #27: the tests, benches and scripts once read a reference folder that exists only on the
// machine the project was developed on, so on a fresh clone the accuracy tests skipped. They
// read @holgura/test-fixtures now; this keeps it so.
describe('the reference folder outside the repository', () => {
  it('no tracked file of the workspaces or scripts reads the reference folder outside the repo', () => {
    // Built from parts so this file does not name what it looks for.
    const outside = [['shared', 'reference'].join('/'), ['', 'work', 'shared'].join('/')];
    const tracked = execFileSync('git', ['ls-files', '-z', 'apps', 'packages', 'e2e', 'scripts'], {
      cwd: repoRoot,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    })
      .split('\0')
      .filter((f) => f !== '' && !f.endsWith('.xz'));
    expect(tracked.length).toBeGreaterThan(100);
    const offenders = tracked.filter((f) => {
      const file = path.join(repoRoot, f);
      // A file deleted in the working tree but not yet in the index.
      if (!fs.existsSync(file)) return false;
      const text = fs.readFileSync(file, 'latin1');
      return outside.some((needle) => text.includes(needle));
    });
    expect(offenders).toEqual([]);
  });
});
