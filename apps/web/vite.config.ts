import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { constants } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));
const appEntry = fileURLToPath(new URL('./src/main.tsx', import.meta.url));

/**
 * What the app's entry needs before the first paint: the modules it imports statically, taking
 * of each module only the imports its own code uses or that the importer asks for by name
 * through it (lucide-react's and react-query's indexes, es.ts re-export far more than the first
 * paint uses). Filled once the module graph is complete, before chunks are made; the 'app'
 * chunk group below takes exactly these modules.
 */
const firstLoad = new Set<string>();

/** Names asked of a module: some, or all of them. */
type Names = ReadonlySet<string> | 'all';

/** `import … from 'x'`, `export … from 'x'` and `import 'x'`, in a module's transformed code. */
const FROM_STATEMENT =
  /\b(import|export)\s*([\w$*{][\w$*{},\s]*?)?\s*(?:\bfrom\s*)?(["'])([^"'\n]+)\3/g;
/** `export { a, b as c }` of the module's own bindings. */
const LOCAL_EXPORT = /\bexport\s*\{([^}]*)\}(?!\s*from)/g;

/** `a`, `a as b` → [a, b]. */
function aliases(list: string): [string, string][] {
  return list
    .replace(/[{}]/g, '')
    .split(',')
    .map((item) => item.trim().split(/\s+as\s+/))
    .filter((pair): pair is [string] | [string, string] => pair[0] !== undefined && pair[0] !== '')
    .map(([name, alias = name]) => [name, alias]);
}

function asks(names: Names, name: string): boolean {
  return names === 'all' || names.has(name);
}

function mergeNames(known: Names | undefined, more: Names): Names | null {
  if (known === undefined || more === 'all') return known === 'all' ? null : more;
  if (known === 'all' || [...more].every((name) => known.has(name))) return null; // nothing new
  return new Set([...known, ...more]);
}

/**
 * What `target` must give `module` (asked `asked`) for one statement: an import's bindings that
 * the module's code uses or exports under an asked name; a re-export's asked names.
 */
function namesFor(
  kind: string,
  clause: string,
  asked: Names,
  code: string,
  exported: Map<string, string[]>,
): Names {
  const wanted = new Set<string>();
  if (kind === 'export') {
    const star = /^\*\s*(?:as\s+([\w$]+))?$/.exec(clause.trim());
    if (star) return star[1] === undefined ? asked : asks(asked, star[1]) ? 'all' : wanted;
    for (const [name, alias] of aliases(clause)) if (asks(asked, alias)) wanted.add(name);
    return wanted;
  }
  const bindings: [string, string][] = []; // [imported name, local name]
  const [head = '', braces] = clause.split('{');
  const namespace = /\*\s*as\s+([\w$]+)/.exec(head);
  const defaultName = /^\s*([\w$]+)/.exec(head.replace(/\*\s*as\s+[\w$]+/, ''));
  if (defaultName?.[1] !== undefined) bindings.push(['default', defaultName[1]]);
  if (braces !== undefined) bindings.push(...aliases(braces));
  for (const [name, local] of bindings) {
    const used = new RegExp(`(?<![\\w$.])${local.replace(/\$/g, '\\$')}(?![\\w$])`).test(code);
    if (used || (exported.get(local) ?? []).some((alias) => asks(asked, alias))) wanted.add(name);
  }
  if (namespace?.[1] !== undefined) {
    const local = namespace[1];
    const used = new RegExp(`(?<![\\w$.])${local.replace(/\$/g, '\\$')}(?![\\w$])`).test(code);
    if (used || (exported.get(local) ?? []).some((alias) => asks(asked, alias))) return 'all';
  }
  return wanted;
}

function firstLoadGraph(): Plugin {
  return {
    name: 'holgura-first-load-graph',
    apply: 'build',
    async buildEnd() {
      firstLoad.clear();
      const asked = new Map<string, Names>();
      const pending: [string, Names][] = [[appEntry, 'all']];
      for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
        const [id, names] = next;
        const merged = mergeNames(asked.get(id), names);
        if (merged === null) continue;
        asked.set(id, merged);
        firstLoad.add(id);
        const info = this.getModuleInfo(id);
        if (info === null) continue;
        const code = info.code ?? '';
        // The module's own code: without its import and export statements.
        const body = code.replace(FROM_STATEMENT, ' ').replace(LOCAL_EXPORT, ' ');
        const exported = new Map<string, string[]>();
        for (const [, list = ''] of code.matchAll(LOCAL_EXPORT)) {
          for (const [name, alias] of aliases(list))
            exported.set(name, [...(exported.get(name) ?? []), alias]);
        }
        const read = new Set<string>();
        for (const [, kind = '', clause = '', , specifier] of code.matchAll(FROM_STATEMENT)) {
          if (specifier === undefined) continue;
          const target = (await this.resolve(specifier, id).catch(() => null))?.id;
          if (target === undefined || !info.importedIds.includes(target)) continue;
          read.add(target);
          const wanted = namesFor(kind, clause, merged, body, exported);
          // A bare `import 'x'` runs x; a statement whose bindings nobody uses does not need it.
          if (wanted === 'all' || wanted.size > 0 || (kind === 'import' && clause === '')) {
            pending.push([target, wanted]);
          }
        }
        // Whatever the pattern did not read (require, injected helpers) is taken whole.
        for (const dependency of info.importedIds) {
          if (!read.has(dependency)) pending.push([dependency, 'all']);
        }
      }
    },
  };
}

export default defineConfig({
  root,
  plugins: [
    firstLoadGraph(),
    react(),
    tailwindcss(),
    // Brotli and gzip copies of every text asset at maximum effort, once at build time; the
    // server sends them as they are (apps/server/src/http/web-app.ts).
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
        }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      threshold: 1024,
      logLevel: 'silent',
    }),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:8080',
      // The local SAX provider lives in the API server too. It builds its endpoint URLs from the
      // Host header: keep the browser's (5173) so the popup and the token call stay on it. Run
      // the API with PUBLIC_URL=http://localhost:5173 so accounts and SAX trust this origin.
      '/sax': { target: 'http://localhost:8080', changeOrigin: false },
      '/.well-known': 'http://localhost:8080',
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // No modulepreload polyfill (one request less before the first paint): a browser without
    // <link rel="modulepreload"> (Safari before 17) still loads every module, only later.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The contracts' modules only define schemas and constants: importing their index need not
      // run every one of them, so a screen's chunk imports only the modules it uses.
      treeshake: {
        moduleSideEffects: [{ test: /packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false }],
      },
      // Two pages: the app, and the page the SAX popup returns to (it loads only the OIDC client).
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        'sax-popup-callback': fileURLToPath(new URL('./sax-popup-callback.html', import.meta.url)),
      },
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        // Only libraries that load together are grouped; every other dependency lands in the chunk
        // that uses it (or a chunk shared by the lazy chunks that do), so the first paint loads
        // only what it renders (issue #20, docs/performance.md): no catch-all 'vendor' group.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            // Loaded only when needed (sign-in, sign-out, the analysis page), never on the landing.
            {
              name: 'auth-vendor',
              test: /node_modules[\\/](better-auth|@better-auth|@better-fetch|nanostores|defu)[\\/]/,
            },
            // The SAX popup's return page loads only this.
            { name: 'oidc-vendor', test: /node_modules[\\/](oidc-client-ts|jwt-decode)[\\/]/ },
            {
              name: 'forms-vendor',
              test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/,
            },
            {
              name: 'table-vendor',
              test: /node_modules[\\/]@tanstack[\\/](react-table|table-core)[\\/]/,
            },
            // The network view's WebGL renderer: only /analisis and /resultados load it, on demand.
            {
              name: 'network-vendor',
              test: /node_modules[\\/](sigma|graphology[^\\/]*|events)[\\/]/,
            },
            // The job progress stream's parser: only an upload on /analisis loads it.
            { name: 'stream-vendor', test: /node_modules[\\/]eventsource-parser[\\/]/ },
            // The rest of the first load in one file: modules that lazy chunks share with it
            // (an icon, a button) would otherwise become a dozen tiny chunks, each a request
            // before the first paint.
            // Exactly the modules `firstLoad` names: their other dependencies (the icons and strings
            // a module re-exports for lazy screens) stay with the chunks that use them.
            {
              name: 'app',
              test: (id) => firstLoad.has(id) && id !== appEntry,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    root,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/setup.test-support.ts'],
    // Dialog flows with lazy chunks take seconds on a loaded 2-core machine.
    testTimeout: 20_000,
  },
});
