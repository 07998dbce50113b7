import { workerData } from 'node:worker_threads';

/** The thread's input, whether started directly (bundle) or through ts-worker-bootstrap.mjs. */
export function workerInput<T>(): T {
  const data = workerData as { entry?: string; data?: unknown } | null;
  return (data !== null && typeof data === 'object' && 'entry' in data ? data.data : data) as T;
}
