import type { StudyListItem } from '@holgura/contracts';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { downloadExport } from '../../../components/export/download';
import { StudyReportButtons } from '../../../components/export/study-report-buttons';
import { Button, buttonClasses } from '../../../components/ui/button';
import { esStudies } from '../../../strings/es-studies';
import { errorText } from '../api/error-text';
import { isActive } from '../api/get-studies';
import { studyFileName, studyFilePath } from '../api/download-study';

const t = esStudies.list;

/** Where a study's results are shown (/resultados reads the study from the query string). */
export const resultsHref = (studyId: string) =>
  `/resultados?estudio=${encodeURIComponent(studyId)}`;
export const editHref = (studyId: string) => `/estudios/${encodeURIComponent(studyId)}/editar`;

async function download(study: StudyListItem, format: 'xlsx' | 'json') {
  try {
    await downloadExport(
      studyFilePath(study.studyId, format),
      studyFileName(study.studyId, format),
    );
  } catch (error) {
    toast.error(t.downloadFailed, { description: errorText(error) });
  }
}

type StudyActionsProps = {
  study: StudyListItem;
  cancelling: boolean;
  onCancel: (study: StudyListItem) => void;
  onDelete: (study: StudyListItem) => void;
};

/** A row's actions; the demo study only shows its results and its report. */
export function StudyActions({ study, cancelling, onCancel, onDelete }: StudyActionsProps) {
  const small = buttonClasses('outline', 'sm');
  return (
    <div role="group" aria-label={t.actions.label(study.name)} className="flex flex-wrap gap-2">
      {study.resultsVersion !== null && (
        <>
          <Link to={resultsHref(study.studyId)} className={buttonClasses('primary', 'sm')}>
            {t.actions.results}
          </Link>
          <StudyReportButtons studyId={study.studyId} studyName={study.name} />
        </>
      )}
      {!study.isDemo && (
        <>
          <Link to={editHref(study.studyId)} className={small}>
            {t.actions.edit}
          </Link>
          <Button variant="outline" size="sm" onClick={() => void download(study, 'xlsx')}>
            {t.actions.downloadExcel}
          </Button>
          <Button variant="outline" size="sm" onClick={() => void download(study, 'json')}>
            {t.actions.downloadJson}
          </Button>
          {isActive(study) && (
            <Button
              variant="outline"
              size="sm"
              disabled={cancelling}
              onClick={() => onCancel(study)}
            >
              {cancelling ? t.actions.cancelling : t.actions.cancel}
            </Button>
          )}
          <Button
            variant="ghost"
            size="sm"
            className="text-red-800 hover:bg-red-50 hover:text-red-900"
            onClick={() => onDelete(study)}
          >
            {t.actions.delete}
          </Button>
        </>
      )}
    </div>
  );
}
