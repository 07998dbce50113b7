import { lazy } from 'react';
import { useAuth } from '../../features/auth/use-auth';
import { esWindows } from '../../strings/es-windows';
import { NetworkSlotsProvider } from '../network-slots';
import { SignedInPage } from '../page-frame';

// Route-level split: the windows screen loads only when visited.
const WindowsPage = lazy(() =>
  import('../../features/windows/components/windows-page').then((module) => ({
    default: module.WindowsPage,
  })),
);

/** /ventanas «Ventanas de asignación» (signed-in only, like /estudios). */
export function VentanasRoute() {
  const { user } = useAuth();
  // The signed-in user's key for cached queries (one user's windows never show another's).
  const userKey = user === null ? 'anon' : `${user.method}:${user.email ?? user.name}`;
  return (
    <SignedInPage title={esWindows.page.title} intro={esWindows.page.intro}>
      <NetworkSlotsProvider>
        <WindowsPage userKey={userKey} />
      </NetworkSlotsProvider>
    </SignedInPage>
  );
}
