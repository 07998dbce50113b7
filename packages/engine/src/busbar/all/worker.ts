// The helper thread of the all-busbar capacity (threads.ts). From TypeScript sources it is
// started through worker-bootstrap.mjs, which wraps its data; bundled, it is all-busbars-worker.js.
import { workerData } from 'node:worker_threads';
import type { HelperData } from './threads';
import { helperMain } from './threads';

const data = (workerData as { entry?: string; data?: HelperData }).entry
  ? (workerData as { data: HelperData }).data
  : (workerData as HelperData);
void helperMain(data);
