import { asReferenceFile, readReferenceText, referenceFiles } from '@holgura/test-fixtures';
import { describe, expect, it } from 'vitest';
import { readPsse } from '../../src/io/psse';

const DIRS = ['raw/', 'unscored/raw/'];

// MATPOWER's tokenizer torture test t_psse_case.raw is not a network, nor a fixture:
// tokenize.test.ts has its lines.
const rawFiles = DIRS.flatMap((dir) =>
  referenceFiles(dir)
    .filter((path) => /\.raw$/i.test(path))
    .map((path) => ({ dir, path, file: path.slice(dir.length) })),
);

describe('every RAW file in the reference folders parses', () => {
  it('has RAW files in both folders', () => {
    for (const dir of DIRS) {
      expect(rawFiles.filter((f) => f.dir === dir).length, dir).toBeGreaterThan(0);
    }
  });

  for (const { path, file } of rawFiles) {
    it(`${file}`, () => {
      const c = readPsse(readReferenceText(path, 'latin1'));
      const n = c.network;
      expect(n.buses.count).toBeGreaterThan(0);
      // Every branch end is a bus of the network and every reactance is finite.
      for (let k = 0; k < n.branches.count; k++) {
        expect(n.branches.fromBus[k]).toBeLessThan(n.buses.count);
        expect(Number.isFinite(n.branches.xPu[k])).toBe(true);
      }
      const byCode = new Map<string, number>();
      for (const w of c.warnings) byCode.set(w.code, (byCode.get(w.code) ?? 0) + 1);
      console.info(
        `${file}: rev ${c.revision}, ${n.buses.count} buses, ${n.branches.count} branches, ` +
          `${n.generators.count} generators; warnings ${JSON.stringify(Object.fromEntries(byCode))}`,
      );
      for (const w of c.warnings) expect(w.line).toBeGreaterThan(0);
    });
  }

  it('revisions are read from REV, or from the comment when REV is absent (rev 29)', () => {
    const rev = (f: string): number =>
      readPsse(readReferenceText(asReferenceFile(`raw/${f}`), 'latin1')).revision;
    expect(rev('t_psse_case2.raw')).toBe(29);
    expect(rev('t_psse_case3.raw')).toBe(30);
    expect(rev('IEEE_14_bus.raw')).toBe(32);
    expect(rev('ACTIVSg2000.RAW')).toBe(33);
    expect(rev('ieee-14-bus_d_rename_lodf.raw')).toBe(34);
    expect(rev('IEEE_14_v35_3_nudox.raw')).toBe(35);
  });

  it('ACTIVSg2000.RAW (1.2 MB) parses in under 300 ms (median of 5)', () => {
    const text = readReferenceText('raw/ACTIVSg2000.RAW', 'latin1');
    readPsse(text);
    const times: number[] = [];
    for (let k = 0; k < 5; k++) {
      const t0 = performance.now();
      readPsse(text);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    console.info(
      `ACTIVSg2000.RAW parse: median ${times[2].toFixed(1)} ms, min ${times[0].toFixed(1)} ms`,
    );
    expect(times[2]).toBeLessThan(300);
  });
});
