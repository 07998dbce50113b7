import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readReference } from '@holgura/test-fixtures';
import { useOwnServer } from './own-server';
import { artifactsDir, saveScreenshot, useBrowser } from './support/browser';
import { signUpThroughApi } from './support/accounts';

// Its own server with the demo study (for the /resultados map); uploads stay off the shared one.
const server = useOwnServer({ DEMO_DATA: 'on' });
const session = useBrowser();

const activsg200 = readReference('cases/case_ACTIVSg200.m');

/** What the renderer draws, as data (apps/web/src/features/network/renderer.ts). */
type Hook = {
  ready: boolean;
  nodes: number;
  edges: number;
  renders: number;
  monitored: { branch: number; color: string; loadingPercent: number | null } | null;
  contingency: { branch: number; dashed: boolean; outOfService: boolean } | null;
  generatorBuses: number[];
  searchedBus: number | null;
  coloredBuses: number;
  camera: { x: number; y: number; ratio: number };
};

type Element = { branch: number; name: string };
type Constraint = {
  id: number;
  monitored: Element;
  contingency: Element | null;
  flowAtZeroMw: number;
  distributionFactor: number;
  transferAtLimitMw: number;
  limitMw: number;
  sensitivities: { plant: number; sensitivity: number }[];
};
type Flexibility = {
  plants: { id: number; name: string; busNumber: number; pMaxMw: number }[];
  levels: { level: number; constraintIds: number[] }[];
  constraints: Constraint[];
};
type NetworkView = {
  buses: { number: number[]; name: string[] };
  branches: { name: string[] };
};

const hook = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __holguraNetwork?: Hook }).__holguraNetwork ?? null,
  ) as Promise<Hook | null>;

async function signedInPage(email: string): Promise<Page> {
  const page = await session.newPage();
  await signUpThroughApi(page, server.url, email);
  return page;
}

/** Waits until the renderer has drawn what `check` expects (it redraws on every change). */
async function waitForHook(page: Page, check: (state: Hook) => boolean, what: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const state = await hook(page);
    if (state !== null && state.ready && check(state)) return state;
    if (Date.now() > deadline)
      throw new Error(`network view never showed ${what}: ${JSON.stringify(state)}`);
    await page.waitForTimeout(100);
  }
}

/** The camera once its animation is over: the same on two reads 300 ms apart. */
async function cameraAtRest(page: Page): Promise<Hook['camera']> {
  let last = (await waitForHook(page, () => true, 'a camera')).camera;
  for (let i = 0; i < 50; i++) {
    await page.waitForTimeout(300);
    const now = (await waitForHook(page, () => true, 'a camera')).camera;
    if (now.x === last.x && now.y === last.y && now.ratio === last.ratio) return now;
    last = now;
  }
  throw new Error(`the camera never came to rest: ${JSON.stringify(last)}`);
}

