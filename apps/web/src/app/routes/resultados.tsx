import { lazy } from 'react';
import { useAuth } from '../../features/auth/use-auth';
import { es } from '../../strings/es';
import { NetworkSlotsProvider } from '../network-slots';
import { SignedInPage } from '../page-frame';

// Route-level split: the results screen loads only when visited.
const ResultsPage = lazy(() =>
  import('../../features/results/components/results-page').then((module) => ({
    default: module.ResultsPage,
  })),
);

export function ResultadosRoute() {
  const { status, user } = useAuth();
  return (
    <SignedInPage title={es.resultsDemo.results.title} intro={es.resultsDemo.results.intro}>
      <NetworkSlotsProvider>
        <ResultsPage
          signedIn={status === 'signedIn'}
          userKey={user === null ? 'anon' : `${user.method}:${user.email ?? user.name}`}
        />
      </NetworkSlotsProvider>
    </SignedInPage>
  );
}
