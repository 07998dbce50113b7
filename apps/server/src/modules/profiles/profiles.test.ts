import { describe, expect, it } from 'vitest';
import { apiErrorSchema, profileSchema } from '@holgura/contracts';
import { buildTestApp, dialects } from '../../app.test-support';
import { newAccount, TestClient } from '../auth/auth.test-support';

describe.each(dialects)('profile on %s', (dialect) => {
  it('updates first name, last name and company, trimmed, and never the email', async () => {
    const { server } = await buildTestApp({}, { dialect });
    const browser = new TestClient(server);
    const account = newAccount('profile');
    await browser.post('/api/auth/sign-up/email', account);

    const response = await browser.put('/api/profile', {
      firstName: '  Beatriz ',
      lastName: ' Rojas',
      company: ' UPME ',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(profileSchema.parse(response.json())).toMatchObject({
      firstName: 'Beatriz',
      lastName: 'Rojas',
      company: 'UPME',
      email: account.email,
    });

    const session = (await browser.get('/api/auth/get-session')).json() as {
      user: { name: string };
    };
    expect(session.user.name).toBe('Beatriz Rojas');

    const withEmail = await browser.put('/api/profile', {
      firstName: 'B',
      lastName: 'R',
      company: 'U',
      email: 'otra@ejemplo.co',
    });
    expect(withEmail.statusCode).toBe(400);
    const after = profileSchema.parse((await browser.get('/api/profile')).json());
    expect(after.email).toBe(account.email);
  });

  it('refuses empty required fields with the field named in Spanish', async () => {
    const { server } = await buildTestApp({}, { dialect });
    const browser = new TestClient(server);
    await browser.post('/api/auth/sign-up/email', newAccount('blank'));
    const response = await browser.put('/api/profile', {
      firstName: 'Ana',
      lastName: '   ',
      company: 'XM',
    });
    expect(response.statusCode).toBe(400);
    expect(apiErrorSchema.parse(response.json()).error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'El apellido es obligatorio',
    });
  });

  it('refuses a cookie-authenticated write from another site', async () => {
    const { server } = await buildTestApp({}, { dialect });
    const browser = new TestClient(server);
    await browser.post('/api/auth/sign-up/email', newAccount('csrf'));
    const forged = await browser.request({
      method: 'PUT',
      url: '/api/profile',
      body: { firstName: 'Mallory', lastName: 'X', company: 'Y' },
      headers: { origin: 'https://sitio-malicioso.example' },
    });
    expect(forged.statusCode).toBe(403);
    expect(apiErrorSchema.parse(forged.json()).error.code).toBe('CROSS_SITE_REQUEST');
    const profile = profileSchema.parse((await browser.get('/api/profile')).json());
    expect(profile.firstName).toBe('Ana');
  });

  it('requires someone signed in', async () => {
    const { server } = await buildTestApp({}, { dialect });
    const response = await new TestClient(server).get('/api/profile');
    expect(response.statusCode).toBe(401);
    expect(apiErrorSchema.parse(response.json()).error).toEqual({
      code: 'AUTH_REQUIRED',
      message: 'Usuario no autenticado',
    });
  });
});
