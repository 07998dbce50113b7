import { createContext, useContext } from 'react';

export type AuthStatus = 'checking' | 'signedIn' | 'signedOut';

export type AuthUser = {
  name: string;
  email: string | null;
  /** How the user signed in: SAX id token in the browser, or a product-account session. */
  method: 'sax' | 'account';
};

export type AuthState = {
  status: AuthStatus;
  user: AuthUser | null;
  signOut: () => void;
};

export const AuthContext = createContext<AuthState | null>(null);

/** The sign-in state: `checking` while the session is being asked for. */
export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (state === null) throw new Error('useAuth must be used inside <AuthProvider>');
  return state;
}
