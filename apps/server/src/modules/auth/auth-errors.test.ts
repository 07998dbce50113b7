import { BASE_ERROR_CODES } from 'better-auth';
import { TWO_FACTOR_ERROR_CODES } from 'better-auth/plugins';
import { describe, expect, it } from 'vitest';
import { apiErrorSchema, errorMessages } from '@holgura/contracts';
import { buildTestApp, dialects } from '../../app.test-support';
import { authErrorCode, translateAuthError } from './auth-errors';
import { newAccount, TestClient, totp } from './auth.test-support';

/** better-auth's English messages, to look for in what reaches the user. */
const englishMessages = [
  ...Object.values(BASE_ERROR_CODES),
  ...Object.values(TWO_FACTOR_ERROR_CODES),
].map((entry) => (typeof entry === 'string' ? entry : entry.message));

describe('better-auth failures in Spanish', () => {
  it('gives every code better-auth and its two-factor plugin have one of ours, in Spanish', () => {
    const codes = [...Object.keys(BASE_ERROR_CODES), ...Object.keys(TWO_FACTOR_ERROR_CODES)];
    expect(codes.length).toBeGreaterThan(50);
    for (const code of codes) {
      const ours = authErrorCode(code, 400);
      expect(errorMessages[ours], code).toBeDefined();
      expect(englishMessages, code).not.toContain(errorMessages[ours]);
    }
    expect(authErrorCode('INVALID_EMAIL_OR_PASSWORD', 401)).toBe('AUTH_INVALID_CREDENTIALS');
    expect(authErrorCode('INVALID_CODE', 401)).toBe('AUTH_TOTP_CODE_INVALID');
    expect(authErrorCode('INVALID_TOKEN', 400)).toBe('AUTH_RESET_LINK_INVALID');
  });

  it('falls back on the status for codes it does not know, and keeps our own envelope', () => {
    expect(translateAuthError(401, '{"code":"ALGO_NUEVO","message":"Something new"}')).toEqual({
      error: { code: 'AUTH_REQUIRED', message: errorMessages.AUTH_REQUIRED },
    });
    expect(translateAuthError(500, '<html>Internal error</html>').error.code).toBe('INTERNAL');
    expect(translateAuthError(404, '').error.code).toBe('ROUTE_NOT_FOUND');
    const ours = { error: { code: 'AUTH_PASSWORD_WEAK', message: 'x' } };
    expect(translateAuthError(400, JSON.stringify(ours))).toEqual(ours);
  });

  it('names a malformed address that better-auth’s schema check refuses (issue #29)', () => {
    const body = { code: 'VALIDATION_ERROR', message: '[body.email] Invalid email address' };
    expect(translateAuthError(400, JSON.stringify(body))).toEqual({
      error: { code: 'AUTH_EMAIL_INVALID', message: errorMessages.AUTH_EMAIL_INVALID },
    });
    const other = { code: 'VALIDATION_ERROR', message: '[body.name] Required' };
    expect(translateAuthError(400, JSON.stringify(other)).error.code).toBe('VALIDATION_FAILED');
  });
});

describe.each(dialects)('what the account routes answer on %s', (dialect) => {
  it('says in Spanish what went wrong on sign-in, sign-up, TOTP and reset, with no English', async () => {
    const { server } = await buildTestApp({}, { dialect });
    const browser = new TestClient(server);
    const account = newAccount('spanish');
    await browser.post('/api/auth/sign-up/email', account);
    const enroll = await browser.post('/api/auth/two-factor/enable', {
      password: account.password,
    });
    const secret = new URL((enroll.json() as { totpURI: string }).totpURI).searchParams.get(
      'secret',
    )!;
    await browser.post('/api/auth/two-factor/verify-totp', { code: totp(secret) });

    const stranger = new TestClient(server);
    const failures = {
      AUTH_INVALID_CREDENTIALS: await stranger.post('/api/auth/sign-in/email', {
        email: account.email,
        password: 'no-es-esta-clave',
      }),
      AUTH_ACCOUNT_EXISTS: await stranger.post('/api/auth/sign-up/email', account),
      AUTH_EMAIL_INVALID: await stranger.post('/api/auth/sign-up/email', {
        ...newAccount('sin-correo'),
        email: 'esto-no-es-un-correo',
      }),
      AUTH_RESET_LINK_INVALID: await stranger.post('/api/auth/reset-password', {
        token: 'inventado',
        newPassword: 'una-frase-nueva-larga-6',
      }),
      AUTH_REQUIRED: await stranger.post('/api/auth/change-password', {
        currentPassword: account.password,
        newPassword: 'una-frase-nueva-larga-6',
      }),
    };
    await stranger.post('/api/auth/sign-in/email', {
      email: account.email,
      password: account.password,
    });
    const wrongCode = await stranger.post('/api/auth/two-factor/verify-totp', { code: '000000' });
    const wrongPassword = await browser.post('/api/auth/two-factor/disable', {
      password: 'no-es-esta-clave',
    });

    for (const [code, response] of [
      ...Object.entries(failures),
      ['AUTH_TOTP_CODE_INVALID', wrongCode] as const,
      ['AUTH_PASSWORD_INCORRECT', wrongPassword] as const,
    ]) {
      expect(response.statusCode, code).toBeGreaterThanOrEqual(400);
      expect(apiErrorSchema.parse(response.json()).error, code).toEqual({
        code,
        message: errorMessages[code as keyof typeof errorMessages],
      });
      for (const english of englishMessages) expect(response.body, code).not.toContain(english);
    }
  });
});
