import { describe, expect, it } from 'vitest';
import { useOwnServer } from './own-server';
import { saveScreenshot, useBrowser } from './support/browser';

// Its own server with the demo data on: it computes the demo study from its first start.
const server = useOwnServer({ DEMO_DATA: 'on' });
const session = useBrowser();

describe('landing stats while the demo data is computed (issue #21)', () => {
  it('says the figures are being computed instead of showing zeros, then shows them', async () => {
    const page = await session.newPage();
    await page.goto(`${server.url}/`);
    const computing = page.getByTestId('stat-computing');
    await computing.waitFor();
    expect(await computing.getAttribute('role')).toBe('status');
    expect(await computing.textContent()).toContain(
      'Calculando las cifras del estudio de demostración...',
    );
    expect(await page.getByTestId('stat-busbarsEvaluated').count()).toBe(0);
    await saveScreenshot(page, 'landing-stats-computing');

    // The strip asks again by itself: the figures come once the demo study is stored.
    const busbars = page.getByTestId('stat-busbarsEvaluated');
    await busbars.waitFor({ timeout: 480_000 });
    const stats = (await (await page.request.get(`${server.url}/api/stats`)).json()) as {
      busbarsEvaluated: number;
      demoData: string;
    };
    expect(stats.demoData).toBe('ready');
    expect(stats.busbarsEvaluated).toBeGreaterThan(0);
    expect(await busbars.textContent()).toBe(
      new Intl.NumberFormat('es-CO').format(stats.busbarsEvaluated),
    );
    // Each figure says what it counts.
    const info = page.getByRole('button', { name: 'Qué cuenta «Barras evaluadas»' });
    await info.focus();
    expect(await page.getByRole('tooltip').textContent()).toMatch(/^Barras distintas/);
    await saveScreenshot(page, 'landing-stats-ready');
  }, 600_000);
});
