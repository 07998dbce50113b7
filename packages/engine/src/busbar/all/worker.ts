// The helper thread of the all-busbar capacity (all-busbars-threads.ts). From TypeScript
// sources it is started through all-busbars-worker-bootstrap.mjs, which wraps its data.
import { workerData } from 'node:worker_threads';
import type { HelperData } from './all-busbars-threads';
import { helperMain } from './all-busbars-threads';

const data = (workerData as { entry?: string; data?: HelperData }).entry
  ? (workerData as { data: HelperData }).data
  : (workerData as HelperData);
void helperMain(data);
