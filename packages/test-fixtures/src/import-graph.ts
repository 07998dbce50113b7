// The import graph of a source folder, for the tests that forbid import circles (the engine's
// packages/engine/test/import-cycles.test.ts and the server's apps/server/src/import-cycles.test.ts).
// ESLint's import-x/no-cycle skips `import type` (and imports whose names are all types) with no
// option to count them (eslint-plugin-import-x 4.18, rules/no-cycle.js), so the graph is built
// from the sources: every `import … from`, `import type`, `export … from`, side-effect import and
// literal `import()` that names a relative path, as TypeScript's own pre-processor reads them.
// A subpath of its own (`@holgura/test-fixtures/import-graph`): the package's index stays plain
// erasable TypeScript with no dependency on the compiler, for the .mjs scripts.
import fs from 'node:fs';
import path from 'node:path';
import * as ts from 'typescript';

const EXTENSIONS = ['.ts', '.mts', '.mjs', '.js'];

export function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return EXTENSIONS.some((ext) => entry.name.endsWith(ext)) && !entry.name.endsWith('.d.ts')
      ? [full]
      : [];
  });
}

/** The file a relative specifier names, as the bundler and tsx resolve it; null if none. */
function resolveSpecifier(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [
    base,
    ...EXTENSIONS.map((ext) => base + ext),
    ...EXTENSIONS.map((ext) => path.join(base, 'index' + ext)),
  ];
  return candidates.find((file) => fs.existsSync(file) && fs.statSync(file).isFile()) ?? null;
}

export function importGraph(
  root: string,
  files: readonly string[],
): {
  edges: Map<string, string[]>;
  unresolved: string[];
} {
  const edges = new Map<string, string[]>();
  const unresolved: string[] = [];
  for (const file of files) {
    const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    const targets = new Set<string>();
    for (const { fileName } of info.importedFiles) {
      if (!fileName.startsWith('./') && !fileName.startsWith('../')) continue;
      const target = resolveSpecifier(file, fileName);
      if (target === null) unresolved.push(`${path.relative(root, file)} → ${fileName}`);
      else if (target.startsWith(root + path.sep)) targets.add(target);
    }
    edges.set(file, [...targets].sort());
  }
  return { edges, unresolved };
}

/**
 * One circle per strongly connected component with more than one file (or a self-import), as
 * paths relative to `root`.
 */
export function circles(root: string, edges: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (edges.get(v) ?? []).includes(v)) {
      found.push(component.map((file) => path.relative(root, file)).sort());
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** The circles among the files under `root`, and the relative imports that name no file. */
export function importCircles(root: string): {
  files: number;
  unresolved: string[];
  circles: string[][];
} {
  const files = sourceFiles(root);
  const { edges, unresolved } = importGraph(root, files);
  return { files: files.length, unresolved, circles: circles(root, edges) };
}
