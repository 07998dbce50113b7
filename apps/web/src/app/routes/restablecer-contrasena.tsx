import { useSearchParams } from 'react-router';
import { ResetPasswordPage } from '../../features/auth/components/reset-password-page';
import { esAuth } from '../../strings/es-auth';
import { PageFrame } from '../page-frame';

/** Where a password-reset mail's link lands, signed in or not (docs/product.md, accounts). */
export function RestablecerContrasenaRoute() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const error = params.get('error');
  return (
    <PageFrame title={esAuth.reset.title} intro={esAuth.reset.intro}>
      <ResetPasswordPage key={`${token}|${error}`} token={token} error={error} />
    </PageFrame>
  );
}
