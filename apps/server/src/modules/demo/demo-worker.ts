import { parentPort } from 'node:worker_threads';
import type { StudyFile } from '@holgura/contracts';
import { buildDemo } from './demo-builder';
import { workerInput } from '../../jobs/worker-input';

// The demo builder's thread (bundled as dist/demo-worker.js): heavy engine work off the event
// loop, so the server answers while the demo data is computed on first start.
const input = workerInput<{
  demoNetwork: Uint8Array;
  studyNetwork: Uint8Array;
  study: StudyFile;
}>();
buildDemo({
  ...input,
  report: (message) => parentPort?.postMessage({ type: 'progress', message }),
}).then(
  (build) => parentPort?.postMessage({ type: 'done', build }),
  (error: unknown) =>
    parentPort?.postMessage({
      type: 'error',
      detail: error instanceof Error ? (error.stack ?? error.message) : String(error),
    }),
);
