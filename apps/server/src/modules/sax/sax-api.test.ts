import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiErrorSchema, clientConfigResponseSchema, profileSchema } from '@holgura/contracts';
import { buildTestApp, lastDataDir } from '../../app.test-support';
import type { LocalSaxProvider } from './local-provider';
import { fetchAt, freePort, signIn, TEST_CLIENT_ID, TEST_USER } from './sax.test-support';

/**
 * The whole app listening on a real port: the local SAX issuer URL names it. `publicUrl: null`:
 * PUBLIC_URL unset (its default, http://localhost:PORT), each address has its own issuer.
 */
async function startApp(
  testPassword: string | null = TEST_USER.password,
  options: { publicUrl?: null } = {},
) {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const app = await buildTestApp({
    publicUrl: options.publicUrl === null ? `http://localhost:${port}` : publicUrl,
    sax: {
      issuer: null,
      clientId: TEST_CLIENT_ID,
      policy: 'B2C_1_holgura_signin',
      testPassword,
    },
  });
  await app.server.listen({ port, host: '127.0.0.1' });
  const running = {
    app: app.server,
    sax: {} as LocalSaxProvider,
    issuer: `${publicUrl}/sax`,
    publicUrl,
  };
  return { ...app, running, publicUrl };
}

describe('SAX sign-in through the local provider', () => {
  it('tells the web app where SAX is', async () => {
    const { publicUrl } = await startApp();
    const config = clientConfigResponseSchema.parse(
      await (await fetch(`${publicUrl}/api/config`)).json(),
    );
    expect(config.sax).toEqual({
      authority: `${publicUrl}/sax`,
      clientId: TEST_CLIENT_ID,
      policy: 'B2C_1_holgura_signin',
      scopes: 'openid profile User.Read',
      local: true,
    });
    expect(config.maxUploadBytes).toBe(10 * 1024 * 1024);
  });

  it('has no fixed test password: without SAX_TEST_PASSWORD each install makes its own', async () => {
    const { running, server } = await startApp(null);
    const dataDir = lastDataDir();
    const file = path.join(dataDir, 'sax-test-password');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const password = fs.readFileSync(file, 'utf8').trim();
    expect(password.length).toBeGreaterThanOrEqual(16);
    await expect(signIn(running, undefined, 'prueba-sax')).rejects.toThrow(
      /expected a redirect with a code/,
    );
    const { idToken } = await signIn(running, undefined, password);
    const response = await server.inject({
      url: '/api/profile',
      headers: { authorization: `Bearer ${idToken}` },
    });
    expect(response.statusCode).toBe(200);
  });

  it('accepts the id token as a bearer and creates the profile from its claims on first use', async () => {
    const { running, publicUrl } = await startApp();
    const { idToken } = await signIn(running);
    const headers = { authorization: `Bearer ${idToken}` };

    const response = await fetch(`${publicUrl}/api/profile`, { headers });
    expect(response.status).toBe(200);
    expect(profileSchema.parse(await response.json())).toMatchObject({
      email: TEST_USER.email,
      firstName: TEST_USER.givenName,
      lastName: TEST_USER.familyName,
      accountKind: 'sax',
    });

    const edit = await fetch(`${publicUrl}/api/profile`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'X', lastName: 'Y', company: 'Z' }),
    });
    expect(edit.status).toBe(403);
    expect(apiErrorSchema.parse(await edit.json()).error.message).toBe(
      'Solo las cuentas de Holgura pueden editar su perfil',
    );
  });

  it('rejects a tampered id token', async () => {
    const { running, publicUrl } = await startApp();
    const { idToken } = await signIn(running);
    const [header, payload, signature = ''] = idToken.split('.');
    const tampered = `${header}.${payload}.${signature.slice(0, -2)}xx`;
    const response = await fetch(`${publicUrl}/api/profile`, {
      headers: { authorization: `Bearer ${tampered}` },
    });
    expect(response.status).toBe(401);
    expect(apiErrorSchema.parse(await response.json()).error.code).toBe('AUTH_TOKEN_INVALID');
  });

  it('with PUBLIC_URL set, names its issuer whatever address the page was opened at', async () => {
    const { publicUrl } = await startApp();
    const port = new URL(publicUrl).port;
    const config = clientConfigResponseSchema.parse(
      await (await fetchAt(`http://holgura.lan:${port}/api/config`)).json(),
    );
    expect(config.sax.authority).toBe(`${publicUrl}/sax`);
    expect(config.publicUrl).toBe(publicUrl);
  });
});

describe('SAX sign-in through the local provider without PUBLIC_URL (issue #29)', () => {
  it('tells each page the issuer of the address it was opened at', async () => {
    const { publicUrl } = await startApp(TEST_USER.password, { publicUrl: null });
    const port = new URL(publicUrl).port;
    for (const origin of [publicUrl, `http://localhost:${port}`, `http://holgura.lan:${port}`]) {
      const response = await fetchAt(`${origin}/api/config`);
      const config = clientConfigResponseSchema.parse(await response.json());
      expect(config.sax.authority).toBe(`${origin}/sax`);
      expect(config.publicUrl).toBeNull();
    }
  });

  it('accepts a token at the address that minted it, not at another one', async () => {
    const { running, publicUrl } = await startApp(TEST_USER.password, { publicUrl: null });
    const lanUrl = `http://holgura.lan:${new URL(publicUrl).port}`;
    const lan = { ...running, publicUrl: lanUrl, issuer: `${lanUrl}/sax` };
    const { idToken } = await signIn(lan);
    const profile = (origin: string) =>
      fetchAt(`${origin}/api/profile`, { headers: { authorization: `Bearer ${idToken}` } });

    const own = await profile(lan.publicUrl);
    expect(own.status).toBe(200);
    expect(profileSchema.parse(await own.json())).toMatchObject({
      email: TEST_USER.email,
      accountKind: 'sax',
    });
    // Remembered as good at holgura.lan only: 127.0.0.1 checks it, against its own issuer.
    const elsewhere = await profile(publicUrl);
    expect(elsewhere.status).toBe(401);
    expect(apiErrorSchema.parse(await elsewhere.json()).error.code).toBe('AUTH_TOKEN_INVALID');
    expect((await profile(lan.publicUrl)).status).toBe(200);

    const { idToken: loopbackToken } = await signIn(running);
    const loopback = await fetchAt(`${publicUrl}/api/profile`, {
      headers: { authorization: `Bearer ${loopbackToken}` },
    });
    expect(loopback.status).toBe(200);
  });
});
