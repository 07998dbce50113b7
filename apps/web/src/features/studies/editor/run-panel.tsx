import { progressStageText, type JobStatus } from '@holgura/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonClasses } from '../../../components/ui/button';
import { esStudies } from '../../../strings/es-studies';
import { useCancelStudy } from '../api/cancel-study';
import { errorText } from '../api/error-text';
import { studiesKey } from '../api/get-studies';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { resultsHref } from '../components/study-actions';
import { useJobStatus } from '../../../lib/use-job-status';

const t = esStudies.run;

type RunPanelProps = { userKey: string; studyId: string; jobId: string };

/** The study's job, live: cases built and busbars done, «Cancelar», then where to go next. */
export function RunPanel({ userKey, studyId, jobId }: RunPanelProps) {
  const queryClient = useQueryClient();
  const [final, setFinal] = useState<JobStatus | null | undefined>(undefined);
  const status = useJobStatus(jobId, final === undefined, (ended) => {
    setFinal(ended);
    void queryClient.invalidateQueries({ queryKey: studiesKey(userKey) });
  });
  const cancel = useCancelStudy(userKey);
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  const shown = final ?? status;
  const state = shown?.state ?? 'queued';
  const percent = shown?.progressPercent ?? 0;
  const stage =
    progressStageText(shown?.stage ?? null) ?? (state === 'queued' ? t.queued : t.running);
  const running = final === undefined;

  return (
    <section
      aria-labelledby={titleId}
      data-testid="study-run"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
    >
      <h3
        id={titleId}
        ref={headingRef}
        tabIndex={-1}
        className="text-base font-semibold text-slate-900 focus:outline-none"
      >
        {t.title}
      </h3>
      <div aria-live="polite" className="flex justify-between gap-3 text-sm text-slate-700">
        <span data-testid="study-stage">{running ? stage : ''}</span>
        <span className="tabular-nums">{percent} %</span>
      </div>
      <ProgressBar
        label={t.progressLabel}
        percent={percent}
        text={running ? stage : ''}
        failed={state === 'failed'}
      />
      {running && (
        <Button
          variant="outline"
          size="sm"
          disabled={cancel.isPending}
          onClick={() =>
            cancel.mutate(studyId, {
              onError: (error) =>
                toast.error(esStudies.list.cancelFailed, { description: errorText(error) }),
            })
          }
        >
          {cancel.isPending ? t.cancelling : t.cancel}
        </Button>
      )}
      {!running && (
        <div role={state === 'failed' || final === null ? 'alert' : 'status'} className="space-y-3">
          {state === 'done' && final !== null && (
            <p className="font-semibold text-green-800">{t.done}</p>
          )}
          {state === 'failed' && (
            <p className="text-red-800">
              <span className="font-semibold">{t.failed}: </span>
              {shown?.error?.message}
            </p>
          )}
          {state === 'cancelled' && <p className="text-amber-900">{t.cancelled}</p>}
          {final === null && <p className="text-red-800">{t.lost}</p>}
        </div>
      )}
      {!running && (
        <div className="flex flex-wrap gap-2">
          {state === 'done' && final !== null && (
            <Link to={resultsHref(studyId)} className={buttonClasses('primary', 'sm')}>
              {t.results}
            </Link>
          )}
          <Link to="/estudios" className={buttonClasses('outline', 'sm')}>
            {t.list}
          </Link>
        </div>
      )}
    </section>
  );
}
