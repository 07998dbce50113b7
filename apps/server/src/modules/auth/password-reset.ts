import { appPaths } from '@holgura/contracts';
import os from 'node:os';
import { isDefaultPublicUrl } from '../../config/env';
import { REQUEST_ORIGIN_HEADER } from '../../http/origins';

/**
 * The web app's page that sets a new password from a mailed link (apps/web/src/app/routes.tsx).
 * better-auth's link check (`GET /api/auth/reset-password/:token`) sends the browser there with
 * `?token=…` when the token is good and `?error=INVALID_TOKEN` when it is not.
 */
export const RESET_PASSWORD_PAGE = appPaths.resetPassword;

/** How long a reset link works; the mail says so. */
export const RESET_LINK_LIFETIME_SECONDS = 60 * 60;

/**
 * The origin a reset link uses: PUBLIC_URL when it was set; with the default, the address the
 * user reached Holgura at (the scheme and Host of the request that asked for the link, with
 * TRUST_PROXY those the proxy forwarded). A deployment reached from other machines should set
 * PUBLIC_URL: with the default, whoever asks for a link chooses the host it names.
 */
export function resetLinkOrigin(publicUrl: string, request: Request | undefined): string {
  const own = new URL(publicUrl).origin;
  if (!isDefaultPublicUrl(publicUrl)) return own;
  const reached = request?.headers.get(REQUEST_ORIGIN_HEADER);
  if (reached === null || reached === undefined || reached === '') return own;
  // A Host header is the asker's to write: a link to it would mail a stranger's host to the
  // account's owner (reset poisoning). Only an address of this machine is taken.
  return isThisMachine(reached) ? reached : own;
}

/** Whether an origin names this machine: localhost, its host name, or one of its addresses. */
export function isThisMachine(origin: string): boolean {
  let host: string;
  try {
    host = new URL(origin).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  } catch {
    return false;
  }
  if (host === 'localhost' || host === os.hostname().toLowerCase()) return true;
  const addresses = Object.values(os.networkInterfaces())
    .flat()
    .map((address) => address?.address.toLowerCase());
  return addresses.includes(host) || host === '127.0.0.1' || host === '::1';
}

/**
 * The link a reset mail carries: better-auth's token check under `authBasePath`, which sends the
 * browser on to the page (auth.routes.ts names the page for it).
 */
export function resetLink(origin: string, authBasePath: string, token: string): string {
  return `${origin}${authBasePath}/reset-password/${encodeURIComponent(token)}`;
}

/** The reset mail, in Spanish. */
export function resetMail(name: string, link: string): { subject: string; text: string } {
  return {
    subject: 'Holgura: restablece tu contraseña',
    text:
      `Hola ${name}:\n\nPara elegir una nueva contraseña abre este enlace ` +
      `(vence en una hora y sirve una sola vez):\n${link}\n\n` +
      `Si no lo pediste, ignora este mensaje: tu contraseña no cambia.`,
  };
}
