import type { Transferable } from 'node:worker_threads';
import { setCaseSizeReporter } from './engine-failure';
import type { FromWorker, ToWorker } from './worker-protocol';

/** Posts a message back to the queue, with the buffers it hands over. */
export type ThreadPost = (message: FromWorker, transfer?: Transferable[]) => void;

/** What a kind's thread side gets for one message. */
export interface ThreadJob {
  jobId: string;
  post: ThreadPost;
  /** Reports progress (stored and shown while the job runs). */
  progress: (percent: number, stage: string) => void;
}

/**
 * A kind's work inside a worker thread, for one message type (job-handlers.ts): it answers
 * with its reply through `post`. The message is the kind's own (ToWorker narrowed by its type).
 */
export type ThreadJobHandler = (message: ToWorker, thread: ThreadJob) => Promise<void>;

/** Message type → the handler that runs it (the registry's thread side). */
export type ThreadJobHandlers = Readonly<Record<string, ThreadJobHandler>>;

/**
 * One job (or one turn of it) in a worker thread, progress as it goes. A bug in the engine comes
 * back as an 'error' message; a crash of the thread itself is noticed by the queue. Results
 * leave the thread serialised and compressed for storage (issue #16): the API only writes their
 * bytes.
 */
export async function handleJob(
  message: ToWorker,
  post: ThreadPost,
  handlers: ThreadJobHandlers,
): Promise<void> {
  const { jobId } = message;
  setCaseSizeReporter((buses) => post({ type: 'size', jobId, buses }));
  try {
    const handler = handlers[message.type];
    if (handler === undefined) throw new Error(`no job kind handles '${message.type}' messages`);
    await handler(message, {
      jobId,
      post,
      progress: (percent, stage) => post({ type: 'progress', jobId, percent, stage }),
    });
  } catch (error) {
    post({
      type: 'error',
      jobId,
      detail: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  }
}
