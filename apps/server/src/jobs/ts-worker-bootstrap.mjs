// Runs a TypeScript worker entry from source (development and tests): registers tsx's loader in
// this thread, then imports the entry named in workerData. The bundle never uses this file.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
