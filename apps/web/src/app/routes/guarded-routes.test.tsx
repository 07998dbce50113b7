import { SAX_ID_TOKEN_STORAGE_KEY } from '@holgura/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, jsonResponse, mockApi, renderApp, sampleStats } from '../../render.test-support';

/** What each page asks the API for once signed in (/analisis the cases, /ventanas the windows). */
const pageApi = {
  '/api/config': {
    body: {
      sax: { authority: 'x', clientId: 'y', policy: null, scopes: 'openid', local: true },
      maxUploadBytes: 10485760,
    },
  },
  '/api/cases': { body: { cases: [] } },
  '/api/windows': { body: { windows: [] } },
  '/api/auth/token': { status: 401, body: null },
};

describe.each([
  ['/analisis', 'Análisis de flexibilidad', 'Casos disponibles'],
  ['/resultados', 'Capacidad de conexión en barras', 'Barras analizadas'],
  ['/ventanas', 'Ventanas de asignación', 'Mis ventanas'],
])('guarded route %s', (path, title, content) => {
  it('shows a spinner while the session is checked, then redirects to / when signed out', async () => {
    const session = deferred<Response>();
    mockApi({
      '/api/auth/get-session': () => session.promise,
      '/api/stats': { body: sampleStats },
    });
    const { router } = renderApp(path);

    expect(screen.getByRole('status', { name: 'Verificando sesión...' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);

    session.resolve(jsonResponse(null));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // The spinner stays until the landing replaces it (nothing shifts meanwhile).
    await waitFor(() =>
      expect(
        screen.queryByRole('status', { name: 'Verificando sesión...' }),
      ).not.toBeInTheDocument(),
    );
    expect(
      await screen.findByRole('button', { name: 'Iniciar sesión requerido' }),
    ).toBeInTheDocument();
  });

  it('redirects to / when the session cannot be checked', async () => {
    mockApi({
      '/api/auth/get-session': { status: 500, body: { error: { code: 'INTERNAL', message: 'x' } } },
      '/api/stats': { body: sampleStats },
    });
    const { router } = renderApp(path);

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows the page to a user with a stored SAX token, without inventing data', async () => {
    window.localStorage.setItem(SAX_ID_TOKEN_STORAGE_KEY, JSON.stringify({ token: 'abc.def' }));
    mockApi({ '/api/auth/get-session': { body: null }, ...pageApi });
    renderApp(path);

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText(content)).toBeInTheDocument();
  });

  it('shows the page to a user with an account session and their name under the user button', async () => {
    mockApi({
      '/api/auth/get-session': {
        body: { user: { id: 'u1', email: 'ana@example.co', name: 'Ana Pérez' } },
      },
      ...pageApi,
    });
    renderApp(path);

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByTestId('user-name')).toHaveTextContent('Ana Pérez');
  });
});

describe('stored token', () => {
  it('does not count a token object with an empty token as signed in', async () => {
    window.localStorage.setItem(SAX_ID_TOKEN_STORAGE_KEY, JSON.stringify({ token: '' }));
    mockApi({ '/api/auth/get-session': { body: null }, '/api/stats': { body: sampleStats } });
    const { router } = renderApp('/analisis');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
