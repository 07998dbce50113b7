import { lazy } from 'react';
import { useAuth } from '../../features/auth/use-auth';
import { esStudies } from '../../strings/es-studies';
import { SignedInPage } from '../page-frame';

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
  const userKey = useUserKey();
  return (
    <SignedInPage title={esStudies.list.title} intro={esStudies.list.intro}>
      <StudiesPage userKey={userKey} />
    </SignedInPage>
  );
}
