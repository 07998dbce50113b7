import { lazy } from 'react';
import { useParams } from 'react-router';
import { esStudies } from '../../strings/es-studies';
import { SignedInPage } from '../page-frame';
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
  const userKey = useUserKey();
  return (
    <SignedInPage
      title={studyId === null ? t.newTitle : t.editTitle}
      intro={studyId === null ? t.newIntro : t.editIntro}
    >
      {/* A new key per study: going from one editor to another starts a fresh form. */}
      <StudyEditorPage key={studyId ?? 'nuevo'} userKey={userKey} studyId={studyId} />
    </SignedInPage>
  );
}
