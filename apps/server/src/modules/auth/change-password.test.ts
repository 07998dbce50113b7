import { describe, expect, it } from 'vitest';
import { apiErrorSchema, errorMessages } from '@holgura/contracts';
import { buildTestApp, dialects } from '../../app.test-support';
import { newAccount, TestClient } from './auth.test-support';

describe.each(dialects)('password change on %s', (dialect) => {
  const build = () => buildTestApp({}, { dialect });

  /** One account signed in on two devices; both sessions confirmed by the API. */
  async function twoSessions(suffix: string) {
    const app = await build();
    const laptop = new TestClient(app.server);
    const phone = new TestClient(app.server);
    const account = newAccount(suffix);
    await laptop.post('/api/auth/sign-up/email', account);
    await phone.post('/api/auth/sign-in/email', {
      email: account.email,
      password: account.password,
    });
    expect((await laptop.get('/api/profile')).statusCode).toBe(200);
    expect((await phone.get('/api/profile')).statusCode).toBe(200);
    return { ...app, laptop, phone, account };
  }

  it("ends the account's other sessions by default: their cookies are refused at once", async () => {
    const { server, laptop, phone, account } = await twoSessions('change-revokes');
    const phoneToken = ((await phone.get('/api/auth/token')).json() as { token: string }).token;
    const laptopCookie = laptop.cookieHeader();

    const change = await laptop.post('/api/auth/change-password', {
      currentPassword: account.password,
      newPassword: 'otra-frase-de-acceso-8',
    });
    expect(change.statusCode, change.body).toBe(200);

    expect((await phone.get('/api/profile')).statusCode).toBe(401);
    const bearer = await new TestClient(server).get('/api/profile', {
      authorization: `Bearer ${phoneToken}`,
    });
    expect(bearer.statusCode).toBe(401);
    // The device that changed it stays signed in, on a new session: its old cookie is over too.
    expect((await laptop.get('/api/profile')).statusCode).toBe(200);
    const replayed = await server.inject({
      url: '/api/profile',
      headers: { cookie: laptopCookie },
    });
    expect(replayed.statusCode).toBe(401);
  });

  it('keeps the other sessions when asked to (revokeOtherSessions: false)', async () => {
    const { laptop, phone, account } = await twoSessions('change-keeps');
    const change = await laptop.post('/api/auth/change-password', {
      currentPassword: account.password,
      newPassword: 'otra-frase-de-acceso-9',
      revokeOtherSessions: false,
    });
    expect(change.statusCode, change.body).toBe(200);
    expect((await phone.get('/api/profile')).statusCode).toBe(200);
    expect((await laptop.get('/api/profile')).statusCode).toBe(200);
  });

  it('refuses a wrong current password or a weak new one in Spanish, changing nothing', async () => {
    const { laptop, phone, account } = await twoSessions('change-refused');
    const wrong = await laptop.post('/api/auth/change-password', {
      currentPassword: 'no-es-la-actual-1',
      newPassword: 'otra-frase-de-acceso-10',
    });
    expect(wrong.statusCode).toBe(400);
    expect(apiErrorSchema.parse(wrong.json()).error).toEqual({
      code: 'AUTH_PASSWORD_INCORRECT',
      message: errorMessages.AUTH_PASSWORD_INCORRECT,
    });
    const weak = await laptop.post('/api/auth/change-password', {
      currentPassword: account.password,
      newPassword: '12345678',
    });
    expect(apiErrorSchema.parse(weak.json()).error.code).toBe('AUTH_PASSWORD_WEAK');
    expect((await phone.get('/api/profile')).statusCode).toBe(200);
  });
});
