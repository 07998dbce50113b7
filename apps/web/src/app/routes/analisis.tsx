import { lazy, Suspense } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { RequireAuth } from '../../features/auth/components/require-auth';
import { useAuth } from '../../features/auth/use-auth';
import { es } from '../../strings/es';
import { NetworkSlotsProvider } from '../network-slots';
import { PageFrame } from '../page-frame';

// Route-level split: the analysis screen (tables, upload) loads only when visited.
const AnalysisPage = lazy(() =>
  import('../../features/analysis/components/analysis-page').then((module) => ({
    default: module.AnalysisPage,
  })),
);

export function AnalisisRoute() {
  const { status, user } = useAuth();
  return (
    <RequireAuth>
      <Suspense fallback={<Spinner label={es.auth.checking} className="min-h-[50vh] py-24" />}>
        <PageFrame title={es.pages.analysis.title} intro={es.analysis.intro}>
          <NetworkSlotsProvider>
            <AnalysisPage
              signedIn={status === 'signedIn'}
              userKey={user === null ? 'anon' : `${user.method}:${user.email ?? user.name}`}
            />
          </NetworkSlotsProvider>
        </PageFrame>
      </Suspense>
    </RequireAuth>
  );
}
