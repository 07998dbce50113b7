import type { SignUpRequest } from '@holgura/contracts';
import { createContext, useContext } from 'react';
import type { AuthEventListener } from './auth-events';

export type AuthStatus = 'checking' | 'signedIn' | 'signedOut';

export type AuthUser = {
  name: string;
  email: string | null;
  /** How the user signed in: SAX id token in the browser, or a product-account session. */
  method: 'sax' | 'account';
};

/** What an email sign-in ended in: signed in, a TOTP code needed, or failed (already told). */
export type SignInOutcome = 'signedIn' | 'twoFactor' | 'failed';

/**
 * What setting a password from a mailed link ended in: signed in, the TOTP step next, set but
 * not signed in, a link that no longer works, or failed (already told).
 */
export type ResetOutcome = 'signedIn' | 'twoFactor' | 'changed' | 'invalidLink' | 'failed';

export type AuthState = {
  status: AuthStatus;
  user: AuthUser | null;
  /** Each action tells the user how it went (toasts, docs/product.md §8) and resolves to the outcome. */
  signInWithEmail: (values: { email: string; password: string }) => Promise<SignInOutcome>;
  verifyTotp: (code: string) => Promise<boolean>;
  signUp: (values: SignUpRequest) => Promise<boolean>;
  /** «¿Olvidaste tu contraseña?»: true once the server took it (it says the same for any email). */
  requestPasswordReset: (email: string) => Promise<boolean>;
  resetPassword: (values: { token: string; newPassword: string }) => Promise<ResetOutcome>;
  changePassword: (values: {
    currentPassword: string;
    newPassword: string;
    keepOtherSessions: boolean;
  }) => Promise<boolean>;
  signInWithSax: () => Promise<boolean>;
  /** Starts loading the SAX client so the popup opens at once on click. */
  prepareSax: () => void;
  signOut: () => Promise<void>;
  /** Keeps the account's display name (under the user button) in step with its profile. */
  syncAccountName: (names: { firstName: string; lastName: string }) => Promise<void>;
  /** Spec §4 events: initial session, signed in, signed out, token refreshed, MFA verified. */
  onAuthEvent: (listener: AuthEventListener) => () => void;
};

export const AuthContext = createContext<AuthState | null>(null);

/** The sign-in state: `checking` while the session is being asked for. */
export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (state === null) throw new Error('useAuth must be used inside <AuthProvider>');
  return state;
}
