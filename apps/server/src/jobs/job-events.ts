import { EventEmitter } from 'node:events';
import type { JobStatus } from '@holgura/contracts';

/**
 * Job status changes within this process, for Server-Sent Events. The SSE route also re-reads
 * the database periodically, so a job run by another process is still followed.
 */
export class JobEvents {
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  publish(status: JobStatus): void {
    this.emitter.emit(status.jobId, status);
  }

  subscribe(jobId: string, listener: (status: JobStatus) => void): () => void {
    this.emitter.on(jobId, listener);
    return () => this.emitter.off(jobId, listener);
  }
}
