import { describe, expect, it } from 'vitest';
import { shortCircuitResponseSchema } from '@holgura/contracts';
import { readReference } from '@holgura/test-fixtures';
import { useOwnServer } from './own-server';
import { saveScreenshot, useBrowser } from './support/browser';
import { signUpThroughApi } from './support/accounts';

// Its own server: the upload changes the public stats the shared server's api.spec.ts checks.
const server = useOwnServer();
const session = useBrowser();

describe('«Potencia de cortocircuito» in /analisis (issue #31)', () => {
  it('a MATPOWER case: the reason, an X″d typed with a comma, then every bus weakest first as the API answers', async () => {
    const page = await session.newPage();
    await signUpThroughApi(page, server.url, 'cortocircuito@example.co');
    await page.goto(`${server.url}/analisis`);
    await page.getByRole('heading', { name: 'Análisis de flexibilidad' }).waitFor();
    await page.getByLabel('Seleccionar archivo de caso').setInputFiles({
      name: 'case118.m',
      mimeType: 'text/plain',
      buffer: readReference('cases/case118.m'),
    });
    await page.getByRole('button', { name: 'Procesar archivo' }).click();
    await page.getByText('Archivo procesado correctamente').waitFor({ timeout: 60_000 });
    const caseId = (await page.getByTestId('selected-case-id').textContent())?.trim() ?? '';

    const card = page.getByTestId('short-circuit');
    await card.getByRole('button', { name: 'Calcular potencia de cortocircuito' }).click();
    await card
      .getByText(/^El caso no trae impedancias de las máquinas/)
      .waitFor({ timeout: 30_000 });
    const xd = card.getByLabel('Reactancia subtransitoria X″d (p.u. sobre MBASE)');
    await xd.fill('0,25');
    await card.getByRole('button', { name: 'Calcular con esta X″d' }).click();
    const table = card.getByRole('table', { name: 'Potencia de cortocircuito por barra' });
    await table.waitFor({ timeout: 30_000 });

    // The weakest bus first, as the API gives it.
    const answer = shortCircuitResponseSchema.parse(
      await (
        await page.request.get(`${server.url}/api/cases/${caseId}/short-circuit?xd=0.25`)
      ).json(),
    );
    expect(answer.machines.fromXd).toBeGreaterThan(0);
    const weakest = [...answer.buses].sort((a, b) => a.sccMinMva - b.sccMinMva)[0]!;
    const first = table.locator('tbody tr').first();
    const text = (await first.textContent()) ?? '';
    expect(text).toContain(String(weakest.bus));
    expect(text).toContain(weakest.minOutage?.name ?? 'Caso base');
    const mva = new Intl.NumberFormat('es-CO', {
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    }).format(weakest.sccMinMva);
    expect(text).toContain(mva);
    await saveScreenshot(page, 'short-circuit-case118');
  }, 120_000);
});
