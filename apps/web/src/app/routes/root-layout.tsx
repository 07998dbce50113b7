import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { Layout } from '../../components/layout/layout';
import { UserMenu, type ProfileDialogProps } from '../../features/auth/components/user-menu';
import { useAuth } from '../../features/auth/use-auth';
import { PAGE_SPINNER_CLASSES, Spinner } from '../../components/ui/spinner';
import { es } from '../../strings/es';
import { ScrollRestoration } from '../scroll-restoration';

// Loaded when first opened: the landing page does not carry the form library.
const EditProfileDialog = lazy(() =>
  import('../../features/profile/components/edit-profile-dialog').then((module) => ({
    default: module.EditProfileDialog,
  })),
);

/** The profile feature's dialog, opened from the auth feature's user menu. */
function ProfileDialog(props: ProfileDialogProps) {
  const { syncAccountName } = useAuth();
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <EditProfileDialog
        {...props}
        // The name under the user button comes from the session.
        onSaved={syncAccountName}
      />
    </Suspense>
  );
}

export function RootLayout() {
  return (
    <>
      <Layout userMenu={<UserMenu profileDialog={ProfileDialog} />}>
        {/* Routes whose module loads on demand (the studies screens) wait here. */}
        <Suspense fallback={<Spinner label={es.auth.checking} className={PAGE_SPINNER_CLASSES} />}>
          <Outlet />
        </Suspense>
      </Layout>
      <ScrollRestoration />
    </>
  );
}
