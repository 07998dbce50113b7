import { lazy, Suspense } from 'react';
import { PAGE_SPINNER_CLASSES, Spinner } from '../../components/ui/spinner';
import { es } from '../../strings/es';
import { PageFrame } from '../page-frame';

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
        <Spinner label={es.resultsDemo.results.loadingPage} className={PAGE_SPINNER_CLASSES} />
      }
    >
      <PageFrame title={es.resultsDemo.demo.title} intro={es.resultsDemo.demo.intro}>
        <DemoPage />
      </PageFrame>
    </Suspense>
  );
}
