import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { circles, importCircles } from '@holgura/test-fixtures/import-graph';

/** No import circle anywhere in the engine's sources, type-only ones included. */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

describe('the engine import graph', () => {
  const graph = importCircles(SRC);

  it('reads the sources and resolves every relative import', () => {
    expect(graph.files).toBeGreaterThan(100);
    expect(graph.unresolved).toEqual([]);
  });

  it('has no circle, type-only imports included', () => {
    expect(graph.circles).toEqual([]);
  });

  it('would see a circle made of type-only imports', () => {
    const a = path.join(SRC, 'a.ts');
    const b = path.join(SRC, 'b.ts');
    const c = path.join(SRC, 'c.ts');
    expect(
      circles(
        SRC,
        new Map([
          [a, [b]],
          [b, [c]],
          [c, [a]],
        ]),
      ),
    ).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    // And ts.preProcessFile lists type-only imports and re-exports.
    const read = ts.preProcessFile(
      "import type { X } from './x';\nexport type { Y } from './y';\nexport * from './z';",
      true,
      true,
    );
    expect(read.importedFiles.map((f) => f.fileName)).toEqual(['./x', './y', './z']);
  });
});
