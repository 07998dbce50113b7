import { lazy, Suspense } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { RequireAuth } from '../../features/auth/components/require-auth';
import { useAuth } from '../../features/auth/use-auth';
import { es } from '../../strings/es';
import { esStudies } from '../../strings/es-studies';
import { PageFrame } from '../page-frame';

// Route-level split: the studies screens load only when visited.
const StudiesPage = lazy(() =>
  import('../../features/studies/components/studies-page').then((module) => ({
    default: module.StudiesPage,
  })),
);

/** The signed-in user's key for cached queries (one user's studies never show another's). */
export function useUserKey(): string {
  const { user } = useAuth();
  return user === null ? 'anon' : `${user.method}:${user.email ?? user.name}`;
}

/** /estudios «Mis estudios» (signed-in only, like /analisis). */
export function EstudiosRoute() {
  return (
    <RequireAuth>
      <Suspense fallback={<Spinner label={es.auth.checking} className="min-h-[50vh] py-24" />}>
        <PageFrame title={esStudies.list.title} intro={esStudies.list.intro}>
          <StudiesList />
        </PageFrame>
      </Suspense>
    </RequireAuth>
  );
}

function StudiesList() {
  return <StudiesPage userKey={useUserKey()} />;
}
