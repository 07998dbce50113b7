import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { AuthProvider } from '../features/auth/auth-provider';
import { createQueryClient } from '../lib/query-client';

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
      {/* Below the fixed header, so a toast never covers the user menu. */}
      <Toaster
        richColors
        closeButton
        position="top-right"
        offset={{ top: 88, right: 16 }}
        mobileOffset={{ top: 80, right: 8, left: 8 }}
      />
    </QueryClientProvider>
  );
}
