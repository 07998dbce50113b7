import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { es } from '../../../strings/es';
import { useAuth } from '../use-auth';

/** Shows a spinner while the sign-in state is checked, then the page or a redirect to `/`. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  if (status === 'checking') {
    return <Spinner label={es.auth.checking} className="min-h-[50vh] py-24" />;
  }
  if (status === 'signedOut') return <Navigate to="/" replace />;
  return children;
}
