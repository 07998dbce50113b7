import { SAX_ID_TOKEN_STORAGE_KEY } from '@holgura/contracts';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  callsTo,
  jsonResponse,
  mockApi,
  renderApp,
  sampleSessionUser,
  sampleStats,
  tokenFor,
} from '../../../render.test-support';

beforeEach(() => {
  // SAX sign-out without a reachable provider logs a warning and still removes the token.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

function accountSession(routes: Parameters<typeof mockApi>[0] = {}) {
  let signedIn = true;
  const fetchMock = mockApi({
    '/api/auth/get-session': () => jsonResponse(signedIn ? { user: sampleSessionUser } : null),
    '/api/stats': { body: sampleStats },
    '/api/auth/revoke-sessions': { body: { status: true } },
    '/api/auth/sign-out': () => {
      signedIn = false;
      return jsonResponse({ success: true });
    },
    ...routes,
  });
  return fetchMock;
}

describe('user menu', () => {
  it("shows a SAX user's name under the button and signs them out", async () => {
    window.localStorage.setItem(
      SAX_ID_TOKEN_STORAGE_KEY,
      JSON.stringify({ token: tokenFor({ name: 'Ana Pérez', email: 'ana@example.co' }) }),
    );
    mockApi({ '/api/auth/get-session': { body: null }, '/api/stats': { body: sampleStats } });
    const { user } = renderApp('/');

    expect(screen.getByTestId('user-name')).toHaveTextContent('Ana Pérez');
    expect(await screen.findByRole('link', { name: /Pruebalo ahora/ })).toBeInTheDocument();

    const button = screen.getByRole('button', { name: 'Menú de usuario' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('ana@example.co')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cerrar sesión' }));

    // Sign-out's code loads on first use.
    await waitFor(() => expect(window.localStorage.getItem(SAX_ID_TOKEN_STORAGE_KEY)).toBeNull());
    expect(await screen.findByText('Sesión cerrada')).toBeInTheDocument();
    expect(screen.queryByTestId('user-name')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Iniciar sesión requerido' })).toBeDisabled(),
    );
  });

  it('closes on Escape and returns focus to the button', async () => {
    mockApi({ '/api/auth/get-session': { body: null }, '/api/stats': { body: sampleStats } });
    const { user } = renderApp('/');
    await screen.findByRole('button', { name: 'Iniciar sesión requerido' });

    const button = screen.getByRole('button', { name: 'Menú de usuario' });
    await user.click(button);
    expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();

    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Iniciar sesión' })).not.toBeInTheDocument();
  });
});

describe('user menu with a Holgura account', () => {
  it('offers Editar perfil and signs out everywhere: revoke all sessions, then sign out', async () => {
    const fetchMock = accountSession();
    const { user } = renderApp('/');
    expect(await screen.findByTestId('user-name')).toHaveTextContent('Ana Pérez');

    await user.click(screen.getByRole('button', { name: 'Menú de usuario' }));
    expect(screen.getByRole('button', { name: 'Editar perfil' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cerrar sesión' }));

    expect(await screen.findByText('Sesión cerrada')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/auth/revoke-sessions')).toHaveLength(1);
    expect(callsTo(fetchMock, '/api/auth/sign-out')).toHaveLength(1);
    const order = fetchMock.mock.calls.map(([input]) => String(input));
    expect(order.findIndex((url) => url.includes('revoke-sessions'))).toBeLessThan(
      order.findIndex((url) => url.includes('sign-out')),
    );
    expect(screen.queryByTestId('user-name')).not.toBeInTheDocument();
  });

  it('ignores 401, 403 and 404 on sign-out (the session is already gone)', async () => {
    accountSession({
      '/api/auth/revoke-sessions': { status: 401, body: { message: 'Unauthorized' } },
      '/api/auth/sign-out': { status: 404, body: null },
    });
    const { user } = renderApp('/');
    await screen.findByTestId('user-name');
    await user.click(screen.getByRole('button', { name: 'Menú de usuario' }));
    await user.click(screen.getByRole('button', { name: 'Cerrar sesión' }));

    expect(await screen.findByText('Sesión cerrada')).toBeInTheDocument();
    expect(screen.queryByTestId('user-name')).not.toBeInTheDocument();
  });

  it("says 'No se pudo cerrar la sesión' when the server fails otherwise", async () => {
    accountSession({ '/api/auth/sign-out': { status: 500, body: null } });
    const { user } = renderApp('/');
    await screen.findByTestId('user-name');
    await user.click(screen.getByRole('button', { name: 'Menú de usuario' }));
    await user.click(screen.getByRole('button', { name: 'Cerrar sesión' }));

    expect(await screen.findByText('No se pudo cerrar la sesión')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.queryByText('Sesión cerrada')).not.toBeInTheDocument();
  });

  it('does not offer Editar perfil to a SAX user (docs/product.md §6)', async () => {
    window.localStorage.setItem(
      SAX_ID_TOKEN_STORAGE_KEY,
      JSON.stringify({ token: tokenFor({ name: 'Ana Prueba' }) }),
    );
    mockApi({ '/api/auth/get-session': { body: null }, '/api/stats': { body: sampleStats } });
    const { user } = renderApp('/');
    await user.click(screen.getByRole('button', { name: 'Menú de usuario' }));
    expect(screen.getByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Editar perfil' })).not.toBeInTheDocument();
  });
});
