import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ReferenceFile } from './index';
import {
  PACKED_DIR,
  REFERENCE_FILES,
  UNPACKED_DIR,
  isReferenceFile,
  readReferenceText,
  referenceFiles,
  referencePath,
  unpackReference,
  unpackReferenceInto,
} from './index';

/** Every file under `dir`, as paths relative to it. */
function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

describe('the reference fixtures (issue #27)', () => {
  it('lists exactly the committed .xz files, each once', () => {
    const packed = filesUnder(PACKED_DIR)
      .filter((f) => f.endsWith('.xz'))
      .map((f) => f.slice(0, -'.xz'.length));
    const listed = REFERENCE_FILES.map((f) => f.path);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(packed);
  });

  it('unpacks every fixture to its listed size and sha256', async () => {
    await unpackReference();
    for (const f of REFERENCE_FILES) {
      const bytes = fs.readFileSync(referencePath(f.path));
      expect(bytes.byteLength, f.path).toBe(f.bytes);
      expect(createHash('sha256').update(bytes).digest('hex'), f.path).toBe(f.sha256);
    }
    expect(filesUnder(UNPACKED_DIR).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('unpacks again only a file whose size differs or whose .xz is newer', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'holgura-fixtures-'));
    try {
      expect(await unpackReferenceInto(dir)).toBe(REFERENCE_FILES.length);
      expect(await unpackReferenceInto(dir)).toBe(0);
      const file = path.join(dir, 'cases/case9.m');
      const text = fs.readFileSync(file, 'utf8');
      fs.writeFileSync(file, 'truncated');
      expect(await unpackReferenceInto(dir)).toBe(1);
      expect(fs.readFileSync(file, 'utf8')).toBe(text);
      // Same size, older than its .xz: a checkout that brought a new version of the fixture.
      fs.utimesSync(file, new Date(0), new Date(0));
      expect(await unpackReferenceInto(dir)).toBe(1);
      expect(fs.statSync(file).mtimeMs).toBeGreaterThan(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is safe when two processes unpack into the same folder at once', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'holgura-fixtures-'));
    const index = JSON.stringify(path.join(import.meta.dirname, 'index.ts'));
    const script = `import { unpackReferenceInto } from ${index}; await unpackReferenceInto(${JSON.stringify(dir)});`;
    const run = () =>
      new Promise<number | null>((resolve, reject) => {
        const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
          stdio: ['ignore', 'ignore', 'inherit'],
        });
        child.once('error', reject);
        child.once('exit', resolve);
      });
    try {
      expect(await Promise.all([run(), run()])).toEqual([0, 0]);
      expect(filesUnder(dir)).toEqual(REFERENCE_FILES.map((f) => f.path).sort());
      for (const f of REFERENCE_FILES) {
        expect(fs.statSync(path.join(dir, f.path)).size, f.path).toBe(f.bytes);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('throws, naming the folder’s fixtures, for a file that is not among them', () => {
    expect(isReferenceFile('cases/case9.m')).toBe(true);
    expect(isReferenceFile('cases/case9999.m')).toBe(false);
    expect(() => referencePath('cases/case9999.m' as ReferenceFile)).toThrow(
      /cases\/case9999\.m is not a reference fixture.*Fixtures under cases\/: cases\/case118\.m/,
    );
    expect(() => readReferenceText('nowhere.json' as ReferenceFile)).toThrow(
      /nowhere\.json is not a reference fixture/,
    );
  });

  it('lists the fixtures of a folder', () => {
    expect(referenceFiles('unscored/cases/')).toEqual(['unscored/cases/case_ACTIVSg500.m']);
    expect(referenceFiles('raw/').every((f) => f.startsWith('raw/'))).toBe(true);
  });
});
