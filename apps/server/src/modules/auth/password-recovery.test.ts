import os from 'node:os';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { apiErrorSchema, errorMessages } from '@holgura/contracts';
import type { Db } from '../../db/database';
import { buildTestApp, dialects } from '../../app.test-support';
import { newAccount, TestClient, totp } from './auth.test-support';

/** The link in the last reset mail written to the outbox for `email`. */
async function mailedLink(db: Db, email: string): Promise<URL> {
  const mails = await db
    .selectFrom('mail_outbox')
    .select(['subject', 'body_text'])
    .where('to_address', '=', email)
    .execute();
  const last = mails.at(-1);
  expect(last?.subject).toBe('Holgura: restablece tu contraseña');
  const link = /https?:\/\/\S+/.exec(last!.body_text)?.[0];
  expect(link, last!.body_text).toBeDefined();
  return new URL(link!);
}

/** Opens a mailed link as a browser at that address would: the redirect it answers. */
async function openLink(client: TestClient, link: URL) {
  const response = await client.get(`${link.pathname}${link.search}`, { host: link.host });
  expect(response.statusCode, response.body).toBe(302);
  return new URL(String(response.headers.location));
}

/** An address of this machine, as a user on the network reaches it (not localhost). */
const machine =
  Object.values(os.networkInterfaces())
    .flat()
    .find((address) => address?.family === 'IPv4' && !address.internal)?.address ?? os.hostname();

