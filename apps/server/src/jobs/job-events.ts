import { EventEmitter } from 'node:events';
import type { JobStatus } from '@holgura/contracts';

/** The channel of every job's changes (job ids are UUIDs, never this). */
const EVERY_JOB = Symbol('every job');

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
    this.emitter.emit(EVERY_JOB, status);
  }

  /** Every job's changes (the worker pool stops a job cancelled in this process at once). */
  subscribeAll(listener: (status: JobStatus) => void): () => void {
    this.emitter.on(EVERY_JOB, listener);
    return () => this.emitter.off(EVERY_JOB, listener);
  }

  subscribe(jobId: string, listener: (status: JobStatus) => void): () => void {
    this.emitter.on(jobId, listener);
    return () => this.emitter.off(jobId, listener);
  }
}
