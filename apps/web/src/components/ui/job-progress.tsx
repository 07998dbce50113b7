import { progressStageText, type JobStatus } from '@holgura/contracts';
import { es } from '../../strings/es';
import { cn } from '../../utils/cn';
import { Button } from './button';

const t = es.jobs;

type JobProgressProps = {
  job: Pick<JobStatus, 'state' | 'stage' | 'progressPercent' | 'error'> &
    Partial<Pick<JobStatus, 'queuePosition'>>;
  /** The progress bar's name. */
  label: string;
  /** Shown in place of the stage when the job failed. */
  failedTitle: string;
  /** Shown while the job has no stage of its own. */
  queued: string;
  running: string;
  /** A button that stops the job while it is queued or running (issue #26). */
  cancel?: { onCancel: () => void; busy: boolean };
};

/** A job's progress (an upload's analysis, a group's run): stage, %, bar, and its error. */
export function JobProgress({
  job,
  label,
  failedTitle,
  queued,
  running,
  cancel,
}: JobProgressProps) {
  const failed = job.state === 'failed';
  const position = job.state === 'queued' ? (job.queuePosition ?? null) : null;
  const stage =
    job.state === 'cancelled'
      ? t.cancelled
      : (progressStageText(job.stage) ??
        (job.state === 'queued'
          ? position === null
            ? queued
            : `${queued} · ${t.queuePosition(position)}`
          : job.state === 'running'
            ? running
            : ''));
  const stoppable = job.state === 'queued' || job.state === 'running';
  return (
    <div className="mt-4 space-y-2" aria-live="polite">
      <div className="flex justify-between text-sm">
        <span className={cn('font-medium', failed ? 'text-red-700' : 'text-slate-700')}>
          {failed ? failedTitle : stage}
        </span>
        <span className="tabular-nums text-slate-600">{job.progressPercent} %</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={job.progressPercent}
        aria-valuetext={`${job.progressPercent} % ${stage}`.trim()}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={cn(
            'h-full rounded-full transition-all motion-reduce:transition-none',
            failed ? 'bg-red-600' : 'bg-sky-600',
          )}
          style={{ width: `${job.progressPercent}%` }}
        />
      </div>
      {failed && job.error !== null && (
        <p role="alert" className="text-sm text-red-700">
          {job.error.message}
        </p>
      )}
      {cancel !== undefined && stoppable && (
        <Button
          variant="ghost"
          size="sm"
          onClick={cancel.onCancel}
          disabled={cancel.busy}
          aria-busy={cancel.busy}
        >
          {cancel.busy ? t.cancelling : t.cancel}
        </Button>
      )}
    </div>
  );
}
