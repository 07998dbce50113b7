// Starts the all-busbar helper thread from TypeScript sources (tsx, Vitest): registers tsx's
// loader in this thread, unless it came with the parent's options (a process run by tsx), then
// imports the entry named in workerData. Bundles never use this file.
import { workerData } from 'node:worker_threads';

if (!process.execArgv.some((a) => a.includes('tsx'))) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(workerData.entry);
