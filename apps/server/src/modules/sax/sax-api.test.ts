import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiErrorSchema, clientConfigResponseSchema, profileSchema } from '@holgura/contracts';
import { buildTestApp, lastDataDir } from '../../app.test-support';
import type { LocalSaxProvider } from './local-provider';
import { freePort, signIn, TEST_CLIENT_ID, TEST_USER } from './sax.test-support';

/** The whole app listening on a real port: the local SAX issuer URL names it. */
async function startApp(testPassword: string | null = TEST_USER.password) {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const app = await buildTestApp({
    publicUrl,
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
    sax: { issuer: `${publicUrl}/sax` } as LocalSaxProvider,
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
});
