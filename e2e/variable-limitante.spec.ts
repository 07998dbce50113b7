import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readReference } from '@holgura/test-fixtures';
import { useOwnServer } from './own-server';
import { artifactsDir, saveScreenshot, useBrowser } from './support/browser';
import { signUpThroughApi } from './support/accounts';
import { getJson } from './support/capacity-table';

// Its own server: the upload changes the public stats the shared server's api.spec.ts checks.
const server = useOwnServer();
const session = useBrowser();

/** The parts of the contracts this spec reads (api/busbar-capacities.ts). */
type Variable = 'thermal' | 'voltage' | 'reactive-power' | 'non-convergence' | 'weak-grid';
type Row = {
  bus: number;
  weakGridMw: number | null;
  attributable: {
    capacityMw: number | null;
    limitMw: number | null;
    limitingVariable: Variable | null;
    acCapacity?: unknown;
  };
};
type Page1 = {
  rows: Row[];
  weakGrid: { state: string };
  acRun: { state: string; total: number; verified: number } | null;
};
type CapacityMap = {
  bus: number[];
  limitingVariable: (Variable | null)[];
  acVerified: boolean[];
};
type Hook = { ready: boolean; coloredBuses: number };

/** «Variable limitante» as the table says it (UPME's words). */
const words: Record<Variable, string> = {
  thermal: 'térmica',
  voltage: 'tensión',
  'reactive-power': 'potencia reactiva',
  'non-convergence': 'no convergencia',
  'weak-grid': 'cortocircuito (red débil)',
};
/** The map's legend names and colours (utils/limiting-variable-colors.ts). */
const legendNames: Record<Variable, string> = {
  thermal: 'Térmica',
  voltage: 'Tensión',
  'reactive-power': 'Potencia reactiva',
  'non-convergence': 'No convergencia',
  'weak-grid': 'Cortocircuito (red débil)',
};
const colors: Record<Variable, string> = {
  thermal: '#0072b2',
  voltage: '#e69f00',
  'reactive-power': '#cc79a7',
  'non-convergence': '#d55e00',
  'weak-grid': '#009e73',
};

