// Bundles the server (and the workspace packages it imports as TypeScript sources) into
// dist/main.js and dist/worker.js. Third-party dependencies stay external and load from node_modules.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const { dependencies } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url)));
const external = Object.keys(dependencies).filter((name) => !name.startsWith('@holgura/'));

await build({
  // The job worker thread is its own file next to main.js (jobs/worker-pool.ts finds it); its
  // entry registers every job kind's thread side (src/job-kinds.ts).
  entryPoints: {
    main: 'src/main.ts',
    worker: 'src/job-worker.ts',
    'worker-main': 'src/worker-main.ts',
    'demo-worker': 'src/modules/demo/demo-worker.ts',
    // Spreadsheets are written off the event loop (modules/export/xlsx-thread.ts).
    'xlsx-worker': 'src/modules/export/xlsx-worker.ts',
    // A study's report (PDF or workbook) is written off the event loop too (issue #29).
    'report-worker': 'src/modules/report/report-worker.ts',
    // Study files are read and checked against their network off the event loop too.
    'study-check-worker': 'src/modules/studies/study-check-worker.ts',
    // All-busbar capacity's helper thread (engine busbar/all/threads.ts finds it beside the
    // bundle that runs the engine).
    'all-busbars-worker': '../../packages/engine/src/busbar/all/worker.ts',
    // A case's generators for the study-group picker, read off the event loop (issue #21).
    'catalog-worker': 'src/modules/analyses/catalog-worker.ts',
    // One bus's AC check, off the event loop (issue #25).
    'ac-check-worker': 'src/modules/busbar-capacities/ac-check-worker.ts',
    // A contingency definitions file read against its case, off the event loop (issue #30).
    'contingency-set-worker': 'src/modules/contingency-sets/contingency-set-worker.ts',
    // A case's short-circuit strength, off the event loop (issue #31).
    'short-circuit-worker': 'src/modules/short-circuit/short-circuit-worker.ts',
    // A case's hourly profiles and a bus's year of hours, off the event loop (issue #32).
    'hourly-capacity-worker': 'src/modules/hourly-capacity/hourly-capacity-worker.ts',
    // The all-bus AC verification's second thread (issue #31: busbar-capacities/ac-run-thread.ts
    // finds it beside worker.js).
    'ac-run-helper': 'src/modules/busbar-capacities/ac-run-helper.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  // CommonJS code inlined into the ESM bundle (xz-decompress) calls require() for Node built-ins.
  banner: {
    js: "import { createRequire as __holguraCreateRequire } from 'node:module'; const require = __holguraCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
