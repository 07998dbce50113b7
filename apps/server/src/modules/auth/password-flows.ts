import type { Auth } from './auth';

/**
 * The email of the account a reset token belongs to, read before better-auth consumes the
 * token; null for a token that is unknown or expired (better-auth then refuses the reset).
 */
export async function resetTokenEmail(auth: Auth, token: unknown): Promise<string | null> {
  if (typeof token !== 'string' || token === '') return null;
  const { internalAdapter } = await auth.$context;
  const verification = await internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (verification === null || verification.expiresAt < new Date()) return null;
  const user = await internalAdapter.findUserById(verification.value);
  return user?.email ?? null;
}

/**
 * Signs in with the password just set (better-auth's reset only sets it): a session cookie, or
 * — for an account with a second factor — the cookie of the TOTP step and
 * `twoFactorRedirect: true`, exactly as the sign-in form's own request would end.
 */
export async function signInAfterReset(
  auth: Auth,
  headers: Headers,
  credentials: { email: string; password: string },
): Promise<{ cookies: string[]; twoFactor: boolean } | null> {
  const response = await auth.api.signInEmail({ body: credentials, headers, asResponse: true });
  if (!response.ok) return null;
  const body = (await response.json()) as { twoFactorRedirect?: unknown };
  return {
    cookies: response.headers.getSetCookie(),
    twoFactor: body.twoFactorRedirect === true,
  };
}
