import {
  MessageChannel,
  receiveMessageOnPort,
  type MessagePort,
  type Worker,
} from 'node:worker_threads';
import { progressStage } from '@holgura/contracts';
import { engineFailure, type EngineFailure } from '../../jobs/engine-failure';
import type { ThreadJobHandler } from '../../jobs/job-kinds';
import { spawnWorker } from '../../jobs/worker-pool';
import { caseOf, verifyBuses, type AcSliceRequest, type VerifiedBus } from './ac-run-compute';
import type { CapacityRunOptions } from './busbar-capacities';

/**
 * An 'ac-capacity' job's message (issue #31): one slice of the buses to verify in AC. `done` of
 * `total` are stored before it (the progress counts on from there).
 */
export interface AcRunMessage {
  type: 'ac-capacity-run';
  jobId: string;
  attempt: number;
  /** The upload's content key: the threads keep the last case read. */
  key: string;
  bytes: Uint8Array;
  options: CapacityRunOptions;
  figure: 'attributable' | 'strict';
  buses: number[];
  done: number;
  total: number;
}

export type AcRunOutcome =
  | {
      ok: true;
      results: VerifiedBus[];
      /** Threads that verified the slice: 2, or 1 when the helper could not (its buses redone). */
      threads: 1 | 2;
    }
  | EngineFailure;

export interface AcRunDoneReply {
  type: 'ac-capacity-done';
  jobId: string;
  outcome: AcRunOutcome;
}

/** What the helper thread (ac-run-helper.ts) posts on its port. */
export type HelperMessage =
  | { type: 'bus'; done: number }
  | { type: 'done'; results: VerifiedBus[] }
  | { type: 'failed'; failure: EngineFailure }
  | { type: 'bug'; detail: string };

/** Source (tsx, Vitest) runs ac-run-helper.ts; the bundle its dist/ .js beside worker.js. */
function helperUrl(): URL {
  return import.meta.url.endsWith('.ts')
    ? new URL('./ac-run-helper.ts', import.meta.url)
    : new URL('./ac-run-helper.js', import.meta.url);
}

/** Progress is a database write: at most one a second, and the slice's last. */
const PROGRESS_EVERY_MS = 1000;

/** The calling thread's handle on the helper of one slice. */
interface Helper {
  /** Reads what the helper posted so far, without waiting (the calling thread is busy). */
  drain(): void;
  /** Buses the helper has verified so far. */
  done(): number;
  /** Waits for the helper's answer; 'lost' when it died (or never started) without one. */
  finish(
    onProgress: () => void,
  ): Promise<Extract<HelperMessage, { type: 'done' | 'failed' }> | 'lost'>;
  close(): void;
}

function startHelper(request: AcSliceRequest, url: URL): Helper | null {
  const channel = new MessageChannel();
  let worker: Worker;
  try {
    worker = spawnWorker(url);
  } catch {
    return null;
  }
  let exited = false;
  // Errors arrive on the event loop, which the calling thread does not return to while it
  // works: they only mark the helper lost.
  worker.on('error', () => (exited = true));
  worker.once('exit', () => (exited = true));
  const port: MessagePort = channel.port1;
  const bytes = request.bytes.slice();
  worker.postMessage({ port: channel.port2, request: { ...request, bytes } }, [
    channel.port2,
    bytes.buffer as ArrayBuffer,
  ]);
  let done = 0;
  let answer: Extract<HelperMessage, { type: 'done' | 'failed' }> | 'lost' | null = null;
  const take = (message: HelperMessage) => {
    if (message.type === 'bus') done = message.done;
    else if (message.type === 'bug') answer = 'lost';
    else answer = message;
  };
  const drain = () => {
    for (let m = receiveMessageOnPort(port); m !== undefined; m = receiveMessageOnPort(port)) {
      take(m.message as HelperMessage);
    }
  };
  return {
    drain,
    done: () => done,
    async finish(onProgress) {
      for (;;) {
        drain();
        onProgress();
        if (answer !== null) return answer;
        if (exited) {
          drain();
          return answer ?? 'lost';
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    close() {
      port.close();
      void worker.terminate();
    },
  };
}

/**
 * One slice of the all-bus AC verification on two threads (issue #31): this job thread and a
 * helper each verify half of the buses (alternate ones, so both halves cost about the same),
 * the helper's progress read between this thread's buses. Nothing depends on the helper: if it
 * cannot start or dies, this thread verifies its buses too. Engine errors are the outcome.
 */
export async function verifySlice(
  run: AcRunMessage,
  report: (percent: number, stage: string) => void,
  /** The helper's entry (tests: one that dies). */
  helperEntry: URL = helperUrl(),
): Promise<AcRunOutcome> {
  let helper: Helper | null = null;
  try {
    const read = await caseOf(run);
    const request: AcSliceRequest = {
      key: run.key,
      bytes: run.bytes,
      options: run.options,
      figure: run.figure,
      buses: run.buses,
    };
    const mine = run.buses.filter((_, i) => i % 2 === 0);
    const theirs = run.buses.filter((_, i) => i % 2 === 1);
    helper = theirs.length === 0 ? null : startHelper({ ...request, buses: theirs }, helperEntry);
    let own = 0;
    let theirsDone = () => helper?.done() ?? 0;
    let last = 0;
    const progress = (force = false) => {
      const done = run.done + own + theirsDone();
      const now = performance.now();
      if (!force && now - last < PROGRESS_EVERY_MS) return;
      last = now;
      const percent = run.total === 0 ? 0 : Math.min(99, Math.floor((100 * done) / run.total));
      report(percent, progressStage.acCapacities(Math.min(done, run.total), run.total));
    };
    const onBus = () => {
      own++;
      helper?.drain();
      progress();
    };
    const results = verifyBuses(
      read,
      { ...request, buses: helper === null ? run.buses : mine },
      onBus,
    );
    let threads: 1 | 2 = 1;
    if (helper !== null) {
      const answer = await helper.finish(() => progress());
      if (answer === 'lost') {
        // The helper's buses, on this thread (what it had done is lost with it).
        theirsDone = () => 0;
        results.push(...verifyBuses(read, { ...request, buses: theirs }, onBus));
      } else if (answer.type === 'failed') {
        return answer.failure;
      } else {
        results.push(...answer.results);
        threads = 2;
      }
    }
    progress(true);
    return { ok: true, results, threads };
  } catch (error) {
    return engineFailure(error);
  } finally {
    helper?.close();
  }
}

/** The thread side of an 'ac-capacity' job: one slice verified, its buses handed back. */
export const runAcCapacitiesInThread: ThreadJobHandler = async (message, thread) => {
  const run = message as AcRunMessage;
  const outcome = await verifySlice(run, thread.progress);
  thread.post({
    type: 'ac-capacity-done',
    jobId: thread.jobId,
    outcome,
  } satisfies AcRunDoneReply as AcRunDoneReply);
};
