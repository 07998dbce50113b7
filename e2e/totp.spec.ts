import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { saveScreenshot, useBrowser } from './support/browser';

const session = useBrowser();

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s), what an authenticator app shows for `secret`. */
function totp(base32Secret: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of base32Secret.replace(/=+$/, '').toUpperCase()) {
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  }
  const bytes = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => Number.parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const hmac = createHmac('sha1', bytes).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0xf;
  const code = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(code).padStart(6, '0');
}

describe('two-factor sign-in', () => {
  it('asks for the authenticator code after the password, then signs in', async () => {
    const email = 'totp.e2e@example.co';
    const password = 'una-clave-segura';
    const setup = await session.newPage();
    const origin = { Origin: session.baseUrl };
    const signUp = await setup.request.post(`${session.baseUrl}/api/auth/sign-up/email`, {
      headers: origin,
      data: {
        email,
        password,
        name: 'Ana Pérez',
        firstName: 'Ana',
        lastName: 'Pérez',
        company: 'O',
      },
    });
    expect(signUp.status()).toBe(200);
    const enable = await setup.request.post(`${session.baseUrl}/api/auth/two-factor/enable`, {
      headers: origin,
      data: { password },
    });
    expect(enable.status()).toBe(200);
    const { totpURI } = (await enable.json()) as { totpURI: string };
    const secret = new URL(totpURI).searchParams.get('secret') ?? '';
    // The factor counts once a first code is verified.
    const verify = await setup.request.post(`${session.baseUrl}/api/auth/two-factor/verify-totp`, {
      headers: origin,
      data: { code: totp(secret) },
    });
    expect(verify.status()).toBe(200);

    const page = await session.newPage();
    await page.goto(`${session.baseUrl}/`);
    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Acceso a Holgura' });
    await dialog.getByRole('tab', { name: 'Holgura' }).click();
    await dialog.getByLabel('Correo electrónico').fill(email);
    await dialog.getByLabel('Contraseña').fill(password);
    await dialog.getByRole('button', { name: 'Iniciar sesión' }).click();

    const code = dialog.getByLabel('Código de verificación');
    await code.waitFor();
    expect(await page.getByTestId('user-name').count()).toBe(0);
    await saveScreenshot(page, 'accounts-totp-step');
    await code.fill(totp(secret));
    await dialog.getByRole('button', { name: 'Verificar' }).click();

    await page.getByText('Sesión iniciada', { exact: true }).waitFor();
    await page.getByTestId('user-name').getByText('Ana Pérez').waitFor();
  });
});
