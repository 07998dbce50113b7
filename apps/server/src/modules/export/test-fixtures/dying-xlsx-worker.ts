// The spreadsheet thread, except that a table titled 'morir' kills it mid-write (xlsx-thread
// tests: what the API does when its spreadsheet thread dies).
import { parentPort } from 'node:worker_threads';
import '../xlsx-worker';
import type { XlsxRequest } from '../xlsx-worker';

parentPort?.on('message', (request: XlsxRequest) => {
  if (request.payload.title === 'morir') process.exit(7);
});
