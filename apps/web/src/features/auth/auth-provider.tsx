import type { SignUpRequest } from '@holgura/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { setAccessTokenSource } from '../../lib/api-client';
import { clientConfigQueryOptions } from '../../lib/client-config';
import { toast } from '../../lib/toast';
import { es } from '../../strings/es';
import { createAccessTokenManager } from './access-token';
import type { HolguraAuthClient } from './auth-client';
import { createAuthEvents } from './auth-events';
import { sessionQueryOptions, useSession } from './api/get-session';
import { getSaxClient, SaxSignInError, signInWithSax, signOutOfSax } from './sax-client';
import { readSaxToken, readTokenClaims, useSaxToken } from './sax-token';
import {
  AuthContext,
  type AuthState,
  type AuthStatus,
  type AuthUser,
  type SignInOutcome,
} from './use-auth';

const t = es.auth;

/** better-auth answers a failure with `{ code, message, status }`; our rate limit with ours. */
type ProviderError = { status: number; code?: string | undefined; message?: string | undefined };

/**
 * The Spanish text for a provider failure, or null when only the generic one fits. The error
 * envelope's schema (and zod) load with the first failure, not with the first paint.
 */
export async function providerMessage(error: ProviderError): Promise<string | null> {
  const { apiErrorSchema } = await import('@holgura/contracts');
  const ours = apiErrorSchema.safeParse(error);
  if (ours.success) return ours.data.error.message;
  if (error.status === 429) return t.rateLimited;
  if (error.code !== undefined) return t.providerErrors[error.code] ?? null;
  return null;
}

/** Sign-out ignores these (spec §7): the session is already gone. */
const IGNORED_SIGN_OUT_STATUSES = new Set([401, 403, 404]);

function errorToast(title: string, description: ReactNode) {
  toast.error(title, { description });
}

function twoLines(first: string, second: string | null) {
  if (second === null || second === first) return first;
  return (
    <span className="flex flex-col gap-0.5">
      <span className="font-medium">{first}</span>
      <span>{second}</span>
    </span>
  );
}

const logEvents = import.meta.env.DEV && import.meta.env.MODE !== 'test';

/**
 * The one auth provider. Signed in when a SAX id token is stored in the browser or the API
 * reports a product-account session (spec §6); `checking` while the first session request is
 * pending and no token is stored. It owns both clients (better-auth and SAX, each loaded on
 * first use), the access token API calls carry, the auth events, and every auth toast.
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

  const signInWithEmail = useCallback(
    async (values: { email: string; password: string }): Promise<SignInOutcome> => {
      try {
        const client = await authClient();
        const { data, error } = await client.signIn.email(values);
        if (error !== null) {
          const message = await providerMessage(error);
          if (message === null) errorToast(t.errorTitle, t.signInFailed);
          else errorToast(t.authErrorTitle, message);
          return 'failed';
        }
        if (data !== null && 'twoFactorRedirect' in data && data.twoFactorRedirect === true) {
          return 'twoFactor';
        }
        await refreshSession();
        toast.success(t.signedIn);
        return 'signedIn';
      } catch {
        errorToast(t.errorTitle, t.signInFailed);
        return 'failed';
      }
    },
    [authClient, refreshSession],
  );

  const verifyTotp = useCallback(
    async (code: string): Promise<boolean> => {
      try {
        const client = await authClient();
        const { error } = await client.twoFactor.verifyTotp({ code });
        if (error !== null) {
          const message = await providerMessage(error);
          if (message === null) errorToast(t.errorTitle, t.signInFailed);
          else errorToast(t.authErrorTitle, message);
          return false;
        }
        events.emit('MFA_VERIFIED');
        await refreshSession();
        toast.success(t.signedIn);
        return true;
      } catch {
        errorToast(t.errorTitle, t.signInFailed);
        return false;
      }
    },
    [authClient, events, refreshSession],
  );

  const signUp = useCallback(
    async (values: SignUpRequest): Promise<boolean> => {
      try {
        const client = await authClient();
        const { error } = await client.signUp.email({
          ...values,
          name: `${values.firstName} ${values.lastName}`,
        });
        if (error !== null) {
          const message = await providerMessage(error);
          if (message === null) errorToast(t.errorTitle, t.signUpFailed);
          else errorToast(t.signUpErrorTitle, message);
          return false;
        }
        // Spec §8: the account is created and the user signs in next. The server opens a
        // session on sign-up; close it so what the user sees matches what they are told.
        await client.signOut().catch(() => undefined);
        toast.success(t.signedUp, { description: t.signedUpBody });
        return true;
      } catch {
        errorToast(t.errorTitle, t.signUpFailed);
        return false;
      }
    },
    [authClient],
  );

  const saxSignIn = useCallback(async (): Promise<boolean> => {
    try {
      await signInWithSax(loadSaxSettings);
      toast.success(t.signedInWithSax);
      return true;
    } catch (error) {
      let reason: string | null = null;
      if (error instanceof SaxSignInError) reason = error.message;
      else if (error instanceof Error && /closed/i.test(error.message)) reason = t.saxPopupClosed;
      errorToast(t.errorTitle, twoLines(t.saxSignInFailed, reason));
      return false;
    }
  }, [loadSaxSettings]);

  const prepareSax = useCallback(() => {
    getSaxClient(loadSaxSettings).catch(() => undefined);
  }, [loadSaxSettings]);

  const sessionUser = session.data?.user ?? null;

  const signOut = useCallback(async () => {
    let failed = false;
    if (sessionUser !== null) {
      try {
        const client = await authClient();
        // Global scope (spec §7): every session of the account, then this one.
        for (const call of [() => client.revokeSessions(), () => client.signOut()]) {
          const { error } = await call();
          if (error !== null && !IGNORED_SIGN_OUT_STATUSES.has(error.status)) failed = true;
        }
      } catch {
        failed = true;
      }
    }
    if (readSaxToken() !== null) await signOutOfSax(loadSaxSettings);
    if (failed) {
      errorToast(t.errorTitle, t.signOutFailed);
      return;
    }
    tokens.clear();
    queryClient.setQueryData(sessionQueryOptions().queryKey, null);
    toast.success(t.signedOut);
  }, [authClient, loadSaxSettings, queryClient, sessionUser, tokens]);

  const syncAccountName = useCallback(
    async ({ firstName, lastName }: { firstName: string; lastName: string }) => {
      // PUT /api/profile writes the profile only; the session's name lives in the account.
      try {
        const client = await authClient();
        await client.updateUser({ name: `${firstName} ${lastName}`, firstName, lastName });
      } catch {
        // The profile is saved; a stale name under the button is the only cost.
      }
      await refreshSession().catch(() => undefined);
    },
    [authClient, refreshSession],
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
      saxSignIn,
      prepareSax,
      signOut,
      syncAccountName,
      events,
    ],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
