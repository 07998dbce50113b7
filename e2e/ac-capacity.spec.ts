import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readReference } from '@holgura/test-fixtures';
import { useOwnServer } from './own-server';
import { artifactsDir, saveScreenshot, useBrowser } from './support/browser';
import { signUpThroughApi } from './support/accounts';
import { fixed, getJson } from './support/capacity-table';

// Its own server: the upload changes the public stats the shared server's api.spec.ts checks.
const server = useOwnServer();
const session = useBrowser();

/** The parts of the contracts this spec reads (api/busbar-capacities.ts). */
type AcViolation = {
  variable: 'thermal' | 'voltage' | 'reactive-power' | 'non-convergence';
  elementName: string | null;
  contingencyName: string | null;
};
type AcCheckAnswer = {
  capacityMw: number;
  limiting: unknown;
  acCheck: unknown;
  acCapacity: {
    dcMw: number;
    acMw: number;
    limitingVariable: AcViolation['variable'] | null;
    acLimiting: AcViolation | null;
    checkedContingencies: number;
    preExisting: { count: number };
  };
};

const variables = {
  thermal: 'térmica',
  voltage: 'tensión',
  'reactive-power': 'potencia reactiva',
  'non-convergence': 'no convergencia',
};

describe('«Verificar en AC» in «Capacidad por barra» (issue #31)', () => {
  it('case118 has no ratings: a bus at the cap, verified in AC, shows its voltage or reactive limit as the API answers', async () => {
    const page = await session.newPage();
    await signUpThroughApi(page, server.url, 'capacidad.ac@example.co');
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
    expect(caseId).not.toBe('');

    const section = page.getByRole('region', { name: 'Capacidad por barra', exact: true });
    const table = section.getByRole('table', { name: /^Capacidad atribuible de conexión/ });
    await table.waitFor({ timeout: 60_000 });
    // Bus 1 (Riversde V2), by its name: its voltage gives way before the cap (bus 118, the
    // first row, stops converging first, the fourth variable).
    await section.getByLabel('Buscar barra').fill('riversde');
    const row = table.locator('tbody tr').first();
    const cells = row.locator('th, td');
    await expect
      .poll(
        async () => [await table.locator('tbody tr').count(), await cells.nth(0).textContent()],
        { timeout: 20_000 },
      )
      .toEqual([1, '1']);
    const bus = 1;
    const name = (await cells.nth(1).textContent()) ?? '';
    // No branch is rated: nothing limits the bus before the cap, yet it can be verified.
    expect(await cells.nth(5).textContent()).toMatch(/^Ninguno/);
    const verify = row.getByRole('button', { name: `Verificar en AC la capacidad de ${name}` });
    await verify.focus();
    await page.keyboard.press('Enter');
    const figure = row.getByTestId('ac-figure');
    await figure.waitFor({ timeout: 30_000 });

    // What the API keeps for that bus (asked again: stored, not computed again).
    const answer = await getJson<AcCheckAnswer>(
      page,
      server.url,
      `/api/cases/${caseId}/busbar-capacities/${bus}/ac-check?figure=attributable`,
    );
    expect(answer).toMatchObject({ limiting: null, acCheck: null });
    const capacity = answer.acCapacity;
    expect(capacity.dcMw).toBe(answer.capacityMw);
    expect(capacity.acMw).toBeLessThan(capacity.dcMw);
    expect(['voltage', 'reactive-power']).toContain(capacity.limitingVariable);
    const limiting = capacity.acLimiting!;
    const where = `${variables[limiting.variable]} en ${limiting.elementName} ${
      limiting.contingencyName === null ? 'en la red completa' : `tras ${limiting.contingencyName}`
    }`;
    expect(await figure.textContent()).toBe(`AC: ${fixed(capacity.acMw, 1)} MW · ${where}`);
    const cell = row.getByTestId('ac-capacity');
    const text = (await cell.textContent()) ?? '';
    expect(text).toContain(
      `${fixed(capacity.dcMw - capacity.acMw, 1)} MW menos que la cifra DC (${fixed(capacity.dcMw, 1)} MW`,
    );
    expect(text).toContain(`N-0 y ${capacity.checkedContingencies} contingencias verificadas`);
    // The answer takes the button's place, and the focus with it.
    expect(await cell.evaluate((element) => element === document.activeElement)).toBe(true);
    await saveScreenshot(page, 'ac-capacity-case118');
    await cell.scrollIntoViewIfNeeded();
    await cell.screenshot({ path: path.join(artifactsDir, 'ac-capacity-case118-cell.png') });
  }, 120_000);
});
