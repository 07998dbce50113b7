import { parentPort } from 'node:worker_threads';
import { threadJobHandlers } from '../../../job-handlers';
import { handleJob } from '../../../jobs/worker-handler';
import type { ThreadStatus, ToWorker } from '../../../jobs/worker-protocol';

// A worker thread that dies in the middle of a capacity job's first attempt (at the engine's
// first progress report, after the case is read) and works normally otherwise: the queue must
// retry the job on a fresh thread and its rows must be written once.
if (parentPort !== null) {
  const port = parentPort;
  port.on('message', (message: ToWorker) => {
    const crash =
      message.type === 'capacity-run' && (message as ToWorker & { attempt: number }).attempt === 1;
    void handleJob(
      message,
      (reply, transfer) => {
        const status = reply as ThreadStatus;
        if (crash && status.type === 'progress' && status.percent > 5) process.exit(3);
        port.postMessage(reply, transfer);
      },
      threadJobHandlers,
    );
  });
}
