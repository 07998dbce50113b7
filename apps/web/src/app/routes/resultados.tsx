import { RequireAuth } from '../../features/auth/components/require-auth';
import { es } from '../../strings/es';
import { PreparingPage } from './preparing-page';

export function ResultadosRoute() {
  return (
    <RequireAuth>
      <PreparingPage title={es.pages.results.title} body={es.pages.results.body} />
    </RequireAuth>
  );
}
