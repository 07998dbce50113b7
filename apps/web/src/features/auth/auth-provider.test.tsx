import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../../app/provider';
import { createQueryClient } from '../../lib/query-client';
import { jsonResponse, mockApi, sampleSessionUser, tokenFor } from '../../render.test-support';
import { createAccessTokenManager, REFRESH_MARGIN_MS } from './access-token';
import type { AuthEvent } from './auth-events';
import { useAuth, type AuthState } from './use-auth';

function Probe({ events, onAuth }: { events: AuthEvent[]; onAuth: (auth: AuthState) => void }) {
  const auth = useAuth();
  useEffect(() => auth.onAuthEvent((event) => events.push(event)), [auth, events]);
  useEffect(() => {
    onAuth(auth);
  }, [auth, onAuth]);
  return <p>{auth.status}</p>;
}

describe('auth events (docs/product.md §4)', () => {
  it('reports the initial session, MFA verified, signed in and signed out', async () => {
    let signedIn = false;
    mockApi({
      '/api/auth/get-session': () => jsonResponse(signedIn ? { user: sampleSessionUser } : null),
      '/api/auth/sign-in/email': { body: { twoFactorRedirect: true } },
      '/api/auth/two-factor/verify-totp': () => {
        signedIn = true;
        return jsonResponse({ token: 't', user: sampleSessionUser });
      },
      '/api/auth/revoke-sessions': { body: { status: true } },
      '/api/auth/sign-out': () => {
        signedIn = false;
        return jsonResponse({ success: true });
      },
    });
    const events: AuthEvent[] = [];
    let auth: AuthState | null = null;
    const onAuth = (value: AuthState) => {
      auth = value;
    };
    render(
      <AppProvider queryClient={createQueryClient({ queries: { retry: false } })}>
        <Probe events={events} onAuth={onAuth} />
      </AppProvider>,
    );
    await screen.findByText('signedOut');
    expect(events).toEqual(['INITIAL_SESSION']);

    await act(async () => {
      expect(await auth!.signInWithEmail({ email: 'ana@example.co', password: 'x' })).toBe(
        'twoFactor',
      );
      expect(await auth!.verifyTotp('123456')).toBe(true);
    });
    await screen.findByText('signedIn');
    expect(events).toEqual(['INITIAL_SESSION', 'MFA_VERIFIED', 'SIGNED_IN']);

    await act(() => auth!.signOut());
    await screen.findByText('signedOut');
    expect(events).toEqual(['INITIAL_SESSION', 'MFA_VERIFIED', 'SIGNED_IN', 'SIGNED_OUT']);
  });
});

describe('access token manager', () => {
  it('caches the 15-minute token and renews it a minute before expiry', async () => {
    vi.useFakeTimers({ now: 0, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const issued = [tokenFor({ sub: 'u1', exp: 15 * 60 }), tokenFor({ sub: 'u1', exp: 30 * 60 })];
    let calls = 0;
    mockApi({ '/api/auth/token': () => jsonResponse({ token: issued[calls++] }) });
    const refreshed = vi.fn();
    const tokens = createAccessTokenManager(refreshed);

    expect(await tokens.get()).toBe(issued[0]);
    expect(await tokens.get()).toBe(issued[0]);
    expect(calls).toBe(1);

    await vi.advanceTimersByTimeAsync(15 * 60_000 - REFRESH_MARGIN_MS);
    for (let i = 0; i < 50 && refreshed.mock.calls.length === 0; i++) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(refreshed).toHaveBeenCalledTimes(1);
    expect(await tokens.get()).toBe(issued[1]);
    expect(calls).toBe(2);

    tokens.clear();
    vi.useRealTimers();
  });

  it('answers null (the session cookie will do) when no token can be had', async () => {
    mockApi({ '/api/auth/token': { status: 401, body: null } });
    const tokens = createAccessTokenManager(() => undefined);
    expect(await tokens.get()).toBeNull();
  });
});
