import type { JobStatus, WindowDetailResponse } from '@holgura/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { JobProgress } from '../../../components/ui/job-progress';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { cancelJob } from '../../../lib/job-progress';
import { useJobStatus } from '../../../lib/use-job-status';
import { es } from '../../../strings/es';
import { esWindows } from '../../../strings/es-windows';
import { formatDateTime, formatNumber } from '../../../utils/format';
import { useDeleteWindow } from '../api/delete-window';
import { errorText } from '../api/error-text';
import { windowQueryOptions } from '../api/get-window';
import { isActive, windowsKey } from '../api/get-windows';
import { listHref } from '../links';
import { contingencyLines } from '../model/contingencies';
import { mwText } from '../model/explanation';
import { DeleteWindowDialog } from './delete-window-dialog';
import { StateBadge } from './window-state';
import { WindowResult } from './window-result';
import { WithdrawalComparison } from './withdrawal-comparison';

const t = esWindows.view;
const o = esWindows.form.options;

/** While the window is computed it is read again now and then, besides its job's stream. */
const ACTIVE_REFETCH_MS = 5000;

/**
 * One window: what it is (case, requests, options), its progress while it is computed, then the
 * three rules side by side, its requests with their awards and explanations, and its downloads.
 */
export function WindowView({ userKey, windowId }: { userKey: string; windowId: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const detail = useQuery({
    ...windowQueryOptions(userKey, windowId),
    refetchInterval: (query) =>
      query.state.data !== undefined && isActive(query.state.data) ? ACTIVE_REFETCH_MS : false,
  });
  const remove = useDeleteWindow(userKey);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const onConfirmDelete = (id: string) =>
    remove.mutate(id, {
      onSuccess: () => {
        toast.success(esWindows.list.deleted);
        setConfirmDelete(false);
        queryClient.removeQueries({ queryKey: windowQueryOptions(userKey, id).queryKey });
        void navigate(listHref);
      },
      onError: (error) =>
        toast.error(esWindows.list.deleteFailed, { description: errorText(error) }),
    });

  const back = (
    <Link to={listHref} className={buttonClasses('outline', 'sm')}>
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      {t.backToList}
    </Link>
  );

  if (detail.isPending) return <Spinner label={t.loading} className="py-16" />;
  if (detail.isError) {
    return (
      <div className="space-y-4">
        <Notice tone="error">{t.error(errorText(detail.error))}</Notice>
        {back}
      </div>
    );
  }
  const item = detail.data;
  const contingencies = contingencyLines(item);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <div className="flex flex-wrap items-center gap-3">
            <h2 className="text-2xl font-bold text-slate-900">{item.name}</h2>
            <StateBadge state={item.state} />
          </div>
          <p className="text-sm text-slate-700">
            {item.study
              ? t.metaStudy(
                  item.caseName,
                  item.study.version,
                  item.study.cases,
                  item.requestCount,
                  mwText(item.requestedMw),
                  formatDateTime(item.createdAt),
                )
              : t.meta(
                  item.caseName,
                  item.requestCount,
                  mwText(item.requestedMw),
                  formatDateTime(item.createdAt),
                )}
          </p>
          <p className="text-xs text-slate-600">
            {t.optionsLine(
              t.preExisting[item.options.preExisting],
              o.ratings[item.options.postContingencyRating],
              formatNumber(item.options.distributionFactorCutoff, 4),
            )}
          </p>
          <p className="text-xs text-slate-600" data-testid="window-contingencies">
            {contingencies.line}
          </p>
          {contingencies.interfaces !== null && (
            <p className="text-xs text-amber-900" data-testid="window-interfaces-not-watched">
              {contingencies.interfaces}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          {back}
          <Button
            variant="ghost"
            size="sm"
            className="text-red-800 hover:bg-red-50 hover:text-red-900"
            onClick={() => setConfirmDelete(true)}
          >
            {t.delete}
          </Button>
        </div>
      </div>

      {item.withdrawal !== null && (
        <WithdrawalComparison userKey={userKey} item={item} withdrawal={item.withdrawal} />
      )}

      <WindowBody
        userKey={userKey}
        item={item}
        onJobEnded={() => {
          void queryClient.invalidateQueries({ queryKey: windowsKey(userKey) });
        }}
      />

      <DeleteWindowDialog
        item={confirmDelete ? item : null}
        deleting={remove.isPending}
        onConfirm={onConfirmDelete}
        onClose={() => setConfirmDelete(false)}
      />
    </div>
  );
}

/** Progress while queued or running, the failure, or the result. */
function WindowBody({
  userKey,
  item,
  onJobEnded,
}: {
  userKey: string;
  item: WindowDetailResponse;
  onJobEnded: (final: JobStatus | null) => void;
}) {
  const active = isActive(item);
  const [lost, setLost] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const cancel = () => {
    setCancelling(true);
    cancelJob(item.jobId).then(
      () => {
        setCancelling(false);
        toast.success(es.jobs.cancelledToast);
      },
      (error: unknown) => {
        setCancelling(false);
        toast.error(es.jobs.cancelFailed(errorText(error)));
      },
    );
  };
  const live = useJobStatus(item.jobId, active, (final) => {
    if (final === null) setLost(true);
    onJobEnded(final);
  });
  if (active) {
    const job = live ?? {
      state: item.state,
      stage: item.stage,
      progressPercent: item.progressPercent,
      error: item.error,
    };
    return (
      <Card titleId="ventana-progreso" title={t.progressTitle}>
        <JobProgress
          job={job}
          label={esWindows.state.progressLabel(item.name)}
          failedTitle={t.failedTitle}
          queued={t.queued}
          running={t.running}
          cancel={{ onCancel: cancel, busy: cancelling }}
        />
        {lost && (
          <p role="alert" className="mt-3 text-sm text-red-800">
            {t.lost}
          </p>
        )}
      </Card>
    );
  }
  if (item.state === 'failed') {
    return (
      <Notice tone="error" title={t.failedTitle}>
        {item.error?.message}
      </Notice>
    );
  }
  if (item.state === 'cancelled') return <Notice tone="warning">{t.cancelled}</Notice>;
  if (item.result === null) return <Notice tone="warning">{t.noResult}</Notice>;
  return (
    <WindowResult
      userKey={userKey}
      windowId={item.windowId}
      network={
        item.caseId !== null
          ? { caseId: item.caseId }
          : item.study
            ? { studyId: item.study.studyId, version: item.study.version }
            : null
      }
      result={item.result}
    />
  );
}
