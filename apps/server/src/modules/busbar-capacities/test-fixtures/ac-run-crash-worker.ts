import { parentPort } from 'node:worker_threads';
import { threadJobHandlers } from '../../../job-handlers';
import { handleJob } from '../../../jobs/worker-handler';
import type { ToWorker } from '../../../jobs/worker-protocol';
import type { AcRunMessage } from '../ac-run-thread';

// A worker thread that dies under every all-bus AC slice of a verification of more than 30
// buses as soon as it is handed one, and works normally
// otherwise: the job must fail with a clear error after its attempts, keeping what earlier
// verifications stored.
if (parentPort !== null) {
  const port = parentPort;
  port.on('message', (message: ToWorker) => {
    const crash = message.type === 'ac-capacity-run' && (message as AcRunMessage).total > 30;
    if (crash) process.exit(3);
    void handleJob(
      message,
      (reply, transfer) => port.postMessage(reply, transfer),
      threadJobHandlers,
    );
  });
}
