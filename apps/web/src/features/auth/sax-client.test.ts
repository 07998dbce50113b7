import { SAX_ID_TOKEN_STORAGE_KEY } from '@holgura/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getSaxClient, signInWithSax, signOutOfSax, type SaxSettings } from './sax-client';

const oidc = vi.hoisted(() => ({
  created: vi.fn(),
  signinPopup: vi.fn(),
  signoutPopup: vi.fn(),
  getUser: vi.fn(),
  removeUser: vi.fn(),
}));

vi.mock('oidc-client-ts', () => ({
  UserManager: class {
    constructor(settings: unknown) {
      oidc.created(settings);
    }
    signinPopup = oidc.signinPopup;
    signoutPopup = oidc.signoutPopup;
    getUser = oidc.getUser;
    removeUser = oidc.removeUser;
  },
  WebStorageStateStore: class {
    constructor(readonly options: unknown) {}
  },
}));

const settings: SaxSettings = {
  authority: 'https://sax.example.co/tenant',
  clientId: 'holgura-web',
  policy: 'B2C_1_login',
  scopes: 'openid profile User.Read',
  local: false,
};
const loadSettings = () => Promise.resolve(settings);

beforeEach(() => {
  vi.clearAllMocks();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  oidc.signoutPopup.mockResolvedValue(undefined);
  oidc.removeUser.mockResolvedValue(undefined);
});

describe('SAX client', () => {
  it('is created once, lazily, with the spec parameters', async () => {
    const load = vi.fn(loadSettings);
    expect(oidc.created).not.toHaveBeenCalled();

    const [first, second] = await Promise.all([getSaxClient(load), getSaxClient(load)]);

    expect(first).toBe(second);
    expect(await getSaxClient(load)).toBe(first);
    expect(oidc.created).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledTimes(1);
    expect(oidc.created).toHaveBeenCalledWith(
      expect.objectContaining({
        authority: 'https://sax.example.co/tenant',
        client_id: 'holgura-web',
        scope: 'openid profile User.Read',
        prompt: 'login',
        ui_locales: 'es',
        extraQueryParams: { p: 'B2C_1_login' },
        redirect_uri: `${window.location.origin}/sax-popup-callback.html`,
        popup_post_logout_redirect_uri: `${window.location.origin}/`,
        response_type: 'code',
      }),
    );
  });

  it('sends no policy parameter when the provider has none', async () => {
    await getSaxClient(() => Promise.resolve({ ...settings, policy: null }));
    expect(oidc.created).toHaveBeenCalledWith(expect.objectContaining({ extraQueryParams: {} }));
  });

  it('saves the id token as holgura_id_token = {token} after a popup sign-in', async () => {
    oidc.signinPopup.mockResolvedValue({ id_token: 'id.token.value' });

    await expect(signInWithSax(loadSettings)).resolves.toBe('id.token.value');
    expect(oidc.signinPopup).toHaveBeenCalledWith({ popupAbortOnClose: true });

    expect(JSON.parse(window.localStorage.getItem(SAX_ID_TOKEN_STORAGE_KEY) ?? 'null')).toEqual({
      token: 'id.token.value',
    });
  });

  it('refuses a second sign-in while the popup of the first is open', async () => {
    let finish: (user: { id_token: string }) => void = () => undefined;
    oidc.signinPopup.mockReturnValue(new Promise((resolve) => (finish = resolve)));

    const first = signInWithSax(loadSettings);
    await expect(signInWithSax(loadSettings)).rejects.toThrow('Ya hay una sesión de login activa');
    await vi.waitFor(() => expect(oidc.signinPopup).toHaveBeenCalledTimes(1));
    await expect(signInWithSax(loadSettings)).rejects.toThrow('Ya hay una sesión de login activa');
    expect(oidc.signinPopup).toHaveBeenCalledTimes(1);

    finish({ id_token: 'a.b.c' });
    await expect(first).resolves.toBe('a.b.c');
    // Once the first is over, a new attempt is allowed again.
    oidc.signinPopup.mockResolvedValue({ id_token: 'd.e.f' });
    await expect(signInWithSax(loadSettings)).resolves.toBe('d.e.f');
  });

  it("fails with 'No se recibió idToken' when the answer lacks the id token", async () => {
    oidc.signinPopup.mockResolvedValue({ access_token: 'only-access' });

    await expect(signInWithSax(loadSettings)).rejects.toThrow('No se recibió idToken');
    expect(window.localStorage.getItem(SAX_ID_TOKEN_STORAGE_KEY)).toBeNull();
    expect(console.warn).toHaveBeenCalled();
  });

  it('opens the logout popup for the cached account and removes the stored token', async () => {
    window.localStorage.setItem(SAX_ID_TOKEN_STORAGE_KEY, JSON.stringify({ token: 'x.y.z' }));
    oidc.getUser.mockResolvedValue({ id_token: 'x.y.z' });

    await signOutOfSax(loadSettings);

    expect(oidc.signoutPopup).toHaveBeenCalledWith({ id_token_hint: 'x.y.z' });
    expect(window.localStorage.getItem(SAX_ID_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('removes the stored token even without a cached account or a reachable provider', async () => {
    window.localStorage.setItem(SAX_ID_TOKEN_STORAGE_KEY, JSON.stringify({ token: 'x.y.z' }));
    oidc.getUser.mockResolvedValue(null);
    await signOutOfSax(loadSettings);
    expect(oidc.signoutPopup).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(SAX_ID_TOKEN_STORAGE_KEY)).toBeNull();

    window.localStorage.setItem(SAX_ID_TOKEN_STORAGE_KEY, JSON.stringify({ token: 'x.y.z' }));
    await signOutOfSax(() => Promise.reject(new Error('sin red')));
    expect(window.localStorage.getItem(SAX_ID_TOKEN_STORAGE_KEY)).toBeNull();
  });
});
