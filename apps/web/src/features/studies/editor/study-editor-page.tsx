import { DEMO_STUDY_ID } from '@holgura/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { esStudies } from '../../../strings/es-studies';
import { errorText } from '../api/error-text';
import { studyQueryOptions } from '../api/get-study';
import { StudyEditor } from './study-editor';

const t = esStudies.editor;

/** /estudios/nuevo (an empty form) or /estudios/<id>/editar (the study's file, to run again). */
export function StudyEditorPage({ userKey, studyId }: { userKey: string; studyId: string | null }) {
  if (studyId === null) return <StudyEditor userKey={userKey} detail={null} />;
  return <EditStudy userKey={userKey} studyId={studyId} />;
}

function EditStudy({ userKey, studyId }: { userKey: string; studyId: string }) {
  const detail = useQuery({
    ...studyQueryOptions(userKey, studyId),
    enabled: studyId !== DEMO_STUDY_ID,
  });
  if (studyId === DEMO_STUDY_ID || detail.data?.isDemo === true) {
    return <Message text={t.demoReadOnly} />;
  }
  if (detail.isPending) return <Spinner label={t.loading} className="py-24" />;
  if (detail.isError) return <Message text={t.loadFailed(errorText(detail.error))} alert />;
  return <StudyEditor userKey={userKey} detail={detail.data} />;
}

function Message({ text, alert = false }: { text: string; alert?: boolean }) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <Notice tone={alert ? 'error' : 'locked'}>
        <p>{text}</p>
        <Link to="/estudios" className={buttonClasses('outline', 'sm', 'mt-3')}>
          {t.backToList}
        </Link>
      </Notice>
    </div>
  );
}
