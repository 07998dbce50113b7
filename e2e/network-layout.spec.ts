import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readReference } from '@holgura/test-fixtures';
import { useOwnServer } from './own-server';
import { artifactsDir, useBrowser } from './support/browser';
import { signUpThroughApi } from './support/accounts';

// Issue #29 «La red donde está»: a 10,000-bus case without coordinates drawn by areas and
// voltage levels, filtered by voltage and area with what the view highlights kept in sight.
// Its own server: the upload must not count in the shared server's public figures.
const server = useOwnServer();
const session = useBrowser();

const activsg10k = readReference('cases/case_ACTIVSg10k.m');

/** What the renderer draws, as data (apps/web/src/features/network/renderer.ts). */
type Hook = {
  ready: boolean;
  nodes: number;
  renders: number;
  layout: string;
  drawnBuses: number;
  drawnBranches: number;
  collapsedLinks: number;
  monitored: { branch: number } | null;
  drawn: { monitored: boolean | null; contingency: boolean | null; searchedBus: boolean | null };
  areaLabels: { area: number; label: string; x: number; y: number }[];
};

type NetworkView = {
  layout: string;
  buses: { number: number[]; baseKv: number[]; area?: number[] };
  branches: { from: number[]; to: number[]; name: string[] };
};
type Flexibility = {
  levels: { level: number; constraintIds: number[] }[];
  constraints: { id: number; monitored: { branch: number; name: string } }[];
};

const hook = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __holguraNetwork?: Hook }).__holguraNetwork ?? null,
  ) as Promise<Hook | null>;

async function waitForHook(page: Page, check: (state: Hook) => boolean, what: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const state = await hook(page);
    if (state !== null && state.ready && check(state)) return state;
    if (Date.now() > deadline) {
      const { areaLabels: _labels, ...shown } = state ?? ({} as Hook);
      throw new Error(`network view never showed ${what}: ${JSON.stringify(shown)}`);
    }
    await page.waitForTimeout(200);
  }
}

const kvText = (kv: number) => (Number.isInteger(kv) ? String(kv) : String(kv).replace('.', ','));

