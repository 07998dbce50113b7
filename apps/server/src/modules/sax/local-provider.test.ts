import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localSaxSubject } from './local-provider';
import {
  Browser,
  TEST_CLIENT_ID,
  TEST_USER,
  authorizationUrl,
  exchangeCode,
  formAction,
  formPost,
  makePkce,
  signIn,
  startLocalSax,
  type RunningSax,
} from './sax.test-support';
import { createSaxTokenVerifier } from './token-verifier';

let running: RunningSax;

beforeAll(async () => {
  running = await startLocalSax();
});

afterAll(async () => {
  await running.app.close();
});

describe('local SAX provider', () => {
  it('publishes discovery under /sax with PKCE, the SAX scopes and the endpoints the web app needs', async () => {
    const response = await fetch(`${running.publicUrl}/sax/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const metadata = (await response.json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({
      issuer: `${running.publicUrl}/sax`,
      authorization_endpoint: `${running.publicUrl}/sax/auth`,
      token_endpoint: `${running.publicUrl}/sax/token`,
      jwks_uri: `${running.publicUrl}/sax/jwks`,
      end_session_endpoint: `${running.publicUrl}/sax/session/end`,
      code_challenge_methods_supported: ['S256'],
    });
    expect(metadata.scopes_supported).toEqual(
      expect.arrayContaining(['openid', 'profile', 'User.Read']),
    );
  });

  it('signs the seed user in with code + PKCE and issues an id token carrying their profile', async () => {
    const { idToken } = await signIn(running);
    const verifier = createSaxTokenVerifier({
      issuer: running.issuer,
      audience: TEST_CLIENT_ID,
    });
    const claims = await verifier.verify(idToken);
    expect(claims).toEqual({
      subject: localSaxSubject(TEST_USER.username),
      email: TEST_USER.email,
      givenName: TEST_USER.givenName,
      familyName: TEST_USER.familyName,
      name: `${TEST_USER.givenName} ${TEST_USER.familyName}`,
      expiresAt: expect.any(Number) as number,
    });
    const payload = decodeJwt(idToken);
    expect(payload.exp! - payload.iat!).toBe(3600);
    expect(claims.expiresAt).toBe(payload.exp! * 1000);
  });

  it('shows a Spanish, accessible login page and says so when the password is wrong', async () => {
    const browser = new Browser();
    const pkce = makePkce();
    const stopAt = `${running.publicUrl}/`;
    const login = await browser.navigate(authorizationUrl(running, pkce), stopAt);
    expect(login.kind).toBe('page');
    if (login.kind !== 'page') return;
    expect(login.status).toBe(200);
    expect(login.html).toContain('<html lang="es">');
    expect(login.html).toMatch(/<label for="username">Usuario<\/label>/);
    expect(login.html).toMatch(/<label for="password">Contraseña<\/label>/);
    expect(login.html).toMatch(/<button type="submit">Iniciar sesión<\/button>/);
    // Self-contained: no remote stylesheet, script or font.
    expect(login.html).not.toMatch(/<script|<link|@import|https?:\/\//);

    const failed = await browser.navigate(
      formAction(login.html, login.url),
      stopAt,
      formPost({ username: TEST_USER.username, password: 'not-the-password' }),
    );
    expect(failed.kind).toBe('page');
    if (failed.kind !== 'page') return;
    expect(failed.html).toContain('Usuario o contraseña incorrectos');
    expect(failed.html).toContain('role="alert"');

    // The same interaction still accepts the right password afterwards.
    const done = await browser.navigate(
      formAction(failed.html, failed.url),
      stopAt,
      formPost({ username: TEST_USER.username, password: TEST_USER.password }),
    );
    expect(done.kind).toBe('redirect');
  });

  it('forces the credential prompt on prompt=login even when a session exists', async () => {
    const { browser } = await signIn(running);
    const stopAt = `${running.publicUrl}/`;

    // The session is real: without prompt=login the provider answers at once with a code.
    const silent = await browser.navigate(
      authorizationUrl(running, makePkce(), { prompt: 'none' }),
      stopAt,
    );
    expect(silent.kind).toBe('redirect');
    if (silent.kind === 'redirect') expect(silent.url.searchParams.get('code')).toBeTruthy();

    const forced = await browser.navigate(authorizationUrl(running, makePkce()), stopAt);
    expect(forced.kind).toBe('page');
    if (forced.kind === 'page') expect(forced.html).toContain('Iniciar sesión');
  });

  it('accepts the popup callback page as redirect URI', async () => {
    const browser = new Browser();
    const pkce = makePkce();
    const redirectUri = `${running.publicUrl}/sax-popup-callback.html`;
    const login = await browser.navigate(
      authorizationUrl(running, pkce, { redirect_uri: redirectUri }),
      redirectUri,
    );
    if (login.kind !== 'page') throw new Error('expected the login page');
    const done = await browser.navigate(
      formAction(login.html, login.url),
      redirectUri,
      formPost({ username: TEST_USER.email, password: TEST_USER.password }),
    );
    if (done.kind !== 'redirect') throw new Error('expected a redirect with a code');
    const response = await exchangeCode(
      running,
      done.url.searchParams.get('code') ?? '',
      pkce.verifier,
      redirectUri,
    );
    expect(response.status).toBe(200);
  });

  it('refuses an authorization request without PKCE and a code with the wrong verifier', async () => {
    const browser = new Browser();
    const stopAt = `${running.publicUrl}/`;
    const noPkce = await browser.navigate(authorizationUrl(running, undefined), stopAt);
    expect(noPkce.kind).toBe('redirect');
    if (noPkce.kind === 'redirect')
      expect(noPkce.url.searchParams.get('error')).toBe('invalid_request');

    const pkce = makePkce();
    const login = await browser.navigate(authorizationUrl(running, pkce), stopAt);
    if (login.kind !== 'page') throw new Error('expected the login page');
    const done = await browser.navigate(
      formAction(login.html, login.url),
      stopAt,
      formPost({ username: TEST_USER.username, password: TEST_USER.password }),
    );
    if (done.kind !== 'redirect') throw new Error('expected a redirect with a code');
    const response = await exchangeCode(
      running,
      done.url.searchParams.get('code') ?? '',
      makePkce().verifier,
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it("lets only the web app's own origin read token responses across origins", async () => {
    const call = (origin: string) =>
      fetch(`${running.issuer}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: 'unknown',
          code_verifier: makePkce().verifier,
          redirect_uri: `${running.publicUrl}/`,
          client_id: TEST_CLIENT_ID,
        }).toString(),
      });
    const own = await call(running.publicUrl);
    expect(own.headers.get('access-control-allow-origin')).toBe(running.publicUrl);
    const foreign = await call('http://evil.example');
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('signs out through end_session in Spanish and returns to the home page', async () => {
    const { idToken, browser } = await signIn(running);
    const stopAt = `${running.publicUrl}/`;
    const url = new URL(`${running.issuer}/session/end`);
    url.searchParams.set('id_token_hint', idToken);
    url.searchParams.set('post_logout_redirect_uri', stopAt);
    url.searchParams.set('client_id', TEST_CLIENT_ID);
    const confirm = await browser.navigate(url.href, stopAt);
    if (confirm.kind !== 'page') throw new Error('expected the sign-out confirmation');
    expect(confirm.html).toContain('Cerrar sesión');
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(confirm.html)?.[1] ?? '';
    const done = await browser.navigate(
      formAction(confirm.html, confirm.url),
      stopAt,
      formPost({ xsrf, logout: 'yes' }),
    );
    expect(done.kind).toBe('redirect');

    // Signed out for real: a silent request now needs a login.
    const silent = await browser.navigate(
      authorizationUrl(running, makePkce(), { prompt: 'none' }),
      stopAt,
    );
    expect(silent.kind === 'redirect' && silent.url.searchParams.get('error')).toBe(
      'login_required',
    );
  });
});
