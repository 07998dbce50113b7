import { SAX_ID_TOKEN_STORAGE_KEY } from '@holgura/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, sampleStats, tokenFor } from '../../../render.test-support';

const oidc = vi.hoisted(() => ({ signinPopup: vi.fn(), created: vi.fn() }));

vi.mock('oidc-client-ts', () => ({
  UserManager: class {
    constructor(settings: unknown) {
      oidc.created(settings);
    }
    signinPopup = oidc.signinPopup;
  },
  WebStorageStateStore: class {},
}));

const config = {
  sax: {
    authority: 'http://localhost/sax',
    clientId: 'holgura-web',
    policy: null,
    scopes: 'openid profile User.Read',
    local: true,
  },
  maxUploadBytes: 10485760,
};

async function openSaxTab() {
  mockApi({
    '/api/auth/get-session': { body: null },
    '/api/stats': { body: sampleStats },
    '/api/config': { body: config },
  });
  const view = renderApp('/');
  await screen.findByRole('button', { name: 'Iniciar sesión requerido' });
  await view.user.click(screen.getByRole('button', { name: 'Menú de usuario' }));
  await view.user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
  const dialog = await screen.findByRole('dialog', { name: 'Acceso a Holgura' });
  const button = await within(dialog).findByRole('button', { name: 'Continuar con SAX' });
  return { ...view, dialog, button };
}

beforeEach(() => {
  vi.clearAllMocks();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('SAX tab', () => {
  it("signs in through the popup: 'Sesión iniciada con SAX' and the user's name", async () => {
    oidc.signinPopup.mockResolvedValue({
      id_token: tokenFor({ given_name: 'Ana', family_name: 'Prueba', email: 'prueba@sax.co' }),
    });
    const { user, button } = await openSaxTab();
    await user.click(button);

    expect(await screen.findByText('Sesión iniciada con SAX')).toBeInTheDocument();
    expect(screen.getByTestId('user-name')).toHaveTextContent('Ana Prueba');
    expect(window.localStorage.getItem(SAX_ID_TOKEN_STORAGE_KEY)).toContain('"token"');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(oidc.created).toHaveBeenCalledTimes(1);
  });

  it("says 'No se pudo iniciar sesión con SAX' and why when the answer has no id token", async () => {
    oidc.signinPopup.mockResolvedValue({});
    const { user, button } = await openSaxTab();
    await user.click(button);

    expect(await screen.findByText('No se pudo iniciar sesión con SAX')).toBeInTheDocument();
    expect(screen.getByText('No se recibió idToken')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Acceso a Holgura' })).toBeInTheDocument();
  });

  it('says the window was closed when the user closes the SAX popup', async () => {
    oidc.signinPopup.mockRejectedValue(new Error('Popup closed by user'));
    const { user, button } = await openSaxTab();
    await user.click(button);
    expect(await screen.findByText('No se pudo iniciar sesión con SAX')).toBeInTheDocument();
    expect(screen.getByText('Se cerró la ventana de SAX antes de terminar.')).toBeInTheDocument();
  });

  it('refuses a second click while the popup is open', async () => {
    oidc.signinPopup.mockReturnValue(new Promise(() => undefined));
    const { user, button } = await openSaxTab();
    await user.click(button);
    expect(await screen.findByRole('status', { name: '' })).toHaveTextContent('Esperando a SAX...');
    await user.click(button);

    expect(await screen.findByText('Ya hay una sesión de login activa')).toBeInTheDocument();
    expect(oidc.signinPopup).toHaveBeenCalledTimes(1);
    // The first attempt is still waiting for its popup.
    expect(screen.getByText('Esperando a SAX...')).toBeInTheDocument();
  });
});
