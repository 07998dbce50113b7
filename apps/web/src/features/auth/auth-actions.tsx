import type { SignUpRequest } from '@holgura/contracts';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { apiErrorSchema } from '../../lib/api-error-schema';
import { esAuth } from '../../strings/es-auth';
import type { AccessTokenManager } from './access-token';
import type { HolguraAuthClient } from './auth-client';
import type { AuthEvents } from './auth-events';
import { sessionQueryOptions } from './api/get-session';
import {
  getSaxClient,
  SaxSignInError,
  signInWithSax as signInWithSaxPopup,
  signOutOfSax,
  type SaxSettings,
} from './sax-client';
import { readSaxToken } from './sax-token';
import type { ResetOutcome, SignInOutcome } from './use-auth';

/**
 * What the auth provider does when the user acts (sign in, sign up, TOTP, SAX, sign out, profile
 * name), each telling the user how it went (toasts, docs/product.md §8). Loaded on the first action, with
 * sonner and the error envelope's schema: the first paint carries only the provider's state.
 */

const t = esAuth;

/** The provider's pieces an action uses. */
export type AuthActionContext = {
  authClient: () => Promise<HolguraAuthClient>;
  refreshSession: () => Promise<unknown>;
  loadSaxSettings: () => Promise<SaxSettings>;
  events: AuthEvents;
  tokens: AccessTokenManager;
  queryClient: QueryClient;
};

/**
 * A failed account request as better-auth's client reports it: the answer's body and status.
 * The server turns every better-auth failure into our `{ error: { code, message } }` with the
 * Spanish text (apps/server/src/modules/auth/auth-errors.ts, contracts/errors.ts).
 */
type ProviderError = { status: number; error?: unknown };

/** The server's Spanish text for a failure, or null when only the generic one fits. */
export function providerMessage(error: ProviderError): string | null {
  const ours = apiErrorSchema.safeParse(error);
  if (ours.success) return ours.data.error.message;
  if (error.status === 429) return t.rateLimited;
  // Anything else (a proxy's page, better-auth's own English) is never shown.
  return null;
}

/** Our error code in a failure, if the server sent one. */
function providerCode(error: ProviderError): string | null {
  const ours = apiErrorSchema.safeParse(error);
  return ours.success ? ours.data.error.code : null;
}

/** A failure's toast: the server's Spanish reason under `title`, or `fallback` under 'Error'. */
function failureToast(error: ProviderError, fallback: string, title: string = t.authErrorTitle) {
  const message = providerMessage(error);
  if (message === null) errorToast(t.errorTitle, fallback);
  else errorToast(title, message);
}

/** Sign-out ignores these (docs/product.md §7): the session is already gone. */
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

export async function signInWithEmail(
  context: AuthActionContext,
  values: { email: string; password: string },
): Promise<SignInOutcome> {
  try {
    const client = await context.authClient();
    const { data, error } = await client.signIn.email(values);
    if (error !== null) {
      failureToast(error, t.signInFailed);
      return 'failed';
    }
    if (data !== null && 'twoFactorRedirect' in data && data.twoFactorRedirect === true) {
      return 'twoFactor';
    }
    await context.refreshSession();
    toast.success(t.signedIn);
    return 'signedIn';
  } catch {
    errorToast(t.errorTitle, t.signInFailed);
    return 'failed';
  }
}

export async function verifyTotp(context: AuthActionContext, code: string): Promise<boolean> {
  try {
    const client = await context.authClient();
    const { error } = await client.twoFactor.verifyTotp({ code });
    if (error !== null) {
      failureToast(error, t.signInFailed);
      return false;
    }
    context.events.emit('MFA_VERIFIED');
    await context.refreshSession();
    toast.success(t.signedIn);
    return true;
  } catch {
    errorToast(t.errorTitle, t.signInFailed);
    return false;
  }
}

