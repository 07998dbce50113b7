import type { ClientConfigResponse } from '@holgura/contracts';
import type { UserManager } from 'oidc-client-ts';
import { esAuth } from '../../strings/es-auth';
import { withSha256Digest } from './pkce-digest';
import { clearSaxToken, storeSaxToken } from './sax-token';

export type SaxSettings = ClientConfigResponse['sax'];

/** Where the provider sends the popup back: a tiny page that hands the answer to this window. */
export const SAX_POPUP_CALLBACK_PATH = '/sax-popup-callback.html';

/** A SAX failure whose message is already the Spanish text to show. */
export class SaxSignInError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SaxSignInError';
  }
}

let manager: Promise<UserManager> | null = null;
let loginActive = false;

async function createManager(settings: SaxSettings): Promise<UserManager> {
  const { UserManager, WebStorageStateStore } = await import('oidc-client-ts');
  const origin = window.location.origin;
  return new UserManager({
    authority: settings.authority,
    client_id: settings.clientId,
    redirect_uri: `${origin}${SAX_POPUP_CALLBACK_PATH}`,
    popup_redirect_uri: `${origin}${SAX_POPUP_CALLBACK_PATH}`,
    post_logout_redirect_uri: `${origin}/`,
    popup_post_logout_redirect_uri: `${origin}/`,
    response_type: 'code',
    // Spec §6: these scopes, always the credential prompt, the hosted policy, Spanish UI.
    scope: settings.scopes,
    prompt: 'login',
    ui_locales: 'es',
    extraQueryParams: settings.policy === null ? {} : { p: settings.policy },
    loadUserInfo: false,
    automaticSilentRenew: false,
    // Spec §3: the account cache is kept in local storage.
    userStore: new WebStorageStateStore({ store: window.localStorage }),
  });
}

/** The one SAX client, created on first use (docs/product.md §4), never before a login or logout. */
export function getSaxClient(loadSettings: () => Promise<SaxSettings>): Promise<UserManager> {
  manager ??= loadSettings()
    .then(createManager)
    .catch((error: unknown) => {
      manager = null; // a failed start (config unreachable) may be retried
      throw error;
    });
  return manager;
}

/**
 * Signs in through the SAX popup and stores the id token as `holgura_id_token`. One attempt at a
 * time: a second while the popup is open is refused. Failures are logged and rethrown (docs/product.md §8).
 */
export async function signInWithSax(loadSettings: () => Promise<SaxSettings>): Promise<string> {
  if (loginActive) throw new SaxSignInError(esAuth.saxLoginActive);
  loginActive = true;
  try {
    const client = await getSaxClient(loadSettings);
    // Closing the popup ends the attempt with an error instead of waiting forever. A page at
    // a plain-HTTP network address has no WebCrypto for the PKCE challenge: see pkce-digest.ts.
    const user = await withSha256Digest(() => client.signinPopup({ popupAbortOnClose: true }));
    const idToken = user.id_token;
    if (idToken === undefined || idToken === '') throw new SaxSignInError(esAuth.saxNoIdToken);
    storeSaxToken(idToken);
    return idToken;
  } catch (error) {
    console.warn('[SAX] inicio de sesión fallido', error);
    throw error;
  } finally {
    loginActive = false;
  }
}

/**
 * Spec §4: if an account is cached, open the provider's logout popup for it; the stored token
 * is removed either way. The popup is the provider's business: we do not wait for it.
 */
export async function signOutOfSax(loadSettings: () => Promise<SaxSettings>): Promise<void> {
  try {
    const client = await getSaxClient(loadSettings);
    const account = await client.getUser();
    if (account !== null) {
      client
        .signoutPopup(account.id_token === undefined ? {} : { id_token_hint: account.id_token })
        .catch((error: unknown) => console.warn('[SAX] cierre de sesión', error));
      await client.removeUser();
    }
  } catch (error) {
    console.warn('[SAX] cierre de sesión', error);
  } finally {
    clearSaxToken();
  }
}

/** Tests start from a fresh module state. */
export function resetSaxClientForTests(): void {
  manager = null;
  loginActive = false;
}
