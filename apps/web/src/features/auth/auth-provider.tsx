import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, type ReactNode } from 'react';
import { toast } from 'sonner';
import { es } from '../../strings/es';
import { sessionQueryOptions, useSession } from './api/get-session';
import { clearSaxToken, readTokenClaims, useSaxToken } from './sax-token';
import { AuthContext, type AuthState, type AuthUser } from './use-auth';

/**
 * Signed in when a SAX id token is stored in the browser or the API reports a session (spec §6).
 * While the session request is pending and no token is stored, the state is `checking`.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const token = useSaxToken();
  const session = useSession();
  const queryClient = useQueryClient();

  const signOut = useCallback(() => {
    clearSaxToken();
    queryClient.setQueryData(sessionQueryOptions().queryKey, null);
    toast.success(es.userMenu.signedOutToast);
  }, [queryClient]);

  const sessionUser = session.data?.user ?? null;

  const value = useMemo<AuthState>(() => {
    let user: AuthUser | null = null;
    if (sessionUser !== null) {
      user = { name: sessionUser.name, email: sessionUser.email, method: 'account' };
    } else if (token !== null) {
      const claims = readTokenClaims(token);
      user = { name: claims.name ?? es.userMenu.saxUser, email: claims.email, method: 'sax' };
    }
    const status = user !== null ? 'signedIn' : session.isPending ? 'checking' : 'signedOut';
    return { status, user, signOut };
  }, [sessionUser, token, session.isPending, signOut]);

  return <AuthContext value={value}>{children}</AuthContext>;
}
