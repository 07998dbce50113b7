import { RequireAuth } from '../../features/auth/components/require-auth';
import { es } from '../../strings/es';
import { PreparingPage } from './preparing-page';

export function AnalisisRoute() {
  return (
    <RequireAuth>
      <PreparingPage title={es.pages.analysis.title} body={es.pages.analysis.body} />
    </RequireAuth>
  );
}
