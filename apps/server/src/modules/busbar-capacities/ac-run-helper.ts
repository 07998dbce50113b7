// The second thread of an all-bus AC slice (ac-run-thread.ts starts one per slice): it verifies
// its half of the buses and reports each on the port it is handed.
import os from 'node:os';
import { parentPort, type MessagePort } from 'node:worker_threads';
import { isEngineError } from '@holgura/engine';
import { engineFailure } from '../../jobs/engine-failure';
import { ANALYSIS_THREAD_NICENESS } from '../../jobs/worker';
import { caseOf, verifyBuses, type AcSliceRequest } from './ac-run-compute';
import type { HelperMessage } from './ac-run-thread';

if (parentPort !== null) {
  // Batch work, as the job thread that starts it: the API's event loop goes first.
  try {
    os.setPriority(ANALYSIS_THREAD_NICENESS);
  } catch {
    // Not permitted here: the thread runs at the process's priority.
  }
  parentPort.once(
    'message',
    ({ port, request }: { port: MessagePort; request: AcSliceRequest }) => {
      const post = (message: HelperMessage) => port.postMessage(message);
      void (async () => {
        try {
          const read = await caseOf(request);
          let done = 0;
          const results = verifyBuses(read, request, () => post({ type: 'bus', done: ++done }));
          post({ type: 'done', results });
        } catch (error) {
          post(
            isEngineError(error)
              ? { type: 'failed', failure: engineFailure(error) }
              : {
                  type: 'bug',
                  detail: error instanceof Error ? (error.stack ?? error.message) : String(error),
                },
          );
        }
      })();
    },
  );
}
