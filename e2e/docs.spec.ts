import { describe, expect, it } from 'vitest';
import { useOwnServer } from './own-server';
import { saveScreenshot, useBrowser } from './support/browser';

// A server of its own, to show the footer writes to the configured address, not a built-in one.
const configured = useOwnServer({ SUPPORT_EMAIL: 'ayuda@operador.example' });
const session = useBrowser();

describe('/documentacion and the footer links', () => {
  it('opens from the footer of the landing page, and a contents link brings its section into view', async () => {
    const page = await session.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    // The guide is a lazily loaded chunk: the landing page never downloads it.
    expect(scripts.some((path) => path.includes('docs-page'))).toBe(false);
    const footerLinks = page.getByRole('navigation', { name: 'Enlaces rápidos' });
    await footerLinks.getByRole('link', { name: 'Documentación' }).click();

    await page.getByRole('heading', { level: 1, name: 'Documentación' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/documentacion');
    expect(await page.title()).toBe('Documentación · Holgura');
    expect(scripts.some((path) => path.includes('docs-page'))).toBe(true);

    const toc = page.getByRole('navigation', { name: 'Contenido' });
    await toc.getByRole('link', { name: 'Glosario' }).click();
    await page.waitForURL(/#glosario$/);
    const glossary = page.getByRole('heading', { level: 2, name: 'Glosario' });
    // In view and not under the fixed header (80 px).
    await expect
      .poll(async () => (await glossary.boundingBox())?.y ?? -1)
      .toBeGreaterThanOrEqual(64);
    const box = await glossary.boundingBox();
    expect(box!.y).toBeLessThan(900);
    await saveScreenshot(page, 'docs-glossary');
  });

  it('follows a contents link with the keyboard alone', async () => {
    const page = await session.newPage();
    await page.goto('/documentacion');
    const link = page
      .getByRole('navigation', { name: 'Contenido' })
      .getByRole('link', { name: 'El archivo de estudio' });
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/#archivo-de-estudio$/);
    const heading = page.getByRole('heading', { level: 2, name: 'El archivo de estudio' });
    await expect.poll(async () => (await heading.boundingBox())?.y ?? -1).toBeGreaterThan(0);
    expect((await heading.boundingBox())!.y).toBeLessThan(900);
  });

  it('is served with status 200, opens at a deep link and typesets the formulas', async () => {
    const page = await session.newPage();
    const response = await page.goto('/documentacion#verificacion-ac');
    expect(response?.status()).toBe(200);
    const heading = page.getByRole('heading', {
      level: 3,
      name: 'Verificación con flujo de carga AC',
    });
    await heading.waitFor();
    await expect.poll(async () => (await heading.boundingBox())?.y ?? -1).toBeLessThan(900);
    expect((await heading.boundingBox())!.y).toBeGreaterThanOrEqual(0);

    const formulas = page.locator('math');
    expect(await formulas.count()).toBeGreaterThanOrEqual(10);
    // Chromium lays MathML out: a fraction is taller than one line of its numerator.
    const fraction = page.locator('math mfrac').first();
    const numerator = fraction.locator('> *').first();
    const [fractionBox, numeratorBox] = [
      await fraction.boundingBox(),
      await numerator.boundingBox(),
    ];
    expect(fractionBox!.height).toBeGreaterThan(numeratorBox!.height * 1.5);
    await saveScreenshot(page, 'docs-desktop');
  });

  it('points the API reference at /api/docs, which answers with the OpenAPI page', async () => {
    const page = await session.newPage();
    await page.goto('/');
    const api = page
      .getByRole('navigation', { name: 'Enlaces rápidos' })
      .getByRole('link', { name: /Referencia de la API/ });
    expect(await api.getAttribute('href')).toBe('/api/docs');
    expect(await api.getAttribute('target')).toBe('_blank');
    expect(await api.getAttribute('rel')).toContain('noopener');

    const [popup] = await Promise.all([page.waitForEvent('popup'), api.click()]);
    await popup.waitForLoadState('domcontentloaded');
    expect(new URL(popup.url()).pathname).toMatch(/^\/api\/docs\/?/);
    const docs = await page.request.get('/api/docs/');
    expect(docs.status()).toBe(200);
    expect(await docs.text()).toMatch(/swagger/i);
    const openapi = await page.request.get('/api/openapi.json');
    expect(openapi.status()).toBe(200);
    expect(((await openapi.json()) as { openapi: string }).openapi).toMatch(/^3\./);
  });

  it('writes to soporte@holgura.co when SUPPORT_EMAIL is not set', async () => {
    const page = await session.newPage();
    await page.goto('/');
    const support = page
      .getByRole('navigation', { name: 'Enlaces rápidos' })
      .getByRole('link', { name: 'Soporte técnico' });
    await support.waitFor();
    expect(await support.getAttribute('href')).toBe('mailto:soporte@holgura.co');
  });

  it('writes to the address in SUPPORT_EMAIL, in the quick links and the contact block', async () => {
    const page = await session.newPage();
    await page.goto(`${configured.url}/`);
    const support = page
      .getByRole('navigation', { name: 'Enlaces rápidos' })
      .getByRole('link', { name: 'Soporte técnico' });
    await support.waitFor();
    expect(await support.getAttribute('href')).toBe('mailto:ayuda@operador.example');
    const contact = page
      .getByRole('contentinfo')
      .getByRole('link', { name: 'ayuda@operador.example' });
    expect(await contact.getAttribute('href')).toBe('mailto:ayuda@operador.example');
    expect(await page.getByText('soporte@holgura.co').count()).toBe(0);
    // The landing page's closing call to action writes to the same address.
    const write = page.getByRole('link', { name: 'Escríbenos' });
    expect(await write.getAttribute('href')).toBe('mailto:ayuda@operador.example');
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'docs-footer-support');
  });

  it('fits a 375 px phone without sideways scrolling of the page', async () => {
    const page = await session.newPage({ viewport: { width: 375, height: 812 } });
    await page.goto('/documentacion');
    await page.getByRole('heading', { level: 1, name: 'Documentación' }).waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'docs-mobile');
  });
});
