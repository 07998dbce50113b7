import { describe, expect, it } from 'vitest';
import { saveScreenshot, useBrowser } from './support/browser';

const session = useBrowser();

describe('landing page, signed out', () => {
  it('shows the spec strings and a disabled call to action with its hint', async () => {
    const page = await session.newPage();
    await page.goto('/');

    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.title()).toContain('Holgura');
    const cta = page.getByRole('button', { name: 'Iniciar sesión requerido' });
    expect(await cta.isDisabled()).toBe(true);
    expect(
      await page.getByText('Inicia sesión para acceder a todas las funcionalidades').count(),
    ).toBe(1);
    // The page's sections render after its heading: wait for the link before counting (two spec
    // files at a time made a count taken at once read 0).
    await page.getByRole('link', { name: 'Explorar Capacidades' }).first().waitFor();
    expect(await page.getByRole('link', { name: 'Pruebalo ahora' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Explorar Capacidades' }).count()).toBeGreaterThan(
      0,
    );
    await saveScreenshot(page, 'landing-desktop');
  });

  it('fills the stats strip with the figures the API computes from the database', async () => {
    const page = await session.newPage();
    const statsResponse = page.waitForResponse((response) => response.url().endsWith('/api/stats'));
    await page.goto('/');
    const stats = (await (await statsResponse).json()) as Record<string, number>;
    const format = new Intl.NumberFormat('es-CO');
    for (const field of ['busbarsEvaluated', 'contingenciesAnalysed', 'scenariosAnalysed']) {
      const value = page.getByTestId(`stat-${field}`);
      await value.waitFor();
      expect((await value.innerText()).trim(), field).toContain(format.format(stats[field]!));
    }
  });

  it('shrinks the fixed header after 50 px of scroll', async () => {
    const page = await session.newPage();
    await page.goto('/');
    const header = page.locator('header').first();
    await header.waitFor();
    expect(await header.getAttribute('data-scrolled')).toBe('false');
    const tall = (await header.boundingBox())?.height ?? 0;

    await page.mouse.wheel(0, 400);
    await page.waitForFunction(
      () => document.querySelector('header')?.getAttribute('data-scrolled') === 'true',
    );
    // Wait for the height transition to settle before measuring.
    await page.waitForTimeout(500);
    const short = (await header.boundingBox())?.height ?? 0;
    expect(short).toBeLessThan(tall);
    const box = await header.boundingBox();
    expect(box?.y).toBe(0);
  });

  it('shows the footer with the current year', async () => {
    const page = await session.newPage();
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await footer.waitFor();
    expect(await footer.innerText()).toContain(`© ${new Date().getFullYear()} Holgura`);
  });

  it('opens and closes the mobile menu on a phone-sized screen', async () => {
    const page = await session.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Abrir menú' });
    await toggle.click();
    await page.getByRole('button', { name: 'Cerrar menú' }).waitFor();
    expect(await page.getByRole('link', { name: 'Resultados' }).first().isVisible()).toBe(true);
    await saveScreenshot(page, 'landing-mobile-menu');
  });
});