export async function signUp(context: AuthActionContext, values: SignUpRequest): Promise<boolean> {
  try {
    const client = await context.authClient();
    const { error } = await client.signUp.email({
      ...values,
      name: `${values.firstName} ${values.lastName}`,
    });
    if (error !== null) {
      failureToast(error, t.signUpFailed, t.signUpErrorTitle);
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
}

/** «¿Olvidaste tu contraseña?»: true once the server took the request (known address or not). */
export async function requestPasswordReset(
  context: AuthActionContext,
  email: string,
): Promise<boolean> {
  try {
    const client = await context.authClient();
    const { error } = await client.requestPasswordReset({ email });
    if (error !== null) {
      failureToast(error, t.forgot.failed);
      return false;
    }
    return true;
  } catch {
    errorToast(t.errorTitle, t.forgot.failed);
    return false;
  }
}

/** Sets the new password from a mailed link; the server signs the user in with it. */
export async function resetPassword(
  context: AuthActionContext,
  values: { token: string; newPassword: string },
): Promise<ResetOutcome> {
  try {
    const client = await context.authClient();
    const { data, error } = await client.resetPassword(values);
    if (error !== null) {
      if (providerCode(error) === 'AUTH_RESET_LINK_INVALID') return 'invalidLink';
      failureToast(error, t.reset.failed);
      return 'failed';
    }
    const answer = data as { signedIn?: unknown; twoFactorRedirect?: unknown } | null;
    if (answer?.twoFactorRedirect === true) return 'twoFactor';
    // Every session of the account ended: so did any access token this page held.
    context.tokens.clear();
    if (answer?.signedIn !== true) {
      toast.success(t.reset.done, { description: t.reset.doneSignIn });
      return 'changed';
    }
    await context.refreshSession();
    toast.success(t.reset.done, { description: t.reset.doneSignedIn });
    return 'signedIn';
  } catch {
    errorToast(t.errorTitle, t.reset.failed);
    return 'failed';
  }
}

/** The signed-in account's new password; the other sessions end unless `keepOtherSessions`. */
export async function changePassword(
  context: AuthActionContext,
  values: { currentPassword: string; newPassword: string; keepOtherSessions: boolean },
): Promise<boolean> {
  try {
    const client = await context.authClient();
    const { error } = await client.changePassword({
      currentPassword: values.currentPassword,
      newPassword: values.newPassword,
      revokeOtherSessions: !values.keepOtherSessions,
    });
    if (error !== null) {
      failureToast(error, t.change.failed);
      return false;
    }
    // Revoking replaces this session too (a new cookie): its access token is over.
    context.tokens.clear();
    await context.refreshSession();
    toast.success(t.change.done, {
      description: values.keepOtherSessions ? t.change.doneOthersKept : t.change.doneOthersClosed,
    });
    return true;
  } catch {
    errorToast(t.errorTitle, t.change.failed);
    return false;
  }
}

export async function signInWithSax(context: AuthActionContext): Promise<boolean> {
  try {
    await signInWithSaxPopup(context.loadSaxSettings);
    toast.success(t.signedInWithSax);
    return true;
  } catch (error) {
    let reason: string | null = null;
    if (error instanceof SaxSignInError) reason = error.message;
    else if (error instanceof Error && /closed/i.test(error.message)) reason = t.saxPopupClosed;
    errorToast(t.errorTitle, twoLines(t.saxSignInFailed, reason));
    return false;
  }
}

export function prepareSax(context: AuthActionContext): void {
  getSaxClient(context.loadSaxSettings).catch(() => undefined);
}

/** Signs out of the product account (when `accountSignedIn`) and of SAX (when a token is kept). */
export async function signOut(context: AuthActionContext, accountSignedIn: boolean): Promise<void> {
  let failed = false;
  if (accountSignedIn) {
    try {
      const client = await context.authClient();
      // Global scope (docs/product.md §7): every session of the account, then this one.
      for (const call of [() => client.revokeSessions(), () => client.signOut()]) {
        const { error } = await call();
        if (error !== null && !IGNORED_SIGN_OUT_STATUSES.has(error.status)) failed = true;
      }
    } catch {
      failed = true;
    }
  }
  if (readSaxToken() !== null) await signOutOfSax(context.loadSaxSettings);
  if (failed) {
    errorToast(t.errorTitle, t.signOutFailed);
    return;
  }
  context.tokens.clear();
  context.queryClient.setQueryData(sessionQueryOptions().queryKey, null);
  toast.success(t.signedOut);
}

export async function syncAccountName(
  context: AuthActionContext,
  { firstName, lastName }: { firstName: string; lastName: string },
): Promise<void> {
  // PUT /api/profile writes the profile only; the session's name lives in the account.
  try {
    const client = await context.authClient();
    await client.updateUser({ name: `${firstName} ${lastName}`, firstName, lastName });
  } catch {
    // The profile is saved; a stale name under the button is the only cost.
  }
  await context.refreshSession().catch(() => undefined);
}
