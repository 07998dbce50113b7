import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useOwnServer } from './own-server';
import { saveScreenshot, useBrowser } from './support/browser';

// Its own server WITH the demo data (the shared harness runs with DEMO_DATA=off).
const server = useOwnServer({ DEMO_DATA: 'on' });
const session = useBrowser();

async function waitForDemoCase(page: Page) {
  const deadline = Date.now() + 240_000;
  for (;;) {
    const response = await page.request.get(`${server.url}/api/demo-case`);
    if (response.status() === 200) return;
    if (Date.now() > deadline) throw new Error('The demo case was not computed in time');
    await page.waitForTimeout(2000);
  }
}

const flowOf = async (page: Page, id: string) =>
  (await page.getByTestId(`${id}-flow`).textContent()) ?? '';

describe('/demo', () => {
  it('says the demo case is not there yet, then drags with the keyboard through every state', async () => {
    const page = await session.newPage();
    await page.goto(`${server.url}/demo`);
    await page.getByRole('heading', { level: 1, name: 'Demo - Análisis de Restricción' }).waitFor();
    const first = await page.request.get(`${server.url}/api/demo-case`);
    if (first.status() === 404) {
      // First minute after a fresh start: an honest state with a retry.
      await page.getByRole('button', { name: /Sistema de Potencia/ }).click();
      await page
        .getByRole('alert')
        .getByText('No se encontraron casos en la base de datos')
        .waitFor();
      await saveScreenshot(page, 'demo-not-ready');
    }
    const started = Date.now();
    await waitForDemoCase(page);
    console.log(`demo case ready after ${Math.round((Date.now() - started) / 1000)} s`);
    await page.reload();

    // Keyboard: Enter on the system picks it up, Space on the engine drops it.
    const source = page.getByRole('button', { name: /Sistema de Potencia/ });
    await source.focus();
    await page.keyboard.press('Enter');
    expect(await source.getAttribute('aria-pressed')).toBe('true');
    await saveScreenshot(page, 'demo-intro');
    await page.keyboard.press('Tab');
    await page.keyboard.press(' ');
    await page.getByRole('status', { name: 'Procesando información' }).waitFor();
    await saveScreenshot(page, 'demo-processing');

    const critical = page.getByRole('button', { name: 'Aplicar Despacho Crítico' });
    await critical.waitFor({ timeout: 30_000 });
    await page.getByTestId('demo-state').getByText('Condición inicial').waitFor();
    const initialMonitored = await flowOf(page, 'monitored');
    expect(initialMonitored).toMatch(/^-?\d{1,3}(\.\d{3})*,\d{2} MW$/);
    expect(await flowOf(page, 'contingency')).toMatch(/ MW$/);
    await saveScreenshot(page, 'demo-initial');

    await critical.click();
    await page.getByTestId('demo-state').getByText('Despacho crítico').waitFor();
    await saveScreenshot(page, 'demo-overload');

    await page.getByRole('button', { name: 'Aplicar Contingencia' }).click();
    await page.getByTestId('demo-state').getByText('Contingencia aplicada').waitFor();
    await page.getByTestId('contingency-band').getByText('Fuera de servicio').waitFor();

    // A manual adjustment: the first unit's slider moved with the keyboard.
    const total = page.getByTestId('adjustment-total');
    expect(await total.textContent()).toContain('0,00 MW');
    const slider = page.getByRole('slider').first();
    await slider.focus();
    await page.keyboard.press('Home');
    expect(await total.textContent()).not.toContain(' 0,00 MW');
    await saveScreenshot(page, 'demo-contingency-adjusted');

    await page.getByRole('button', { name: 'Restablecer despacho MaxLoad' }).click();
    expect(await total.textContent()).toContain('0,00 MW');
    await saveScreenshot(page, 'demo-contingency');
  }, 300_000);

  it('drags with the pointer and fits a 375 px screen', async () => {
    const page = await session.newPage({ viewport: { width: 375, height: 800 } });
    await page.goto(`${server.url}/demo`);
    const source = page.getByRole('button', { name: /Sistema de Potencia/ });
    const target = page.getByRole('button', { name: /Motor de Análisis/ });
    const from = await source.boundingBox();
    const to = await target.boundingBox();
    if (from === null || to === null) throw new Error('no boxes');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
    await page.mouse.up();
    await page
      .getByRole('button', { name: 'Aplicar Despacho Crítico' })
      .waitFor({ timeout: 30_000 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'demo-375');
  });
});
