import { parentPort } from 'node:worker_threads';
import { threadJobHandlers } from '../../job-handlers';
import { handleJob } from '../worker-handler';
import type { ToWorker } from '../worker-protocol';

// A worker thread that dies on a job's first attempt and works normally after: the queue must
// retry the job on a fresh thread and write its result once.
if (parentPort !== null) {
  const port = parentPort;
  port.on('message', (message: ToWorker) => {
    if (message.type === 'run' && (message as ToWorker & { attempt: number }).attempt === 1) {
      process.exit(3);
    }
    void handleJob(message, (reply) => port.postMessage(reply), threadJobHandlers);
  });
}
