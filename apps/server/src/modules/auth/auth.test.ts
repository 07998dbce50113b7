import { sql } from 'kysely';
import { symmetricDecrypt } from 'better-auth/crypto';
import { importJWK, SignJWT, type JWK } from 'jose';
import { describe, expect, it } from 'vitest';
import { apiErrorSchema, profileSchema } from '@holgura/contracts';
import { buildTestApp, dialects, sqliteOnly, testConfig } from '../../app.test-support';
import { newAccount, TestClient, totp } from './auth.test-support';

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

  it('sets the session cookie HttpOnly and SameSite=Lax, and Secure behind HTTPS', async ({
    skip,
  }) => {
    sqliteOnly(dialect, skip, 'sign-up in ‘signs up with the profile metadata and signs in’');
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

  it('refuses a wrong password without saying which part was wrong', async ({ skip }) => {
    sqliteOnly(
      dialect,
      skip,
      'the account read on sign-in in ‘signs up with the profile metadata and signs in’',
    );
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

  it('rejects a forged bearer token with the Spanish session-expired message', async ({ skip }) => {
    sqliteOnly(dialect, skip, 'tokens and keys in ‘gives a short-lived access token’');
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
      email: 'alguien@ejemplo.co',
      password: 'x-12345678',
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses common and easily guessed passwords, on sign-up and on reset, in Spanish', async ({
    skip,
  }) => {
    sqliteOnly(dialect, skip, 'nothing: refused before anything is stored');
    const { server } = await build();
    const browser = new TestClient(server);
    for (const password of ['12345678', 'password1', 'qwertyuiop']) {
      const response = await browser.post('/api/auth/sign-up/email', {
        ...newAccount('weak'),
        password,
      });
      expect(response.statusCode, password).toBe(400);
      expect(apiErrorSchema.parse(response.json()).error, password).toEqual({
        code: 'AUTH_PASSWORD_WEAK',
        message:
          'La contraseña es demasiado común o fácil de adivinar. Usa al menos 8 caracteres y evita palabras, nombres, fechas y secuencias conocidas (por ejemplo, una frase de varias palabras).',
      });
    }
    expect(browser.hasCookies()).toBe(false);
    const reset = await browser.post('/api/auth/reset-password', {
      token: 'cualquiera',
      newPassword: '12345678',
    });
    expect(reset.statusCode).toBe(400);
    expect(apiErrorSchema.parse(reset.json()).error.code).toBe('AUTH_PASSWORD_WEAK');
  });

  it('stops accepting an access token as soon as its session ends: sign-out, password reset', async () => {
    const { server, db } = await build();
    const browser = new TestClient(server);
    const account = newAccount('token-revoked');
    await browser.post('/api/auth/sign-up/email', account);
    const first = ((await browser.get('/api/auth/token')).json() as { token: string }).token;
    const api = new TestClient(server);
    const bearer = (token: string) => api.get('/api/profile', { authorization: `Bearer ${token}` });
    expect((await bearer(first)).statusCode).toBe(200);
    // Before issue #16 the token kept working for its 15 minutes.
    expect((await browser.post('/api/auth/sign-out')).statusCode).toBe(200);
    expect((await bearer(first)).statusCode).toBe(401);

    await browser.post('/api/auth/sign-in/email', {
      email: account.email,
      password: account.password,
    });
    const second = ((await browser.get('/api/auth/token')).json() as { token: string }).token;
    expect((await bearer(second)).statusCode).toBe(200);
    await browser.post('/api/auth/request-password-reset', {
      email: account.email,
      redirectTo: 'http://localhost:8080/',
    });
    const mail = await db
      .selectFrom('mail_outbox')
      .select('body_text')
      .where('to_address', '=', account.email)
      .executeTakeFirstOrThrow();
    const resetToken = /reset-password\/([^?\s]+)/.exec(mail.body_text)?.[1];
    const reset = await new TestClient(server).post('/api/auth/reset-password', {
      token: resetToken,
      newPassword: 'otra-clave-bastante-larga-9',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await bearer(second)).statusCode).toBe(401);
  });

  it('refuses a token signed with our key that has no expiry', async () => {
    const { server, database } = await build();
    const browser = new TestClient(server);
    await browser.post('/api/auth/sign-up/email', newAccount('no-exp'));
    const good = ((await browser.get('/api/auth/token')).json() as { token: string }).token;
    const claims = JSON.parse(Buffer.from(good.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    // Sign the same claims, minus exp, with the server's own private key.
    const { rows } = await sql<{ id: string; privateKey: string; alg: string | null }>`
      select id, "privateKey", alg from jwks`.execute(database.authDb);
    const key = rows[0]!;
    const jwk = JSON.parse(
      await symmetricDecrypt({ key: testConfig().authSecret!, data: JSON.parse(key.privateKey) }),
    ) as JWK;
    const alg = key.alg ?? 'EdDSA';
    const { exp: _exp, ...withoutExp } = claims;
    const forged = await new SignJWT(withoutExp)
      .setProtectedHeader({ alg, kid: key.id })
      .sign(await importJWK(jwk, alg));
    const response = await new TestClient(server).get('/api/profile', {
      authorization: `Bearer ${forged}`,
    });
    expect(response.statusCode).toBe(401);
    expect(apiErrorSchema.parse(response.json()).error.code).toBe('AUTH_TOKEN_INVALID');
    const fine = await new TestClient(server).get('/api/profile', {
      authorization: `Bearer ${good}`,
    });
    expect(fine.statusCode).toBe(200);
  });

  it('limits failed sign-ins per account too, whatever address they come from', async () => {
    const { server } = await build({ signInAttemptsPerMinute: 3 });
    const owner = new TestClient(server, '10.0.0.1');
    const account = newAccount('per-account');
    await owner.post('/api/auth/sign-up/email', account);
    // Behind one load balancer, or from many addresses: the account still gets 3 tries.
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const attacker = new TestClient(server, `10.2.0.${i + 1}`);
      const response = await attacker.post('/api/auth/sign-in/email', {
        email: account.email.toUpperCase(),
        password: `intento-${i}`,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    // Another account from the same addresses is not held back.
    const other = new TestClient(server, '10.2.0.1');
    const response = await other.post('/api/auth/sign-in/email', {
      email: 'otra@ejemplo.co',
      password: 'x-12345678',
    });
    expect(response.statusCode).toBe(401);
  });

  it('accepts sign-in from the address the user typed, refusing other sites in Spanish', async ({
    skip,
  }) => {
    sqliteOnly(dialect, skip, 'sign-up in ‘signs up with the profile metadata and signs in’');
    const { server } = await build({ allowedOrigins: ['https://portal.operador.co'] });
    const signUp = (origin: string, host: string, who: string) =>
      server.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin, host },
        payload: newAccount(who),
      });
    // PUBLIC_URL is http://localhost:8080; before issue #16 these two were 403 INVALID_ORIGIN.
    expect((await signUp('http://127.0.0.1:8080', '127.0.0.1:8080', 'by-ip')).statusCode).toBe(200);
    const byName = await signUp('http://holgura-01:8080', 'holgura-01:8080', 'by-name');
    expect(byName.statusCode).toBe(200);
    expect(
      (await signUp('https://portal.operador.co', 'holgura-01:8080', 'allowed')).statusCode,
    ).toBe(200);
    const refused = await signUp('http://otro-sitio.co', 'holgura-01:8080', 'refused');
    expect(refused.statusCode).toBe(403);
    expect(apiErrorSchema.parse(refused.json()).error.code).toBe('AUTH_ORIGIN_REFUSED');
    // A cookie write from the page at the network name is Holgura's own too.
    const cookie = [byName.headers['set-cookie']]
      .flat()
      .map((line) => String(line).split(';')[0])
      .join('; ');
    const edit = await server.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: { origin: 'http://holgura-01:8080', host: 'holgura-01:8080', cookie },
      payload: { firstName: 'Ana', lastName: 'Gómez', company: 'XM' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const foreign = await server.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: { origin: 'http://otro-sitio.co', host: 'holgura-01:8080', cookie },
      payload: { firstName: 'Ana', lastName: 'Gómez', company: 'XM' },
    });
    expect(foreign.statusCode).toBe(403);
  });
});
