import type { WindowSummary } from '@holgura/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Info, Plus } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { esWindows } from '../../../strings/es-windows';
import { useDeleteWindow } from '../api/delete-window';
import { errorText } from '../api/error-text';
import { isActive, windowsKey, windowsQueryOptions } from '../api/get-windows';
import { newWindowHref } from '../links';
import { DeleteWindowDialog } from './delete-window-dialog';
import { TemplateButton } from './template-button';
import { WindowsTable } from './windows-table';

const t = esWindows.list;

/** While a window is computed the list is read again now and then, besides its job's stream. */
const ACTIVE_REFETCH_MS = 5000;

/** «Mis ventanas»: the user's windows, their progress, their MW per rule and their actions. */
export function WindowsList({ userKey }: { userKey: string }) {
  const queryClient = useQueryClient();
  const windows = useQuery({
    ...windowsQueryOptions(userKey),
    refetchInterval: (query) =>
      query.state.data?.some(isActive) === true ? ACTIVE_REFETCH_MS : false,
  });
  const remove = useDeleteWindow(userKey);
  const [toDelete, setToDelete] = useState<WindowSummary | null>(null);
  const totalRef = useRef<HTMLParagraphElement>(null);
  const totalId = useId();

  const refresh = () => void queryClient.invalidateQueries({ queryKey: windowsKey(userKey) });

  const onConfirmDelete = (windowId: string) =>
    remove.mutate(windowId, {
      onSuccess: () => {
        toast.success(t.deleted);
        setToDelete(null);
      },
      onError: (error) => toast.error(t.deleteFailed, { description: errorText(error) }),
    });

  return (
    <>
      <Card
        titleId="ventanas-titulo"
        title={t.heading}
        subtitle={
          windows.isSuccess && (
            <p id={totalId} ref={totalRef} tabIndex={-1} className="text-sm text-slate-600">
              {t.total(windows.data.length)}
            </p>
          )
        }
        actions={
          <Link to={newWindowHref} className={buttonClasses('primary', 'sm')}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            {t.newWindow}
          </Link>
        }
      >
        <div className="mt-4 space-y-4">
          {windows.isPending && <Spinner label={t.loading} className="py-10" />}
          {windows.isError && (
            <Notice tone="error">
              <p>{t.error(errorText(windows.error))}</p>
              <Button variant="outline" size="sm" className="mt-3" onClick={refresh}>
                {t.retry}
              </Button>
            </Notice>
          )}
          {windows.isSuccess && windows.data.length === 0 && <EmptyWindows />}
          {windows.isSuccess && windows.data.length > 0 && (
            <WindowsTable
              windows={windows.data}
              labelledBy={totalId}
              onDelete={setToDelete}
              onJobEnded={refresh}
            />
          )}
        </div>
      </Card>
      <DeleteWindowDialog
        item={toDelete}
        deleting={remove.isPending}
        onConfirm={onConfirmDelete}
        onClose={() => setToDelete(null)}
        onCloseAutoFocus={(event) => {
          // The deleted row is gone: focus lands on the list's total instead.
          event.preventDefault();
          totalRef.current?.focus();
        }}
      />
    </>
  );
}

/** What a window is and how to start one. */
function EmptyWindows() {
  return (
    <div className="flex gap-3 rounded-xl bg-sky-50 p-5 text-slate-800">
      <Info aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-sky-800" />
      <div className="space-y-2 text-sm">
        <p className="text-base font-semibold text-slate-900">{t.empty.title}</p>
        <p>{t.empty.what}</p>
        <p>{t.empty.how}</p>
        <div className="flex flex-wrap gap-2 pt-1">
          <Link to={newWindowHref} className={buttonClasses('primary', 'sm')}>
            {t.newWindow}
          </Link>
          <TemplateButton />
        </div>
      </div>
    </div>
  );
}
