import type { StudyListItem } from '@holgura/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Info, Plus } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { Notice } from '../../../components/ui/notice';
import { esStudies } from '../../../strings/es-studies';
import { useCancelStudy } from '../api/cancel-study';
import { useDeleteStudy } from '../api/delete-study';
import { isActive, studiesKey, studiesQueryOptions } from '../api/get-studies';
import { DeleteStudyDialog } from './delete-study-dialog';
import { errorText } from '../api/error-text';
import { StudiesTable } from './studies-table';
import { TemplateButton } from './template-button';

const t = esStudies.list;

/** While a study runs the list is read again now and then, besides its job's live stream. */
const ACTIVE_REFETCH_MS = 5000;

/** «Mis estudios»: the user's studies (and the demo), their progress and their actions. */
export function StudiesPage({ userKey }: { userKey: string }) {
  const queryClient = useQueryClient();
  const studies = useQuery({
    ...studiesQueryOptions(userKey),
    refetchInterval: (query) =>
      query.state.data?.some(isActive) === true ? ACTIVE_REFETCH_MS : false,
  });
  const cancel = useCancelStudy(userKey);
  const remove = useDeleteStudy(userKey);
  const [toDelete, setToDelete] = useState<StudyListItem | null>(null);
  const headingRef = useRef<HTMLParagraphElement>(null);
  const totalId = useId();

  const refresh = () => void queryClient.invalidateQueries({ queryKey: studiesKey(userKey) });

  const onCancel = (study: StudyListItem) =>
    cancel.mutate(study.studyId, {
      onSuccess: () => toast.success(t.cancelled),
      onError: (error) => toast.error(t.cancelFailed, { description: errorText(error) }),
    });

  const onConfirmDelete = (study: StudyListItem) =>
    remove.mutate(study.studyId, {
      onSuccess: () => {
        toast.success(t.deleted);
        setToDelete(null);
      },
      onError: (error) => toast.error(t.deleteFailed, { description: errorText(error) }),
    });

  const own = studies.data?.filter((study) => !study.isDemo) ?? [];

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <Card
        titleId="estudios-titulo"
        title={t.heading}
        subtitle={
          studies.isSuccess && (
            <p id={totalId} ref={headingRef} tabIndex={-1} className="text-sm text-slate-600">
              {t.total(studies.data.length)}
            </p>
          )
        }
        actions={
          <Link to="/estudios/nuevo" className={buttonClasses('primary', 'sm')}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            {t.newStudy}
          </Link>
        }
      >
        <div className="mt-4 space-y-4">
          {studies.isPending && <Spinner label={t.loading} className="py-10" />}
          {studies.isError && (
            <Notice tone="error">
              <p>{t.error(errorText(studies.error))}</p>
              <Button variant="outline" size="sm" className="mt-3" onClick={refresh}>
                {t.retry}
              </Button>
            </Notice>
          )}
          {studies.isSuccess && own.length === 0 && <EmptyStudies />}
          {studies.isSuccess && studies.data.length > 0 && (
            <StudiesTable
              studies={studies.data}
              labelledBy={totalId}
              cancellingId={cancel.isPending ? (cancel.variables ?? null) : null}
              onCancel={onCancel}
              onDelete={setToDelete}
              onJobEnded={refresh}
            />
          )}
        </div>
      </Card>
      <DeleteStudyDialog
        study={toDelete}
        deleting={remove.isPending}
        onConfirm={onConfirmDelete}
        onClose={() => setToDelete(null)}
        onCloseAutoFocus={(event) => {
          // The deleted row is gone: focus lands on the list's total instead.
          event.preventDefault();
          headingRef.current?.focus();
        }}
      />
    </div>
  );
}

/** What a study is and how to start one. */
function EmptyStudies() {
  return (
    <div className="flex gap-3 rounded-xl bg-sky-50 p-5 text-slate-800">
      <Info aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-sky-800" />
      <div className="space-y-2 text-sm">
        <p className="text-base font-semibold text-slate-900">{t.empty.title}</p>
        <p>{t.empty.what}</p>
        <p>{t.empty.how}</p>
        <div className="flex flex-wrap gap-2 pt-1">
          <Link to="/estudios/nuevo" className={buttonClasses('primary', 'sm')}>
            {t.newStudy}
          </Link>
          <TemplateButton />
        </div>
      </div>
    </div>
  );
}