describe('network layout by areas and voltage levels', () => {
  it('draws ACTIVSg10k by area, filters by voltage and area, and keeps the constraint in sight', async () => {
    const page = await session.newPage({ viewport: { width: 1366, height: 1000 } });
    await signUpThroughApi(page, server.url, 'red.areas@example.co');
    await page.goto(`${server.url}/analisis`);
    await page.getByRole('heading', { name: 'Análisis de flexibilidad' }).waitFor();
    await page.getByLabel('Seleccionar archivo de caso').setInputFiles({
      name: 'case_ACTIVSg10k.m',
      mimeType: 'text/plain',
      buffer: activsg10k,
    });
    await page.getByRole('button', { name: 'Procesar archivo' }).click();
    await page.getByText('Archivo procesado correctamente').waitFor({ timeout: 600_000 });
    const caseId = (await page.getByTestId('selected-case-id').textContent())?.trim() ?? '';
    expect(caseId).not.toBe('');

    const network = (
      (await (await page.request.get(`${server.url}/api/cases/${caseId}/network`)).json()) as {
        network: NetworkView;
      }
    ).network;
    expect(network.layout).toBe('areas');
    expect(network.buses.number).toHaveLength(10_000);
    expect(new Set(network.buses.area).size).toBe(16);
    const kvOf = new Map(network.buses.number.map((n, i) => [n, network.buses.baseKv[i]!]));

    // The drawing: every bus, the 16 areas outlined and named on the canvas.
    const region = page.getByRole('region', { name: 'Vista de la red' });
    await region.scrollIntoViewIfNeeded();
    await region.getByRole('application', { name: /10000 barras y \d+ ramas/ }).waitFor();
    await region.getByText(/Disposición por áreas \(no geográfica\)/).waitFor();
    const whole = await waitForHook(
      page,
      (state) => state.nodes === 10_000 && state.areaLabels.length === 16,
      'the 10,000 buses and their 16 areas',
    );
    expect(whole.layout).toBe('areas');
    expect(whole.drawnBuses).toBe(10_000);
    expect(whole.areaLabels.map((label) => label.label)).toContain('Área 1');
    await region.screenshot({ path: `${artifactsDir}/network-layout-10k-areas.png` });

    // A constraint of the first level with one: its monitored element is highlighted.
    const data = (await (
      await page.request.get(`${server.url}/api/cases/${caseId}/data`)
    ).json()) as { analysis: { flexibility: Flexibility } };
    const flex = data.analysis.flexibility;
    const level = flex.levels.find((l) => l.constraintIds.length > 0)!;
    const constraint = flex.constraints.find((c) => c.id === level.constraintIds[0])!;
    await page
      .getByRole('list', { name: 'Niveles de transferencia' })
      .getByRole('button', { name: new RegExp(`^Nivel ${level.level}\\D`) })
      .click();
    await page
      .getByRole('table', { name: `Restricciones del nivel ${level.level}` })
      .getByRole('row')
      .nth(1)
      .click();
    const branch = constraint.monitored.branch;
    await waitForHook(page, (state) => state.monitored?.branch === branch, 'the monitored branch');
    const monitoredKv = Math.min(
      kvOf.get(network.branches.from[branch - 1]!)!,
      kvOf.get(network.branches.to[branch - 1]!)!,
    );

    // The highest voltage alone: far fewer buses, the monitored element still drawn and the
    // view says it lies outside the filter, with a way to show its surroundings.
    const levels = [...new Set(network.buses.baseKv)].sort((a, b) => b - a);
    const top = levels[0]!;
    const atTop = network.buses.baseKv.filter((kv) => kv >= top).length;
    const filters = region.getByRole('group', { name: 'Qué se dibuja' });
    const minKv = filters.getByLabel('Tensión mínima');
    await minKv.focus();
    await minKv.selectOption({ label: `≥ ${kvText(top)} kV (${atTop} barras)` });
    const highest = await waitForHook(
      page,
      (state) => state.drawnBuses < 1_000,
      `only the ${top} kV buses drawn`,
    );
    expect(highest.drawnBuses).toBeGreaterThanOrEqual(atTop);
    expect(highest.drawnBuses).toBeLessThanOrEqual(atTop + 12);
    expect(highest.drawn.monitored).toBe(true);
    expect(highest.monitored?.branch).toBe(branch);
    await filters
      .getByTestId('network-drawn')
      .getByText(/^Se dibujan \d+ de 10\.000 barras/)
      .waitFor();
    const notice = region.getByTestId('network-hidden-focus');
    if (monitoredKv < top) {
      await notice
        .getByText(
          `El elemento monitoreado «${constraint.monitored.name}» está fuera del filtro (${kvText(monitoredKv)} kV`,
          { exact: false },
        )
        .waitFor();
    }
    await region.screenshot({ path: `${artifactsDir}/network-layout-10k-top-kv.png` });

    // «Agrupar tensiones bajas»: the buses below join the nearest drawn one; pale lines join
    // the substations that meet only through lower voltages.
    await filters.getByRole('checkbox', { name: 'Agrupar tensiones bajas' }).check();
    const grouped = await waitForHook(
      page,
      (state) => state.collapsedLinks > 0,
      'the links through grouped buses',
    );
    expect(grouped.drawnBuses).toBe(highest.drawnBuses);
    await filters
      .getByTestId('network-drawn')
      .getByText(/barras de tensión menor agrupadas en las que se dibujan/)
      .waitFor();
    await region.screenshot({ path: `${artifactsDir}/network-layout-10k-grouped.png` });

    // «Mostrar su entorno» lowers the voltage to the monitored element's: still fewer buses
    // than the case (unless it is at the lowest level), the element drawn, no notice left.
    if (monitoredKv < top) {
      await notice.getByRole('button', { name: 'Mostrar su entorno' }).first().click();
      const widened = await waitForHook(
        page,
        (state) => state.drawnBuses > highest.drawnBuses,
        `the buses at or above ${monitoredKv} kV`,
      );
      const atMonitored = network.buses.baseKv.filter((kv) => kv >= monitoredKv).length;
      expect(widened.drawnBuses).toBeGreaterThanOrEqual(atMonitored);
      expect(widened.drawn.monitored).toBe(true);
      expect(await minKv.inputValue()).toBe(String(monitoredKv));
    }

    // One area: its buses (and what the view highlights), its label alone among the areas
    // that have no highlighted bus.
    await filters.getByRole('button', { name: 'Mostrar toda la red' }).click();
    await waitForHook(page, (state) => state.drawnBuses === 10_000, 'the whole network again');
    const area =
      network.buses.area![network.buses.number.indexOf(network.branches.from[branch - 1]!)]!;
    const inArea = network.buses.area!.filter((value) => value === area).length;
    await filters.getByText('Áreas: todas (16)').click();
    await filters.getByRole('button', { name: 'Desmarcar todas' }).click();
    await filters.getByRole('checkbox', { name: new RegExp(`^Área ${area} \\(`) }).check();
    const oneArea = await waitForHook(
      page,
      (state) => state.drawnBuses < 2_000,
      `the buses of area ${area}`,
    );
    expect(oneArea.drawnBuses).toBeGreaterThanOrEqual(inArea);
    expect(oneArea.drawnBuses).toBeLessThanOrEqual(inArea + 12);
    expect(oneArea.drawn.monitored).toBe(true);
    expect(oneArea.areaLabels.map((label) => label.area)).toContain(area);
    await region.screenshot({ path: `${artifactsDir}/network-layout-10k-one-area.png` });
  }, 900_000);
});
