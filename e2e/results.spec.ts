import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useOwnServer } from './own-server';
import { saveScreenshot, useBrowser } from './support/browser';

// Its own server WITH the bundled demo study (the shared harness runs with DEMO_DATA=off).
const server = useOwnServer({ DEMO_DATA: 'on' });
const session = useBrowser();

/** Signs up through the API; the page carries the session cookie. */
async function signedInPage(email: string, viewport?: { width: number; height: number }) {
  const page = await session.newPage(viewport === undefined ? {} : { viewport });
  const response = await page.request.post(`${server.url}/api/auth/sign-up/email`, {
    headers: { Origin: server.url },
    data: {
      email,
      password: 'una-clave-segura',
      name: 'Ana Pérez',
      firstName: 'Ana',
      lastName: 'Pérez',
      company: 'Generadora',
    },
  });
  expect(response.status()).toBe(200);
  return page;
}

/** The demo study is computed on first start: wait until its families are listed. */
async function waitForDemoFamilies(page: Page) {
  const deadline = Date.now() + 240_000;
  for (;;) {
    const response = await page.request.get(`${server.url}/api/cases`);
    const body = (await response.json()) as { cases: { familyId: string | null }[] };
    const families = new Set(body.cases.map((item) => item.familyId).filter((id) => id !== null));
    const stats = (await (await page.request.get(`${server.url}/api/stats`)).json()) as {
      scenariosAnalysed: number;
    };
    if (families.size === 25 && stats.scenariosAnalysed >= 450) return body.cases.length;
    if (Date.now() > deadline) throw new Error('The demo study was not computed in time');
    await page.waitForTimeout(2000);
  }
}

describe('/resultados with the demo study', () => {
  it('selects a family, loads its cards one case at a time, switches year tabs, resets paging and throttles refresh', async () => {
    const page = await signedInPage('resultados@example.co');
    const started = Date.now();
    const count = await waitForDemoFamilies(page);
    console.log(`demo study ready after ${Math.round((Date.now() - started) / 1000)} s`);
    expect(count).toBeGreaterThanOrEqual(450);

    await page.goto(`${server.url}/resultados`);
    await page
      .getByRole('heading', { level: 1, name: 'Capacidad de conexión en barras' })
      .waitFor();
    await page.getByTestId('results-stat-busbarsEvaluated').getByText('25').waitFor();
    const table = page.getByRole('table', {
      name: 'Barras del estudio de capacidad de conexión',
    });
    await table.waitFor();
    // Default page size 10, 25 families.
    expect(await table.getByRole('row').count()).toBe(11);
    await page.getByText('Página 1 de 3').waitFor();
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByText('Página 2 de 3').waitFor();
    await page.getByLabel('Filas por página').selectOption('5');
    await page.getByText('Página 1 de 5').waitFor();
    await page.getByLabel('Filas por página').selectOption('10');
    await page.getByText('Página 1 de 3').waitFor();

    // Refresh is throttled: a second click within 3 s does not refetch.
    let refetches = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/cases') refetches += 1;
    });
    const refresh = page.getByRole('button', { name: 'Actualizar' });
    await refresh.click();
    await page.waitForTimeout(500);
    const afterFirst = refetches;
    expect(afterFirst).toBeGreaterThanOrEqual(1);
    expect(await refresh.getAttribute('aria-disabled')).toBe('true');
    // Playwright waits for an aria-disabled button to be enabled; force the click within 3 s.
    await refresh.click({ force: true });
    await page.waitForTimeout(500);
    expect(refetches).toBe(afterFirst);
    await page.waitForTimeout(2500);
    expect(await refresh.getAttribute('aria-disabled')).toBe('false');
    await refresh.click();
    await page.waitForTimeout(500);
    expect(refetches).toBeGreaterThan(afterFirst);

    // Select the first family: 18 cases (3 scenarios × 6 years).
    const firstRow = table.getByRole('row').nth(1);
    const familyName = (await firstRow.getByRole('cell').nth(2).textContent()) ?? '';
    await firstRow.getByRole('cell').nth(2).click();
    await page
      .getByTestId('selected-family')
      .getByText(/18 casos/)
      .waitFor();
    const cardsStarted = Date.now();
    // One case at a time with a 500 ms pause: 18 cases take more than 8,5 s.
    await page
      .getByText(/Cargando resultados\.\.\./)
      .first()
      .waitFor();
    await page.getByRole('tab', { name: 'Todos' }).waitFor();
    await page.waitForFunction(
      () => document.querySelectorAll('[role="tabpanel"] article').length === 18,
      undefined,
      { timeout: 60_000 },
    );
    expect(Date.now() - cardsStarted).toBeGreaterThan(8000);
    const firstCard = page.getByRole('article').first();
    expect(await firstCard.textContent()).toContain(familyName.trim());
    expect(await firstCard.getByTestId('card-capacity').textContent()).toMatch(
      /^\d{1,3}(\.\d{3})*,\d$/,
    );
    await page.getByRole('img', { name: /Gráfico de líneas: capacidad de conexión/ }).waitFor();
    await page.getByTestId('network-label').waitFor();
    await page.getByText(/Resultados vigentes al/).waitFor();
    await page.getByText(/no son simultáneas ni aditivas/).waitFor();
    await saveScreenshot(page, 'results-family-all');

    const yearTabs = page.getByRole('tablist', { name: 'Filtrar por año' }).getByRole('tab');
    expect(await yearTabs.count()).toBe(7);
    const year = (await yearTabs.nth(2).textContent()) ?? '';
    await yearTabs.nth(2).click();
    const panel = page.getByRole('tabpanel');
    expect(await panel.getByRole('article').count()).toBe(3);
    for (const text of await panel.getByRole('article').allTextContents()) {
      expect(text).toContain(year);
    }
    await saveScreenshot(page, 'results-family-year');
  }, 330_000);

  it('fits a 375 px screen', async () => {
    const page = await signedInPage('resultados.movil@example.co', { width: 375, height: 800 });
    await page.goto(`${server.url}/resultados`);
    await page
      .getByRole('table', { name: 'Barras del estudio de capacidad de conexión' })
      .waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'results-375');
  });
});
