import { parentPort } from 'node:worker_threads';
import { handleJob } from '../../../jobs/worker-handler';
import type { ToWorker } from '../../../jobs/worker-protocol';

// A worker thread that dies in the middle of a capacity job's first attempt (at the engine's
// first progress report, after the case is read) and works normally otherwise: the queue must
// retry the job on a fresh thread and its rows must be written once.
if (parentPort !== null) {
  const port = parentPort;
  port.on('message', (message: ToWorker) => {
    const crash = message.type === 'capacity-run' && message.attempt === 1;
    void handleJob(message, (reply, transfer) => {
      if (crash && reply.type === 'progress' && reply.percent > 5) process.exit(3);
      port.postMessage(reply, transfer);
    });
  });
}
