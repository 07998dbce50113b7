import { UserManager } from 'oidc-client-ts';

/**
 * The SAX popup lands here (a separate Vite entry, so it needs none of the app): hand the
 * provider's answer to the window that opened the popup, which finishes the sign-in and closes
 * this one. The settings are not used to read the answer; the opener holds the request state.
 */
const origin = window.location.origin;
void new UserManager({
  authority: origin,
  client_id: 'holgura-web',
  redirect_uri: window.location.href,
}).signinPopupCallback();
