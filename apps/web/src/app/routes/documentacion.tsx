import { lazy, Suspense } from 'react';
import { PAGE_SPINNER_CLASSES, Spinner } from '../../components/ui/spinner';
import { es } from '../../strings/es';

// Route-level split: the guide's text loads only when visited, never with the landing page.
const DocsPage = lazy(() =>
  import('../../features/docs/components/docs-page').then((module) => ({
    default: module.DocsPage,
  })),
);

export function DocumentacionRoute() {
  return (
    <Suspense
      fallback={
        <Spinner label={es.resultsDemo.results.loadingPage} className={PAGE_SPINNER_CLASSES} />
      }
    >
      <DocsPage />
    </Suspense>
  );
}
