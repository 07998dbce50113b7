// Bundles the `holgura` CLI (src/cli/main.ts, the engine and @holgura/contracts, TypeScript
// sources) with its third-party dependencies into dist/holgura.js, so bin/holgura.mjs runs plain
// JavaScript with no loader. Fast enough (well under a second) to run after every `npm ci`.
import { build } from 'esbuild';
import { copyFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';

const outdir = new URL('./dist/', import.meta.url);
rmSync(outdir, { recursive: true, force: true });

await build({
  absWorkingDir: new URL('.', import.meta.url).pathname,
  // The all-busbar capacity's helper thread loads all-busbars-worker.js from beside the CLI.
  entryPoints: {
    holgura: 'src/cli/main.ts',
    'all-busbars-worker': 'src/busbar/all/worker.ts',
    // `holgura hours --all`'s helper threads (src/hours/threads.ts) load hours-worker.js.
    'hours-worker': 'src/hours/hours-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  // CommonJS code inlined into the ESM bundle (commander, xz-decompress) calls require() for
  // Node built-ins.
  banner: {
    js: "import { createRequire as __holguraCreateRequire } from 'node:module'; const require = __holguraCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});

// HiGHS (connection windows, src/window/lp.ts) loads highs.wasm from beside its loader, which the
// bundle inlines: the wasm goes beside dist/holgura.js.
copyFileSync(
  createRequire(import.meta.url).resolve('highs/runtime'),
  new URL('./dist/highs.wasm', import.meta.url),
);
