import { threadJobHandlers } from './job-handlers';
import { serveJobs } from './jobs/worker';

// The job worker thread's entry (bundled as dist/worker.js; jobs/worker-pool.ts starts it): every
// registered kind's thread side.
serveJobs(threadJobHandlers);
