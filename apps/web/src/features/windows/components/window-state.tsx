import { progressStageText, type WindowState, type WindowSummary } from '@holgura/contracts';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { useJobStatus } from '../../../lib/use-job-status';
import { esWindows } from '../../../strings/es-windows';
import { cn } from '../../../utils/cn';
import { isActive } from '../api/get-windows';

const t = esWindows.state;

const badgeClasses: Record<WindowState, string> = {
  queued: 'bg-slate-100 text-slate-800',
  running: 'bg-sky-100 text-sky-900',
  done: 'bg-green-100 text-green-900',
  failed: 'bg-red-100 text-red-900',
  cancelled: 'bg-amber-100 text-amber-900',
};

export function StateBadge({ state }: { state: WindowState }) {
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
 * A window's state in the list: its badge, live progress while it runs (its job followed), the
 * Spanish error when it failed. `onJobEnded` lets the list read the windows again.
 */
export function WindowStateCell({
  item,
  onJobEnded,
}: {
  item: WindowSummary;
  onJobEnded: () => void;
}) {
  const live = useJobStatus(item.jobId, isActive(item), onJobEnded);
  const state = live?.state ?? item.state;
  const percent = live?.progressPercent ?? item.progressPercent;
  const stage = progressStageText(live?.stage ?? item.stage);
  const error = live?.error ?? item.error;
  const running = state === 'queued' || state === 'running';
  return (
    <div className="min-w-40 space-y-1.5">
      <StateBadge state={state} />
      {running && (
        <div className="space-y-1" aria-live="polite">
          <div className="flex justify-between gap-2 text-xs text-slate-700">
            <span>{stage ?? t[state]}</span>
            <span className="tabular-nums">{percent} %</span>
          </div>
          <ProgressBar label={t.progressLabel(item.name)} percent={percent} text={stage ?? ''} />
        </div>
      )}
      {state === 'failed' && error !== null && (
        <p className="text-xs text-red-800">{error.message}</p>
      )}
    </div>
  );
}
