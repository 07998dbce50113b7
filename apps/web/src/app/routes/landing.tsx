import { useAuth } from '../../features/auth/use-auth';
import { LandingPage } from '../../features/landing/components/landing-page';
import { es } from '../../strings/es';

export function LandingRoute() {
  const { status } = useAuth();
  return (
    <>
      <title>{es.meta.home}</title>
      <LandingPage authStatus={status} />
    </>
  );
}
