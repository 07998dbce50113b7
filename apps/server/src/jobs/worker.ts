import { parentPort } from 'node:worker_threads';
import { handleJob } from './worker-handler';
import type { ToWorker } from './worker-protocol';

// The analysis worker thread's entry (bundled as dist/worker.js).
if (parentPort !== null) {
  const port = parentPort;
  port.on(
    'message',
    (message: ToWorker) =>
      void handleJob(message, (reply, transfer) => port.postMessage(reply, transfer)),
  );
}
