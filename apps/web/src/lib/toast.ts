import type { ExternalToast } from 'sonner';

function show(kind: 'success' | 'error', title: string, options?: ExternalToast): void {
  void import('sonner').then(({ toast }) => toast[kind](title, options));
}

/**
 * sonner's toast.success and toast.error for code on every page's first load (the auth
 * provider): sonner loads on the first toast, not with the first paint (issue #20). The
 * <Toaster> (app/provider.tsx) loads after the first paint and shows toasts made before it.
 */
export const toast = {
  success: (title: string, options?: ExternalToast) => show('success', title, options),
  error: (title: string, options?: ExternalToast) => show('error', title, options),
};
