import { lazy, Suspense } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { es } from '../../strings/es';

// Route-level split: the demo loads only when visited.
const DemoPage = lazy(() =>
  import('../../features/demo/components/demo-page').then((module) => ({
    default: module.DemoPage,
  })),
);

export function DemoRoute() {
  return (
    <Suspense
      fallback={
        <Spinner label={es.resultsDemo.results.loadingPage} className="min-h-[50vh] py-24" />
      }
    >
      <DemoPage />
    </Suspense>
  );
}
