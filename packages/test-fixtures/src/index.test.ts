import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
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

  it('unpacks again a file whose size differs, and leaves the others alone', async () => {
    const name: ReferenceFile = 'cases/case9.m';
    const file = referencePath(name);
    const text = readReferenceText(name);
    fs.writeFileSync(file, 'truncated');
    expect(() => referencePath(name)).toThrow(/is not unpacked/);
    // A new process's view: unpackReference() runs once per process.
    const script = `import { unpackReference } from ${JSON.stringify(path.join(import.meta.dirname, 'index.ts'))}; console.log(await unpackReference());`;
    const written = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(written.trim()).toBe('1');
    expect(readReferenceText(name)).toBe(text);
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