describe('network view', () => {
  it('draws an uploaded case and highlights the selected constraint', async () => {
    const page = await signedInPage('red.activsg200@example.co');
    await page.goto(`${server.url}/analisis`);
    await page.getByRole('heading', { name: 'Análisis de flexibilidad' }).waitFor();
    await page.getByLabel('Seleccionar archivo de caso').setInputFiles({
      name: 'case_ACTIVSg200.txt',
      mimeType: 'text/plain',
      buffer: activsg200,
    });
    await page.getByRole('button', { name: 'Procesar archivo' }).click();
    await page.getByText('Archivo procesado correctamente').waitFor({ timeout: 120_000 });
    const caseId = (await page.getByTestId('selected-case-id').textContent())?.trim() ?? '';
    expect(caseId).not.toBe('');

    const data = (await (
      await page.request.get(`${server.url}/api/cases/${caseId}/data`)
    ).json()) as {
      analysis: { flexibility: Flexibility };
    };
    const flex = data.analysis.flexibility;
    const network = (
      (await (await page.request.get(`${server.url}/api/cases/${caseId}/network`)).json()) as {
        network: NetworkView;
      }
    ).network;
    expect(network.buses.number).toHaveLength(200);

    const region = page.getByRole('region', { name: 'Vista de la red' });
    await region.scrollIntoViewIfNeeded();
    await region.getByRole('application', { name: /200 barras y \d+ ramas/ }).waitFor();
    const drawn = await waitForHook(page, (state) => state.nodes === 200, 'the 200 buses');
    expect(drawn.edges).toBeGreaterThan(200);

    // A level's constraint with a real contingency: select it in the table.
    const constraints = new Map(flex.constraints.map((c) => [c.id, c]));
    const level = flex.levels.find((l) =>
      l.constraintIds.some((id) => constraints.get(id)!.contingency !== null),
    )!;
    const index = level.constraintIds.findIndex((id) => constraints.get(id)!.contingency !== null);
    const constraint = constraints.get(level.constraintIds[index]!)!;
    await page
      .getByRole('list', { name: 'Niveles de transferencia' })
      .getByRole('button', { name: new RegExp(`^Nivel ${level.level}\\D`) })
      .click();
    await page
      .getByRole('table', { name: `Restricciones del nivel ${level.level}` })
      .getByRole('row')
      .nth(index + 1)
      .click();

    // The same branch numbers as the constraint, named as the network names them.
    expect(network.branches.name[constraint.monitored.branch - 1]).toBe(constraint.monitored.name);
    const plants = new Map(flex.plants.map((p) => [p.id, p]));
    const top = [...constraint.sensitivities]
      .sort((a, b) => Math.abs(b.sensitivity) - Math.abs(a.sensitivity))
      .slice(0, 5)
      .map((s) => plants.get(s.plant)!.busNumber);

    const original = await waitForHook(
      page,
      (state) => state.monitored?.branch === constraint.monitored.branch,
      `monitored branch ${constraint.monitored.branch}`,
    );
    expect(original.contingency).toEqual({
      branch: constraint.contingency!.branch,
      dashed: true,
      outOfService: false,
    });
    expect(original.generatorBuses).toEqual(top);
    const monitoredItem = region.getByTestId('network-monitored');
    expect(await monitoredItem.textContent()).toContain(
      `Elemento monitoreado: ${constraint.monitored.name}`,
    );
    expect(await region.getByTestId('network-contingency').textContent()).toBe(
      `Contingencia: ${constraint.contingency!.name} — En servicio`,
    );
    expect(await region.getByTestId('network-generators').getByRole('listitem').count()).toBe(
      top.length,
    );

    // Despacho Límite: the contingency is out of service, the monitored branch at its limit.
    await page.getByRole('button', { name: 'Despacho Límite' }).click();
    const atLimit = await waitForHook(
      page,
      (state) => state.contingency?.outOfService === true,
      'the contingency out of service',
    );
    expect(atLimit.contingency).toEqual({
      branch: constraint.contingency!.branch,
      dashed: true,
      outOfService: true,
    });
    expect(atLimit.monitored?.loadingPercent).toBeCloseTo(100, 6);
    expect(await region.getByTestId('network-contingency').textContent()).toBe(
      `Contingencia: ${constraint.contingency!.name} — Fuera de servicio`,
    );
    await saveScreenshot(page, 'network-constraint-limit');

    // Dragging the most sensitive generator's marker recolours the monitored branch live.
    const best = constraint.sensitivities
      .filter((s) => (plants.get(s.plant)?.pMaxMw ?? 0) > 0)
      .sort((a, b) => Math.abs(b.sensitivity) - Math.abs(a.sensitivity))[0]!;
    const plant = plants.get(best.plant)!;
    const slider = page.getByRole('slider', { name: `Despacho de ${plant.name}` });
    await slider.focus();
    // Raise the flow's magnitude: move the unit the way that loads the monitored branch more.
    const atLimitFlow =
      constraint.flowAtZeroMw + constraint.distributionFactor * constraint.transferAtLimitMw;
    const loadsMore = Math.sign(best.sensitivity) === Math.sign(atLimitFlow);
    const before = Number(await slider.getAttribute('aria-valuenow'));
    for (let i = 0; i < 10; i++) await page.keyboard.press(loadsMore ? 'ArrowRight' : 'ArrowLeft');
    const after = Number(await slider.getAttribute('aria-valuenow'));
    expect(after).not.toBeCloseTo(before, 6);
    const expectedPercent =
      (Math.abs(atLimitFlow + best.sensitivity * (after - before)) / constraint.limitMw) * 100;
    const dragged = await waitForHook(
      page,
      (state) => Math.abs((state.monitored?.loadingPercent ?? 0) - expectedPercent) < 1e-6,
      `the monitored loading at ${expectedPercent} %`,
    );
    expect(dragged.monitored!.loadingPercent!).toBeGreaterThan(100);
    // Spec §4: 100–130 % is 'Sobrecarga' (red-600), above 130 % 'SOBRECARGA EXTREMA' (red-900).
    expect(dragged.monitored!.color).toBe(expectedPercent > 130 ? '#7f1d1d' : '#dc2626');

    // Search a bus by name: it is centred and highlighted, and the result is said in words.
    const name = network.buses.name[17]!;
    await region.getByLabel('Buscar barra por nombre o número').fill(name);
    await region.getByRole('button', { name: 'Buscar' }).click();
    await region
      .getByText(`Barra encontrada: ${name} (número ${network.buses.number[17]})`, {
        exact: false,
      })
      .waitFor();
    await waitForHook(
      page,
      (state) => state.searchedBus === network.buses.number[17],
      'the searched bus',
    );
    await region.getByLabel('Buscar barra por nombre o número').fill('no existe ninguna');
    await region.getByRole('button', { name: 'Buscar' }).click();
    await region.getByText('No hay ninguna barra que coincida con «no existe ninguna».').waitFor();

    // Zoom buttons work from the keyboard.
    const zoomIn = region.getByRole('button', { name: 'Acercar' });
    await zoomIn.focus();
    const rendersBefore = (await hook(page))!.renders;
    await page.keyboard.press('Enter');
    await waitForHook(page, (state) => state.renders > rendersBefore, 'a redraw after zooming');

    // The drawing itself takes the keyboard: arrows pan, + and − zoom, 0 shows it whole.
    await page.getByTestId('network-canvas').focus();
    await page.keyboard.press('0');
    const whole = await cameraAtRest(page);
    expect(whole.ratio).toBeCloseTo(1, 6);
    await page.keyboard.press('ArrowRight');
    const right = await cameraAtRest(page);
    expect(right.x).toBeGreaterThan(whole.x + 0.01);
    expect(right.y).toBeCloseTo(whole.y, 6);
    expect(right.ratio).toBeCloseTo(1, 6);
    await page.keyboard.press('ArrowDown');
    const down = await cameraAtRest(page);
    expect(Math.abs(down.y - right.y)).toBeGreaterThan(0.01);
    expect(down.x).toBeCloseTo(right.x, 6);
    await page.keyboard.press('ArrowUp');
    expect((await cameraAtRest(page)).y).toBeCloseTo(right.y, 6);
    await page.keyboard.press('+');
    expect((await cameraAtRest(page)).ratio).toBeLessThan(0.9);
    await page.keyboard.press('0');
    expect((await cameraAtRest(page)).ratio).toBeCloseTo(1, 6);
    await saveScreenshot(page, 'network-search');

    // Companion coordinates: a semicolon CSV with decimal commas puts the buses on the map.
    const rows = network.buses.number
      .slice(0, 20)
      .map((number, i) => `${number};${(30 + i * 0.1).toFixed(1).replace('.', ',')};-97,5`);
    const rendersBeforeCsv = (await hook(page))!.renders;
    await region.getByLabel('Archivo de coordenadas de las barras (CSV)').setInputFiles({
      name: 'barras.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`barra;latitud;longitud\n${rows.join('\n')}\n`),
    });
    await page
      .getByText('Coordenadas cargadas: la red se muestra con posiciones geográficas.')
      .waitFor();
    await region.getByText('Posiciones geográficas de las barras.', { exact: false }).waitFor();
    await waitForHook(
      page,
      (state) => state.nodes === 200 && state.renders !== rendersBeforeCsv,
      'the network redrawn at geographic positions',
    );
    const stored = (await (
      await page.request.get(`${server.url}/api/cases/${caseId}/network`)
    ).json()) as { network: { layout: string } };
    expect(stored.network.layout).toBe('geographic');
    // A bad file is refused with the line and field, in Spanish.
    await region.getByLabel('Archivo de coordenadas de las barras (CSV)').setInputFiles({
      name: 'malo.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('1,40,-3\n2,norte,-3\n'),
    });
    await page
      .getByText(
        'No se pudieron cargar las coordenadas: El archivo de coordenadas tiene un valor inválido (línea 2, campo lat)',
      )
      .waitFor();

    // 375 px: the view, its search and its legend fit without a horizontal scroll.
    await page.setViewportSize({ width: 375, height: 800 });
    await region.scrollIntoViewIfNeeded();
    await waitForHook(page, (state) => state.nodes === 200, 'the network at 375 px');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await region.screenshot({ path: `${artifactsDir}/network-375.png` });
  }, 240_000);

  it('maps the evaluated busbars of the demo study by capacity on /resultados', async () => {
    const page = await signedInPage('red.resultados@example.co');
    // The demo study is computed on first start; its network is stored with it.
    const deadline = Date.now() + 480_000;
    for (;;) {
      const response = await page.request.get(`${server.url}/api/demo-study/network`);
      if (response.status() === 200) break;
      expect(response.status()).toBe(404);
      if (Date.now() > deadline) throw new Error('The demo study network was not stored in time');
      await page.waitForTimeout(3000);
    }
    await page.goto(`${server.url}/resultados`);
    const show = page.getByRole('button', {
      name: 'Mostrar el mapa de capacidad de conexión (MW)',
    });
    await show.waitFor({ timeout: 60_000 });
    await show.click();
    const map = page.getByRole('region', { name: 'Mapa de capacidad de conexión' });
    await map.waitFor({ timeout: 60_000 });
    await map.scrollIntoViewIfNeeded();
    const legend = map.getByRole('list', { name: 'Capacidad de conexión (MW)' }).first();
    await legend.waitFor();
    const legendText = (await legend.textContent()) ?? '';
    expect(legendText).toMatch(/MW/);
    expect(legendText).toContain('Barra no evaluada');
    const busbars = map.getByTestId('busbar-capacities').getByRole('listitem');
    await busbars.first().waitFor({ state: 'attached' });
    // The evaluated busbars of the shown scenario and year are the coloured ones (more appear
    // while the result cards load one case at a time: read both until they agree).
    const deadline2 = Date.now() + 60_000;
    let count = 0;
    for (;;) {
      count = await busbars.count();
      const state = await hook(page);
      if (state?.ready && count > 0 && state.coloredBuses === count) break;
      if (Date.now() > deadline2) throw new Error(`map shows ${state?.coloredBuses} of ${count}`);
      await page.waitForTimeout(500);
    }
    for (let i = 0; i < count; i++) {
      expect(await busbars.nth(i).textContent()).toMatch(/: [\d.,]+ MW$/);
    }
    await saveScreenshot(page, 'network-resultados-map');
  }, 600_000);
});