describe('«Variable limitante» in «Capacidad por barra» (issue #31)', () => {
  it('IEEE 14 (RAW with machine data): short-circuit strength, every bus in AC, then tensión and cortocircuito (red débil) on the table and the map as the API answers', async () => {
    const page = await session.newPage();
    await signUpThroughApi(page, server.url, 'variable.limitante@example.co');
    await page.goto(`${server.url}/analisis`);
    await page.getByRole('heading', { name: 'Análisis de flexibilidad' }).waitFor();
    await page.getByLabel('Seleccionar archivo de caso').setInputFiles({
      name: 'IEEE_14_bus.raw',
      mimeType: 'text/plain',
      buffer: readReference('raw/IEEE_14_bus.raw'),
    });
    await page.getByRole('button', { name: 'Procesar archivo' }).click();
    await page.getByText('Archivo procesado correctamente').waitFor({ timeout: 60_000 });
    const caseId = (await page.getByTestId('selected-case-id').textContent())?.trim() ?? '';
    expect(caseId).not.toBe('');
    const base = `/api/cases/${caseId}/busbar-capacities`;

    const section = page.getByRole('region', { name: 'Capacidad por barra', exact: true });
    const table = section.getByRole('table', { name: /^Capacidad atribuible de conexión/ });
    await table.waitFor({ timeout: 60_000 });
    // No short-circuit strength yet: the weak-grid column says so, with no number.
    await expect
      .poll(() => section.getByTestId('weak-grid-header').textContent())
      .toBe('sin calcular');

    // The case's strength, computed in its card: the column fills in.
    const card = page.getByTestId('short-circuit');
    await card.getByRole('button', { name: 'Calcular potencia de cortocircuito' }).click();
    await card
      .getByRole('table', { name: 'Potencia de cortocircuito por barra' })
      .waitFor({ timeout: 30_000 });
    await expect
      .poll(() => section.getByTestId('weak-grid-header').textContent(), { timeout: 20_000 })
      .toBe('SCR ≥ 3');

    // Every bus in AC, as a background job.
    const panel = section.getByTestId('ac-all');
    await expect
      .poll(() => panel.getByTestId('ac-all-estimate').textContent())
      .toMatch(
        /^14 barras sin verificar con los filtros de la tabla · unos \d+ s en este servidor$/,
      );
    await panel.getByRole('button', { name: 'Verificar todas en AC' }).click();
    await panel.getByTestId('ac-all-done').waitFor({ timeout: 60_000 });
    expect(await panel.getByTestId('ac-all-done').textContent()).toBe(
      '14 barras verificadas en AC (cifra atribuible).',
    );

    // What the API answers, bus by bus.
    const answer = await getJson<Page1>(page, server.url, `${base}?sort=bus&order=asc&pageSize=50`);
    expect(answer.weakGrid.state).toBe('available');
    expect(answer.acRun).toMatchObject({ state: 'done', total: 14, verified: 14 });
    expect(answer.rows).toHaveLength(14);
    const variableOf = new Map(
      answer.rows.map((row) => [row.bus, row.attributable.limitingVariable]),
    );
    const voltage = answer.rows.filter((row) => row.attributable.limitingVariable === 'voltage');
    const weak = answer.rows.filter((row) => row.attributable.limitingVariable === 'weak-grid');
    expect(voltage.length).toBeGreaterThan(0);
    expect(weak.length).toBeGreaterThan(0);
    for (const row of weak) {
      expect(row.attributable.limitMw).toBe(row.weakGridMw);
    }

    // The table: each bus's variable, in UPME's words, as the API gives it.
    await expect
      .poll(
        async () => {
          const shown = new Map<number, string>();
          const rows = table.locator('tbody tr');
          for (let i = 0; i < (await rows.count()); i++) {
            const bus = Number(await rows.nth(i).locator('th, td').first().textContent());
            shown.set(
              bus,
              (await rows.nth(i).getByTestId('limiting-variable').textContent()) ?? '',
            );
          }
          return [...variableOf].every(([bus, variable]) => shown.get(bus) === words[variable!]);
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    await table.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'variable-limitante-page');
    await panel.screenshot({ path: path.join(artifactsDir, 'variable-limitante-ac-all.png') });
    await table.screenshot({ path: path.join(artifactsDir, 'variable-limitante-table.png') });

    // The map coloured by «Variable limitante»: the legend counts the API's, each bus its
    // variable's colour.
    await section.getByRole('button', { name: 'Ver el mapa de capacidad' }).click();
    const mapRegion = section.getByRole('region', { name: 'Mapa de capacidad por barra' });
    await mapRegion.waitFor({ timeout: 60_000 });
    await mapRegion.getByRole('button', { name: 'Variable limitante' }).click();
    const map = await getJson<CapacityMap>(page, server.url, `${base}/map?figure=attributable`);
    expect(map.acVerified.every(Boolean)).toBe(true);
    map.bus.forEach((bus, i) => expect(map.limitingVariable[i]).toBe(variableOf.get(bus)));
    const legend = mapRegion.getByTestId('variable-map-legend');
    await legend.waitFor();
    for (const variable of ['voltage', 'weak-grid'] as const) {
      const count = map.limitingVariable.filter((v) => v === variable).length;
      const item = legend.locator(`li[data-category="${variable}"]`);
      expect(await item.getAttribute('data-color')).toBe(colors[variable]);
      expect(await item.getByTestId('variable-count').textContent()).toBe(
        `${count} ${count === 1 ? 'barra' : 'barras'}`,
      );
      expect(await item.textContent()).toContain(legendNames[variable]);
    }
    const colourOf = (bus: number) =>
      page.evaluate(
        (b) =>
          (
            window as unknown as { __holguraNetwork?: { colorOf: (n: number) => string | null } }
          ).__holguraNetwork?.colorOf(b) ?? null,
        bus,
      );
    await expect
      .poll(
        async () => {
          const hook = (await page.evaluate(
            () => (window as unknown as { __holguraNetwork?: Hook }).__holguraNetwork ?? null,
          )) as Hook | null;
          return hook?.ready === true && hook.coloredBuses === 14;
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    expect(await colourOf(voltage[0]!.bus)).toBe(colors.voltage);
    expect(await colourOf(weak[0]!.bus)).toBe(colors['weak-grid']);

    // From the keyboard: the «Tensión» entry shows its buses alone, the others greyed.
    const voltageEntry = legend.getByRole('button', { name: /^Ver solo Tensión/ });
    await voltageEntry.focus();
    await page.keyboard.press('Enter');
    expect(await voltageEntry.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => colourOf(weak[0]!.bus)).toBe('#e2e8f0');
    expect(await colourOf(voltage[0]!.bus)).toBe(colors.voltage);
    await mapRegion.scrollIntoViewIfNeeded();
    await mapRegion.screenshot({ path: path.join(artifactsDir, 'variable-limitante-map.png') });
    await page.keyboard.press('Enter');
    expect(await voltageEntry.getAttribute('aria-pressed')).toBe('false');
  }, 180_000);
});
