import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { apiErrorSchema, profileSchema } from '@holgura/contracts';
import { buildTestApp, dialects } from '../../test-support';
import { newAccount, TestClient, totp } from './auth-test-client';

describe.each(dialects)('product accounts on %s', (dialect) => {
  const build = (overrides = {}) => buildTestApp(overrides, { dialect });

  it('signs up with the profile metadata and signs in', async () => {
    const { server } = await build();
    const browser = new TestClient(server);
    const account = newAccount('signup');

    const signUp = await browser.post('/api/auth/sign-up/email', account);
    expect(signUp.statusCode, signUp.body).toBe(200);

    const profile = profileSchema.parse((await browser.get('/api/profile')).json());
    expect(profile).toMatchObject({
      firstName: 'Ana',
      lastName: 'Gómez',
      company: 'XM S.A. E.S.P.',
      email: account.email,
      accountKind: 'holgura',
    });

    browser.clearCookies();
    expect((await browser.get('/api/profile')).statusCode).toBe(401);
    const signIn = await browser.post('/api/auth/sign-in/email', {
      email: account.email,
      password: account.password,
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const sessionResponse = await browser.get('/api/auth/get-session');
    const session = sessionResponse.json() as { user: { email: string } };
    expect(session.user.email).toBe(account.email);
    // A session check signs no token: that cost every cookie-authenticated call a JWKS read
    // and a signature; the web app asks /api/auth/token for its access token instead.
    expect(sessionResponse.headers['set-auth-jwt']).toBeUndefined();
    const token = await browser.get('/api/auth/token');
    expect((token.json() as { token: string }).token.split('.')).toHaveLength(3);
  });

  it('sets the session cookie HttpOnly and SameSite=Lax, and Secure behind HTTPS', async () => {
    for (const [publicUrl, secure] of [
      ['http://localhost:8080', false],
      ['https://holgura.ejemplo.co', true],
    ] as const) {
      const { server } = await build({ publicUrl });
      const response = await server.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: publicUrl },
        payload: newAccount(`cookie${secure ? 's' : ''}`),
      });
      expect(response.statusCode, response.body).toBe(200);
      const cookies = [response.headers['set-cookie']].flat().join('\n');
      const session = cookies.split('\n').find((line) => line.includes('session_token='))!;
      expect(session, publicUrl).toMatch(/HttpOnly/i);
      expect(session, publicUrl).toMatch(/SameSite=Lax/i);
      expect(/;\s*Secure/i.test(session), publicUrl).toBe(secure);
    }
  });

  it('refuses a wrong password without saying which part was wrong', async () => {
    const { server } = await build();
    const browser = new TestClient(server);
    const account = newAccount('wrong');
    await browser.post('/api/auth/sign-up/email', account);
    browser.clearCookies();
    const response = await browser.post('/api/auth/sign-in/email', {
      email: account.email,
      password: 'otra-contraseña',
    });
    expect(response.statusCode).toBe(401);
    expect(browser.hasCookies()).toBe(false);
  });

  it('gives a short-lived access token that the API accepts as a bearer and a JWKS to check it', async () => {
    const { server } = await build();
    const browser = new TestClient(server);
    await browser.post('/api/auth/sign-up/email', newAccount('token'));
    const { token } = (await browser.get('/api/auth/token')).json() as { token: string };
    const [, payload = ''] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
      exp: number;
      iat: number;
    };
    expect(claims.exp - claims.iat).toBe(15 * 60);

    const api = new TestClient(server);
    const profile = await api.get('/api/profile', { authorization: `Bearer ${token}` });
    expect(profile.statusCode, profile.body).toBe(200);

    const jwks = (await api.get('/.well-known/jwks.json')).json() as { keys: unknown[] };
    expect(jwks.keys.length).toBeGreaterThan(0);
  });

  it('rejects a forged bearer token with the Spanish session-expired message', async () => {
    const { server } = await build();
    const browser = new TestClient(server);
    await browser.post('/api/auth/sign-up/email', newAccount('forged'));
    const { token } = (await browser.get('/api/auth/token')).json() as { token: string };
    const forged = `${token.slice(0, -4)}AAAA`;
    const response = await new TestClient(server).get('/api/profile', {
      authorization: `Bearer ${forged}`,
    });
    expect(response.statusCode).toBe(401);
    expect(apiErrorSchema.parse(response.json()).error).toEqual({
      code: 'AUTH_TOKEN_INVALID',
      message: 'Sesión expirada. Vuelve a iniciar sesión.',
    });
  });

  it('signs out everywhere: every session of the account stops working', async () => {
    const { server } = await build();
    const laptop = new TestClient(server);
    const phone = new TestClient(server);
    const account = newAccount('signout');
    await laptop.post('/api/auth/sign-up/email', account);
    await phone.post('/api/auth/sign-in/email', {
      email: account.email,
      password: account.password,
    });
    // Both sessions are now among those the API confirmed recently (http/session-cache.ts)…
    expect((await phone.get('/api/profile')).statusCode).toBe(200);
    expect((await laptop.get('/api/profile')).statusCode).toBe(200);
    const laptopCookie = laptop.cookieHeader();

    expect((await laptop.post('/api/auth/revoke-sessions')).statusCode).toBe(200);
    expect((await laptop.post('/api/auth/sign-out')).statusCode).toBe(200);
    // …and stop working at once all the same, even a copy of the old cookie sent again.
    expect((await laptop.get('/api/profile')).statusCode).toBe(401);
    expect((await phone.get('/api/profile')).statusCode).toBe(401);
    const replayed = await server.inject({
      url: '/api/profile',
      headers: { cookie: laptopCookie },
    });
    expect(replayed.statusCode).toBe(401);
  });

  it('recovers a password through the outbox when no SMTP server is configured', async () => {
    const { server, db } = await build();
    const browser = new TestClient(server);
    const account = newAccount('recover');
    await browser.post('/api/auth/sign-up/email', account);
    browser.clearCookies();

    const request = await browser.post('/api/auth/request-password-reset', {
      email: account.email,
      redirectTo: 'http://localhost:8080/',
    });
    expect(request.statusCode, request.body).toBe(200);
    const mail = await db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', account.email)
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Holgura: restablece tu contraseña');
    const token = /reset-password\/([^?\s]+)/.exec(mail.body_text)?.[1];
    expect(token, mail.body_text).toBeDefined();
    // The database keeps only a hash of the reset token: a copy of it resets nothing.
    const { rows } = await sql<{ identifier: string }>`select identifier from verification`.execute(
      db,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.identifier).not.toContain(token!);

    const reset = await browser.post('/api/auth/reset-password', {
      token,
      newPassword: 'nueva-contraseña-2',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const signIn = await browser.post('/api/auth/sign-in/email', {
      email: account.email,
      password: 'nueva-contraseña-2',
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('enrolls, challenges, verifies and removes a TOTP second factor', async () => {
    const { server } = await build();
    const browser = new TestClient(server);
    const account = newAccount('totp');
    await browser.post('/api/auth/sign-up/email', account);

    const enroll = await browser.post('/api/auth/two-factor/enable', {
      password: account.password,
    });
    expect(enroll.statusCode, enroll.body).toBe(200);
    const { totpURI } = enroll.json() as { totpURI: string };
    const secret = new URL(totpURI).searchParams.get('secret')!;
    const confirm = await browser.post('/api/auth/two-factor/verify-totp', { code: totp(secret) });
    expect(confirm.statusCode, confirm.body).toBe(200);

    // Signing in again now stops at the second factor.
    const fresh = new TestClient(server);
    const first = await fresh.post('/api/auth/sign-in/email', {
      email: account.email,
      password: account.password,
    });
    expect(first.json()).toMatchObject({ twoFactorRedirect: true });
    expect((await fresh.get('/api/profile')).statusCode).toBe(401);
    const wrong = await fresh.post('/api/auth/two-factor/verify-totp', { code: '000000' });
    expect(wrong.statusCode).toBe(401);
    const verified = await fresh.post('/api/auth/two-factor/verify-totp', { code: totp(secret) });
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await fresh.get('/api/profile')).statusCode).toBe(200);

    const removed = await fresh.post('/api/auth/two-factor/disable', {
      password: account.password,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const again = await new TestClient(server).post('/api/auth/sign-in/email', {
      email: account.email,
      password: account.password,
    });
    expect(again.json()).not.toHaveProperty('twoFactorRedirect', true);
  });

  it('rate-limits sign-in attempts per client address with a Spanish message', async () => {
    const { server } = await build({ signInAttemptsPerMinute: 3 });
    const attacker = new TestClient(server, '10.1.2.3');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await attacker.post('/api/auth/sign-in/email', {
        email: 'nadie@ejemplo.co',
        password: `intento-${i}`,
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(apiErrorSchema.parse(response.json()).error.code).toBe('AUTH_RATE_LIMITED');
      }
    }
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.slice(3)).toEqual([429, 429]);
    // Someone else at another address is not locked out.
    const other = new TestClient(server, '10.9.9.9');
    const response = await other.post('/api/auth/sign-in/email', {
      email: 'nadie@ejemplo.co',
      password: 'x-12345678',
    });
    expect(response.statusCode).toBe(401);
  });
});
