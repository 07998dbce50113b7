import type { BusbarCapacityPageResponse } from '@holgura/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { cancelJob } from '../../lib/job-progress';
import { useJobStatus } from '../../lib/use-job-status';
import { esBusbarCapacities } from '../../strings/es-busbar-capacities';
import { formatInteger } from '../../utils/format';
import { Button } from '../ui/button';
import { JobProgress } from '../ui/job-progress';
import { Notice } from '../ui/notice';
import { capacityQueriesKey, requestAcRun } from './api';
import type { CapacityTableState } from './table-state';

const t = esBusbarCapacities;

/** While the verification runs, the table is read again this often: its buses appear as stored. */
export const AC_ALL_REFRESH_MS = 5000;

/** A duration as a planner reads it: «40 s», «4 min», «2 h 45 min». */
export function durationWords(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/**
 * «Verificar todas en AC» (issue #31): every bus of the table (its figure and filters) not yet
 * verified, verified in AC by a background job, with what it would take before it is asked; its
 * progress («AC: 340 de 2.000 barras») and a way to stop it while it runs, the table read again
 * as its buses are stored; after a failure or a cancel, what stayed verified. An uploaded case's
 * only (the page's `acAll`).
 */
export function AcAllPanel({
  caseId,
  state,
  data,
}: {
  caseId: string;
  state: CapacityTableState;
  data: BusbarCapacityPageResponse;
}) {
  const client = useQueryClient();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: capacityQueriesKey(caseId) });
    // The map colours by the verified variable too.
    void client.invalidateQueries({ queryKey: ['network', 'capacity-map', caseId] });
  };
  const run = data.acRun ?? null;
  const estimate = data.acAll ?? null;
  const running = run !== null && (run.state === 'pending' || run.state === 'running');
  /** A job just asked for, before the page read again shows it. */
  const [asked, setAsked] = useState<string | null>(null);
  const jobId = running ? run.jobId : asked;
  const job = useJobStatus(jobId, jobId !== null, () => {
    setAsked(null);
    refresh();
  });
  // The rows verified so far show up as the job goes.
  const refreshedAt = useRef(0);
  const stage = job?.stage ?? null;
  useEffect(() => {
    if (stage === null || Date.now() - refreshedAt.current < AC_ALL_REFRESH_MS) return;
    refreshedAt.current = Date.now();
    void client.invalidateQueries({ queryKey: capacityQueriesKey(caseId) });
  }, [stage, client, caseId]);
  const request = useMutation({
    mutationFn: () => requestAcRun(caseId, state),
    onSuccess: (answer) => {
      setAsked(answer.jobId);
      refresh();
    },
  });
  const [cancelling, setCancelling] = useState(false);
  const cancel = (id: string) => {
    setCancelling(true);
    cancelJob(id).then(
      () => setCancelling(false),
      (error: unknown) => {
        setCancelling(false);
        toast.error(t.acAllCancelFailed(error instanceof Error ? error.message : String(error)));
      },
    );
  };
  if (estimate === null) return null;

  const limitSeconds = estimate.limitMinutes * 60;
  const tooLong = estimate.seconds > limitSeconds;
  const active = jobId !== null;
  const figureWord = (run?.figure ?? state.figure) === 'strict' ? t.strict : t.attributable;
  const kept =
    run === null ? '' : t.acAllKept(formatInteger(run.verified), formatInteger(run.total));

  return (
    <section
      aria-labelledby="verificacion-ac-todas-titulo"
      className="rounded-xl border border-slate-200 p-4"
      data-testid="ac-all"
      data-state={active ? 'running' : (run?.state ?? 'none')}
    >
      <h3 id="verificacion-ac-todas-titulo" className="text-sm font-semibold text-slate-900">
        {t.acAllTitle}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{t.acAllHelp}</p>
      {active ? (
        <JobProgress
          job={
            job ?? {
              state: run?.state === 'running' ? 'running' : 'queued',
              stage: run?.stage ?? null,
              progressPercent: run?.progressPercent ?? 0,
              error: null,
            }
          }
          label={t.acAllProgressLabel}
          failedTitle={t.acAllFailedTitle}
          queued={t.acAllQueued}
          running={t.acAllRunning}
          cancel={{ onCancel: () => cancel(jobId), busy: cancelling }}
        />
      ) : (
        <>
          {run?.state === 'failed' && (
            <Notice tone="error" title={t.acAllFailedTitle} className="mt-3">
              {`${run.error?.message ?? ''} ${kept}`.trim()}
            </Notice>
          )}
          {run?.state === 'cancelled' && (
            <Notice tone="warning" className="mt-3">
              {`${t.acAllCancelled} ${kept}`}
            </Notice>
          )}
          {run?.state === 'done' && (
            <p className="mt-3 text-sm text-slate-700" data-testid="ac-all-done">
              {t.acAllDone(formatInteger(run.verified), figureWord.toLowerCase())}
            </p>
          )}
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <Button
              size="sm"
              onClick={() => request.mutate()}
              disabled={request.isPending || estimate.buses === 0 || tooLong}
              aria-describedby="verificacion-ac-todas-estimacion"
            >
              <ShieldCheck aria-hidden="true" className="h-4 w-4" />
              {request.isPending ? t.acAllStarting : t.acAll}
            </Button>
            <p
              id="verificacion-ac-todas-estimacion"
              className="text-sm text-slate-700"
              data-testid="ac-all-estimate"
            >
              {estimate.buses === 0
                ? t.acAllNothing
                : `${t.acAllBuses(estimate.buses, formatInteger(estimate.buses))} ${t.acAllFiltered} · ${t.acAllEstimate(durationWords(estimate.seconds))}`}
            </p>
          </div>
          {tooLong && estimate.buses > 0 && (
            <Notice tone="warning" className="mt-3">
              {t.acAllTooLong(
                durationWords(estimate.seconds),
                formatInteger(estimate.limitMinutes),
              )}
            </Notice>
          )}
          {request.isError && (
            <Notice tone="error" className="mt-3">
              {t.acAllError(request.error.message)}
            </Notice>
          )}
        </>
      )}
    </section>
  );
}
