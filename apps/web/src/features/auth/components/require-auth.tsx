import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PAGE_SPINNER_CLASSES, Spinner } from '../../../components/ui/spinner';
import { es } from '../../../strings/es';
import { useAuth } from '../use-auth';

/** Shows a spinner while the sign-in state is checked, then the page or a redirect to `/`. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  if (status === 'signedIn') return children;
  return (
    <>
      {/* Kept while the redirect happens too: the page never empties, so nothing shifts. */}
      <Spinner label={es.auth.checking} className={PAGE_SPINNER_CLASSES} />
      {status === 'signedOut' && <Navigate to="/" replace />}
    </>
  );
}
