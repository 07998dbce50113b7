import type { SignUpRequest } from '@holgura/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { setAccessTokenSource } from '../../lib/api-client';
import { clientConfigQueryOptions } from '../../lib/client-config';
import { es } from '../../strings/es';
import { createAccessTokenManager } from './access-token';
import type { AuthActionContext } from './auth-actions';
import type { HolguraAuthClient } from './auth-client';
import { createAuthEvents } from './auth-events';
import { sessionQueryOptions, useSession } from './api/get-session';
import { readSaxToken, readTokenClaims, useSaxToken } from './sax-token';
import {
  AuthContext,
  type AuthState,
  type AuthStatus,
  type AuthUser,
  type ResetOutcome,
  type SignInOutcome,
} from './use-auth';

// What the user does (sign in, out, up…) loads on the first action, with its toasts and error
// texts: the first paint carries only the sign-in state (issue #20).
const loadActions = () => import('./auth-actions');

/** An action, run once its module has loaded; `fallback` if that module cannot be loaded. */
function runAction<T>(
  run: (actions: Awaited<ReturnType<typeof loadActions>>) => Promise<T> | T,
  fallback: T,
): Promise<T> {
  return loadActions().then(run, () => fallback);
}

const logEvents = import.meta.env.DEV && import.meta.env.MODE !== 'test';

/**
 * The one auth provider. Signed in when a SAX id token is stored in the browser or the API
 * reports a product-account session (docs/product.md §6); `checking` while the first session request is
 * pending and no token is stored. It owns both clients (better-auth and SAX, each loaded on
 * first use), the access token API calls carry, the auth events, and every auth toast (its
 * actions, in auth-actions.tsx, load on first use).
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const saxToken = useSaxToken();
  const session = useSession();
  const queryClient = useQueryClient();
  const [events] = useState(createAuthEvents);
  const [tokens] = useState(() => createAccessTokenManager(() => events.emit('TOKEN_REFRESHED')));
  const clientRef = useRef<Promise<HolguraAuthClient> | null>(null);

  const authClient = useCallback(() => {
    clientRef.current ??= import('./auth-client').then((module) =>
      module.createHolguraAuthClient(),
    );
    return clientRef.current;
  }, []);

  const loadSaxSettings = useCallback(
    () => queryClient.fetchQuery(clientConfigQueryOptions()).then((config) => config.sax),
    [queryClient],
  );

  const refreshSession = useCallback(
    () => queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 }),
    [queryClient],
  );

  // API calls: the account's access token when signed in with an account, else the SAX token.
  useEffect(() => {
    setAccessTokenSource(async () => {
      const current = queryClient.getQueryData(sessionQueryOptions().queryKey);
      if (current?.user !== undefined) return tokens.get();
      return readSaxToken();
    });
    return () => {
      setAccessTokenSource(null);
      tokens.clear();
    };
  }, [queryClient, tokens]);

  useEffect(() => {
    if (!logEvents) return;
    return events.subscribe((event) => console.info('[auth]', event));
  }, [events]);

  const sessionUser = session.data?.user ?? null;

  const context = useMemo<AuthActionContext>(
    () => ({ authClient, refreshSession, loadSaxSettings, events, tokens, queryClient }),
    [authClient, refreshSession, loadSaxSettings, events, tokens, queryClient],
  );

  const signInWithEmail = useCallback(
    (values: { email: string; password: string }) =>
      runAction<SignInOutcome>((actions) => actions.signInWithEmail(context, values), 'failed'),
    [context],
  );
  const verifyTotp = useCallback(
    (code: string) => runAction((actions) => actions.verifyTotp(context, code), false),
    [context],
  );
  const signUp = useCallback(
    (values: SignUpRequest) => runAction((actions) => actions.signUp(context, values), false),
    [context],
  );
  const requestPasswordReset = useCallback(
    (email: string) => runAction((actions) => actions.requestPasswordReset(context, email), false),
    [context],
  );
  const resetPassword = useCallback(
    (values: { token: string; newPassword: string }) =>
      runAction<ResetOutcome>((actions) => actions.resetPassword(context, values), 'failed'),
    [context],
  );
  const changePassword = useCallback(
    (values: { currentPassword: string; newPassword: string; keepOtherSessions: boolean }) =>
      runAction((actions) => actions.changePassword(context, values), false),
    [context],
  );
  const saxSignIn = useCallback(
    () => runAction((actions) => actions.signInWithSax(context), false),
    [context],
  );
  const prepareSax = useCallback(() => {
    void runAction((actions) => actions.prepareSax(context), undefined);
  }, [context]);
  const signOut = useCallback(
    () => runAction((actions) => actions.signOut(context, sessionUser !== null), undefined),
    [context, sessionUser],
  );
  const syncAccountName = useCallback(
    (names: { firstName: string; lastName: string }) =>
      runAction((actions) => actions.syncAccountName(context, names), undefined),
    [context],
  );

  const user = useMemo<AuthUser | null>(() => {
    if (sessionUser !== null) {
      return { name: sessionUser.name, email: sessionUser.email, method: 'account' };
    }
    if (saxToken !== null) {
      const claims = readTokenClaims(saxToken);
      return { name: claims.name ?? es.userMenu.saxUser, email: claims.email, method: 'sax' };
    }
    return null;
  }, [sessionUser, saxToken]);

  const status: AuthStatus =
    user !== null ? 'signedIn' : session.isPending ? 'checking' : 'signedOut';

  // Spec §4 events from the status as it changes: the first answer, then each sign-in/out.
  const previous = useRef<AuthStatus | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = status;
    if (status === 'checking' || before === status) return;
    if (before === null || before === 'checking') events.emit('INITIAL_SESSION');
    else if (status === 'signedIn') events.emit('SIGNED_IN');
    else {
      tokens.clear();
      events.emit('SIGNED_OUT');
    }
  }, [status, events, tokens]);

  const value = useMemo<AuthState>(
    () => ({
      status,
      user,
      signInWithEmail,
      verifyTotp,
      signUp,
      requestPasswordReset,
      resetPassword,
      changePassword,
      signInWithSax: saxSignIn,
      prepareSax,
      signOut,
      syncAccountName,
      onAuthEvent: events.subscribe,
    }),
    [
      status,
      user,
      signInWithEmail,
      verifyTotp,
      signUp,
      requestPasswordReset,
      resetPassword,
      changePassword,
      saxSignIn,
      prepareSax,
      signOut,
      syncAccountName,
      events,
    ],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
