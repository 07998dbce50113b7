import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { AuthProvider } from '../features/auth/auth-provider';
import { createQueryClient } from '../lib/query-client';
import { es } from '../strings/es';

const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/**
 * sonner's toasts, loaded once the page has painted and the browser is idle, not with the first
 * paint (issue #20). A toast made before then waits in sonner's store and shows when this mounts.
 */
function DeferredToaster() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const show = () => setReady(true);
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(show, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(show, 1);
    return () => window.clearTimeout(id);
  }, []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      {/* Below the fixed header, so a toast never covers the user menu. */}
      <Toaster
        richColors
        closeButton
        containerAriaLabel={es.a11y.notifications}
        toastOptions={{ closeButtonAriaLabel: es.a11y.closeNotification }}
        position="top-right"
        offset={{ top: 88, right: 16 }}
        mobileOffset={{ top: 80, right: 8, left: 8 }}
      />
    </Suspense>
  );
}

type AppProviderProps = {
  children: ReactNode;
  /** Tests pass their own client (no retries); the app makes one. */
  queryClient?: QueryClient;
};

export function AppProvider({ children, queryClient }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>{children}</AuthProvider>
      <DeferredToaster />
    </QueryClientProvider>
  );
}
