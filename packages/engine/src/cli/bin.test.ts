import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { referencePath } from '@holgura/test-fixtures';
import { beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };

// The real `holgura` as `npx holgura` runs it: bin/holgura.mjs and the bundle build.mjs makes.
const engineDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = path.join(engineDir, 'bin/holgura.mjs');
const case9 = referencePath('cases/case9.m');

const holgura = (args: string[], binPath = bin) =>
  spawnSync(process.execPath, [binPath, ...args], { encoding: 'utf8' });

describe('the holgura bin, compiled', () => {
  beforeAll(() => {
    // Built here so the test runs today's sources, not a bundle left by an earlier build.
    const build = spawnSync(process.execPath, ['build.mjs'], { cwd: engineDir, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
  });

  it('prints the help on stdout and exits 0', () => {
    const r = holgura(['--help']);
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^Usage: holgura <command> FILE \[options\]/);
    expect(r.stdout).toContain('capacity [options] <file>');
    expect(holgura(['help', 'study']).stdout).toMatch(/^Usage: holgura study \[options\]/);
  });

  it('prints its version and exits 0', () => {
    const r = holgura(['--version']);
    expect({ status: r.status, stdout: r.stdout }).toEqual({
      status: 0,
      stdout: `${packageJson.version}\n`,
    });
  });

  it('runs a command, and exits 2 on a usage error or bad input, with stdout empty', () => {
    const ok = holgura(['info', case9]);
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout).counts.buses).toBe(9);
    const usage = holgura(['n1', case9, '--frobnicate']);
    expect(usage.status).toBe(2);
    expect(usage.stdout).toBe('');
    expect(usage.stderr).toBe(
      "holgura: error: unknown option '--frobnicate'\nRun 'holgura n1 --help' for usage.\n",
    );
    const missing = holgura(['info', '/nonexistent/case.m']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/^holgura: error: INPUT_UNREADABLE: /);
  });

  it('says how to build itself when the bundle is missing, exit 1', () => {
    // The same launcher in a package folder with no dist/.
    const lonely = path.join(mkdtempSync(path.join(tmpdir(), 'holgura-bin-')), 'bin');
    mkdirSync(lonely);
    copyFileSync(bin, path.join(lonely, 'holgura.mjs'));
    const r = holgura(['--help'], path.join(lonely, 'holgura.mjs'));
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('Run: npm run build -w @holgura/engine');
  });
});
