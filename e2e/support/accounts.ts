import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Creates a product account through the API (the sign-up form has its own spec); the page's
 * context keeps the session cookie, so the page is signed in from its next navigation.
 */
export async function signUpThroughApi(
  page: Page,
  baseUrl: string,
  email: string,
  company = 'Operador',
): Promise<void> {
  const response = await page.request.post(`${baseUrl}/api/auth/sign-up/email`, {
    headers: { Origin: baseUrl },
    data: {
      email,
      password: 'una-clave-segura',
      name: 'Ana Pérez',
      firstName: 'Ana',
      lastName: 'Pérez',
      company,
    },
  });
  expect(response.status()).toBe(200);
}
