import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCircles } from '@holgura/test-fixtures/import-graph';

/**
 * No import circle anywhere in the server's sources, type-only ones included (issue #27); the
 * graph is the engine's check's (packages/engine/test/import-cycles.test.ts, which also shows
 * that a circle of type-only imports is seen).
 */
const SRC = path.dirname(fileURLToPath(import.meta.url));

describe('the server import graph', () => {
  const graph = importCircles(SRC);

  it('reads the sources and resolves every relative import', () => {
    expect(graph.files).toBeGreaterThan(100);
    expect(graph.unresolved).toEqual([]);
  });

  it('has no circle, type-only imports included', () => {
    expect(graph.circles).toEqual([]);
  });
});