describe.each(dialects)('password recovery on %s', (dialect) => {
  const build = (overrides = {}) => buildTestApp(overrides, { dialect });

  it('mails a link on the address the user reached Holgura at, which opens the reset page; the new password signs in', async () => {
    const { server, db } = await build();
    const account = newAccount('recovery-link');
    const owner = new TestClient(server);
    await owner.post('/api/auth/sign-up/email', account);
    const other = new TestClient(server);
    await other.post('/api/auth/sign-in/email', {
      email: account.email,
      password: account.password,
    });

    // PUBLIC_URL is the default (http://localhost:8080); the user typed the machine's address.
    const browser = new TestClient(server);
    const at = { host: `${machine}:8080`, origin: `http://${machine}:8080` };
    const request = await browser.post(
      '/api/auth/request-password-reset',
      { email: account.email, redirectTo: 'https://otro-sitio.co/robar' },
      at,
    );
    expect(request.statusCode, request.body).toBe(200);
    expect(request.json()).toEqual({ status: true });

    const link = await mailedLink(db, account.email);
    expect(link.origin).toBe(`http://${machine}:8080`);
    expect(link.pathname).toMatch(/^\/api\/auth\/reset-password\/[A-Za-z0-9]+$/);
    // The client's redirectTo plays no part: the link ends on the app's own page.
    const page = await openLink(browser, link);
    expect(page.origin + page.pathname).toBe(`http://${machine}:8080/restablecer-contrasena`);
    const token = page.searchParams.get('token');
    expect(token).toBe(link.pathname.split('/').at(-1));

    const reset = await browser.post(
      '/api/auth/reset-password',
      { token, newPassword: 'nueva-frase-de-acceso-7' },
      at,
    );
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toEqual({ status: true, signedIn: true, twoFactorRedirect: false });
    // Signed in at once, and every earlier session is over.
    expect((await browser.get('/api/profile')).statusCode).toBe(200);
    expect((await other.get('/api/profile')).statusCode).toBe(401);
    expect((await owner.get('/api/profile')).statusCode).toBe(401);

    const stranger = new TestClient(server);
    const old = await stranger.post('/api/auth/sign-in/email', {
      email: account.email,
      password: account.password,
    });
    expect(old.statusCode).toBe(401);
    expect(apiErrorSchema.parse(old.json()).error.code).toBe('AUTH_INVALID_CREDENTIALS');
    const fresh = await stranger.post('/api/auth/sign-in/email', {
      email: account.email,
      password: 'nueva-frase-de-acceso-7',
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('never mails a link to a host that is not this machine’s (reset poisoning): the default PUBLIC_URL instead', async () => {
    const { server, db } = await build();
    const account = newAccount('recovery-poisoning');
    await new TestClient(server).post('/api/auth/sign-up/email', account);
    const response = await new TestClient(server).post(
      '/api/auth/request-password-reset',
      { email: account.email },
      { host: 'atacante.example:8080', origin: 'http://atacante.example:8080' },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect((await mailedLink(db, account.email)).origin).toBe('http://localhost:8080');
  });

  it('uses PUBLIC_URL in the link when it is set, whatever address the request came to', async () => {
    const publicUrl = 'https://holgura.ejemplo.co';
    const { server, db } = await build({ publicUrl });
    const account = newAccount('recovery-public-url');
    const headers = { origin: publicUrl };
    await new TestClient(server).post('/api/auth/sign-up/email', account, headers);
    const response = await new TestClient(server).post(
      '/api/auth/request-password-reset',
      { email: account.email },
      { ...headers, host: 'holgura-01:8080' },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect((await mailedLink(db, account.email)).origin).toBe(publicUrl);
  });

  it('answers an unknown address exactly as a known one, and mails nothing', async () => {
    const { server, db } = await build();
    const account = newAccount('recovery-known');
    await new TestClient(server).post('/api/auth/sign-up/email', account);
    const known = await new TestClient(server).post('/api/auth/request-password-reset', {
      email: account.email,
    });
    const unknown = await new TestClient(server).post('/api/auth/request-password-reset', {
      email: 'nadie.registrado@ejemplo.co',
    });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(unknown.json()).toEqual({ status: true });
    const mails = await db.selectFrom('mail_outbox').select('to_address').execute();
    expect(mails.map((mail) => mail.to_address)).toEqual([account.email]);
  });

  it('limits reset requests like sign-in, per address and per account, in Spanish', async () => {
    const { server, db } = await build({ signInAttemptsPerMinute: 3 });
    const account = newAccount('recovery-limit');
    await new TestClient(server, '10.3.0.1').post('/api/auth/sign-up/email', account);

    // One account from many addresses (mail-bombing someone): 3 mails, then 429.
    const perAccount: number[] = [];
    for (let i = 0; i < 5; i++) {
      const client = new TestClient(server, `10.3.1.${i + 1}`);
      const response = await client.post('/api/auth/request-password-reset', {
        email: account.email,
      });
      perAccount.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(apiErrorSchema.parse(response.json()).error).toEqual({
          code: 'AUTH_RATE_LIMITED',
          message: errorMessages.AUTH_RATE_LIMITED,
        });
      }
    }
    expect(perAccount).toEqual([200, 200, 200, 429, 429]);
    const mails = await db.selectFrom('mail_outbox').select('id').execute();
    expect(mails).toHaveLength(3);

    // One address trying many accounts, known or not.
    const prober = new TestClient(server, '10.3.2.1');
    const perAddress: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await prober.post('/api/auth/request-password-reset', {
        email: `alguien${i}@ejemplo.co`,
      });
      perAddress.push(response.statusCode);
    }
    expect(perAddress).toEqual([200, 200, 200, 429, 429]);
  });

  it('sends a used, expired or made-up link to the app page with error=INVALID_TOKEN, never to better-auth’s English page', async () => {
    const { server, db } = await build();
    const account = newAccount('recovery-invalid');
    const browser = new TestClient(server);
    await browser.post('/api/auth/sign-up/email', account);

    const madeUp = await openLink(
      browser,
      new URL('http://localhost:8080/api/auth/reset-password/inventado123'),
    );
    expect(madeUp.href).toBe('http://localhost:8080/restablecer-contrasena?error=INVALID_TOKEN');
    // Without its callback (the audit's first try), and better-auth's error page itself.
    const errorPage = await browser.get('/api/auth/error?error=INVALID_TOKEN');
    expect(errorPage.statusCode).toBe(302);
    expect(errorPage.headers.location).toBe('/restablecer-contrasena?error=INVALID_TOKEN');
    expect(errorPage.body).not.toMatch(/[A-Za-z]{3,} (token|error)/i);

    // Used.
    await browser.post('/api/auth/request-password-reset', { email: account.email });
    const link = await mailedLink(db, account.email);
    const token = link.pathname.split('/').at(-1);
    const first = await browser.post('/api/auth/reset-password', {
      token,
      newPassword: 'primera-frase-nueva-3',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect((await openLink(browser, link)).searchParams.get('error')).toBe('INVALID_TOKEN');
    const again = await browser.post('/api/auth/reset-password', {
      token,
      newPassword: 'segunda-frase-nueva-4',
    });
    expect(again.statusCode).toBe(400);
    expect(apiErrorSchema.parse(again.json()).error).toEqual({
      code: 'AUTH_RESET_LINK_INVALID',
      message: errorMessages.AUTH_RESET_LINK_INVALID,
    });

    // Expired: an hour has passed.
    await browser.post('/api/auth/request-password-reset', { email: account.email });
    const expiring = await mailedLink(db, account.email);
    await sql`update verification set "expiresAt" = ${new Date(Date.now() - 1000).toISOString()}`.execute(
      db,
    );
    expect((await openLink(browser, expiring)).searchParams.get('error')).toBe('INVALID_TOKEN');
  });

  it('stops at the second factor after a reset of an account that has one', async () => {
    const { server, db } = await build();
    const account = newAccount('recovery-totp');
    const owner = new TestClient(server);
    await owner.post('/api/auth/sign-up/email', account);
    const enroll = await owner.post('/api/auth/two-factor/enable', { password: account.password });
    const secret = new URL((enroll.json() as { totpURI: string }).totpURI).searchParams.get(
      'secret',
    )!;
    await owner.post('/api/auth/two-factor/verify-totp', { code: totp(secret) });

    const browser = new TestClient(server);
    await browser.post('/api/auth/request-password-reset', { email: account.email });
    const link = await mailedLink(db, account.email);
    const reset = await browser.post('/api/auth/reset-password', {
      token: link.pathname.split('/').at(-1),
      newPassword: 'frase-nueva-con-totp-5',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toEqual({ status: true, signedIn: false, twoFactorRedirect: true });
    expect((await browser.get('/api/profile')).statusCode).toBe(401);
    const verified = await browser.post('/api/auth/two-factor/verify-totp', {
      code: totp(secret),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await browser.get('/api/profile')).statusCode).toBe(200);
  });
});
