// A helper thread of hourlyCapacitiesOnThreads (threads.ts): one part of the buses' years. From
// TypeScript sources it is started through busbar/all/worker-bootstrap.mjs, which wraps its data;
// bundled, it is hours-worker.js.
import { parentPort, workerData } from 'node:worker_threads';
import { hourlyCapacities } from './hourly-capacity';
import type { HoursWorkerAnswer, HoursWorkerData } from './threads';

const data = (workerData as { entry?: string; data?: HoursWorkerData }).entry
  ? (workerData as { data: HoursWorkerData }).data
  : (workerData as HoursWorkerData);
const result = hourlyCapacities(data.net, data.profiles, data.options);
const answer: HoursWorkerAnswer = { results: result.results, skippedBuses: result.skippedBuses };
// The hourly series move, not copied: 8,784 numbers per bus.
parentPort?.postMessage(
  answer,
  result.results.flatMap((r) => [r.capacityMw.buffer, r.limiting.buffer]) as ArrayBuffer[],
);
