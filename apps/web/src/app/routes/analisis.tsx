import { lazy } from 'react';
import { useAuth } from '../../features/auth/use-auth';
import { es } from '../../strings/es';
import { NetworkSlotsProvider } from '../network-slots';
import { SignedInPage } from '../page-frame';

// Route-level split: the analysis screen (tables, upload) loads only when visited.
const AnalysisPage = lazy(() =>
  import('../../features/analysis/components/analysis-page').then((module) => ({
    default: module.AnalysisPage,
  })),
);

export function AnalisisRoute() {
  const { status, user } = useAuth();
  return (
    <SignedInPage title={es.pages.analysis.title} intro={es.analysis.intro}>
      <NetworkSlotsProvider>
        <AnalysisPage
          signedIn={status === 'signedIn'}
          userKey={user === null ? 'anon' : `${user.method}:${user.email ?? user.name}`}
        />
      </NetworkSlotsProvider>
    </SignedInPage>
  );
}
