import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { RequireAuth } from '../../features/auth/components/require-auth';
import { es } from '../../strings/es';
import { esStudies } from '../../strings/es-studies';
import { PageFrame } from '../page-frame';
import { useUserKey } from './estudios';

const StudyEditorPage = lazy(() =>
  import('../../features/studies/editor/study-editor-page').then((module) => ({
    default: module.StudyEditorPage,
  })),
);

const t = esStudies.editor;

/** /estudios/nuevo and /estudios/<id>/editar: the study form, its review and its run. */
export function EstudioEditorRoute() {
  const { studyId = null } = useParams();
  return (
    <RequireAuth>
      <Suspense fallback={<Spinner label={es.auth.checking} className="min-h-[50vh] py-24" />}>
        <PageFrame
          title={studyId === null ? t.newTitle : t.editTitle}
          intro={studyId === null ? t.newIntro : t.editIntro}
        >
          <Editor studyId={studyId} />
        </PageFrame>
      </Suspense>
    </RequireAuth>
  );
}

function Editor({ studyId }: { studyId: string | null }) {
  // A new key per study: going from one editor to another starts a fresh form.
  return <StudyEditorPage key={studyId ?? 'nuevo'} userKey={useUserKey()} studyId={studyId} />;
}
