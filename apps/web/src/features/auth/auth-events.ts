/**
 * Spec §4: the auth provider tells the app about these events. One emitter per provider; the
 * provider logs them in development, and anything may subscribe (`useAuth().onAuthEvent`).
 */
export type AuthEvent =
  'INITIAL_SESSION' | 'SIGNED_IN' | 'SIGNED_OUT' | 'TOKEN_REFRESHED' | 'MFA_VERIFIED';

export type AuthEventListener = (event: AuthEvent) => void;

export function createAuthEvents() {
  const listeners = new Set<AuthEventListener>();
  return {
    emit(event: AuthEvent) {
      for (const listener of listeners) listener(event);
    },
    subscribe(listener: AuthEventListener): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export type AuthEvents = ReturnType<typeof createAuthEvents>;
