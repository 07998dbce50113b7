import { progressStageText, type StudyListItem, type StudyState } from '@holgura/contracts';
import { esStudies } from '../../../strings/es-studies';
import { cn } from '../../../utils/cn';
import { isActive } from '../api/get-studies';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { useJobStatus } from '../../../lib/use-job-status';

const t = esStudies.state;

const badgeClasses: Record<StudyState, string> = {
  queued: 'bg-slate-100 text-slate-800',
  running: 'bg-sky-100 text-sky-900',
  done: 'bg-green-100 text-green-900',
  failed: 'bg-red-100 text-red-900',
  cancelled: 'bg-amber-100 text-amber-900',
};

export function StateBadge({ state }: { state: StudyState }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold',
        badgeClasses[state],
      )}
    >
      {t[state]}
    </span>
  );
}

/**
 * A study's state in the list: its badge, live progress while it runs (its job followed), the
 * Spanish error when it failed. `onJobEnded` lets the list read the study again.
 */
export function StudyStateCell({
  study,
  onJobEnded,
}: {
  study: StudyListItem;
  onJobEnded: () => void;
}) {
  const live = useJobStatus(study.jobId, isActive(study), onJobEnded);
  const state = live?.state ?? study.state;
  const percent = live?.progressPercent ?? study.progressPercent;
  const stage = progressStageText(live?.stage ?? study.stage);
  const error = live?.error ?? study.error;
  const running = state === 'queued' || state === 'running';
  return (
    <div className="min-w-44 space-y-1.5">
      <StateBadge state={state} />
      {running && (
        <div className="space-y-1" aria-live="polite">
          <div className="flex justify-between gap-2 text-xs text-slate-700">
            <span>{stage ?? t[state]}</span>
            <span className="tabular-nums">{percent} %</span>
          </div>
          <ProgressBar label={t.progressLabel(study.name)} percent={percent} text={stage ?? ''} />
          {study.resultsVersion !== null && (
            <p className="text-xs text-slate-600">{t.previousResults(study.resultsVersion)}</p>
          )}
        </div>
      )}
      {state === 'failed' && error !== null && (
        <p className="text-xs text-red-800">{error.message}</p>
      )}
    </div>
  );
}
