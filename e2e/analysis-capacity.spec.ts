import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readReference } from '@holgura/test-fixtures';
import { useOwnServer } from './own-server';
import { artifactsDir, saveScreenshot, useBrowser } from './support/browser';
import { signUpThroughApi } from './support/accounts';
import {
  expectedCells as expected,
  fixed,
  getJson,
  integer,
  shownRows,
} from './support/capacity-table';

// Its own server: a 2,000-bus upload, its analysis and its capacity job keep both cores busy.
const server = useOwnServer();
const session = useBrowser();

const activsg2000 = readReference('cases/case_ACTIVSg2000.m');

/** The parts of the contracts this spec reads (api/busbar-capacities.ts). */
type Limiting = { monitoredName: string; contingencyName: string | null };
type Row = {
  bus: number;
  name: string;
  baseKv: number;
  area: number;
  attributable: { capacityMw: number | null; limiting: Limiting | null };
  strict: { capacityMw: number | null; limiting: Limiting | null };
  preExistingLimit: boolean;
  worsened: Limiting | null;
};
type Page1 = {
  state: string;
  total: number;
  rows: Row[];
  summary: {
    buses: number;
    computed: number;
    withPreExistingLimit: number;
    capMw: number;
    attributable: { medianMw: number | null; zero: number; atCap: number };
  };
};
type Histogram = { bins: { kind: string; fromMw: number; toMw: number; count: number }[] };
type CapacityMap = { bus: number[]; capacityMw: (number | null)[]; capMw: number };
type Hook = { ready: boolean; nodes: number; coloredBuses: number };

const api = <T>(page: Page, pathname: string) => getJson<T>(page, server.url, pathname);

/** Waits until the table shows these API rows (a new page, order or filter has arrived). */
async function waitForRows(table: Locator, rows: Row[]) {
  const want = rows.map(expected);
  await expect.poll(() => shownRows(table), { timeout: 20_000 }).toEqual(want);
}

/** The first 1,400 px of a region (its summary, filters and first rows), to look at. */
async function shootTop(page: Page, region: Locator, name: string) {
  await region.scrollIntoViewIfNeeded();
  const box = (await region.boundingBox())!;
  const scroll = await page.evaluate(() => window.scrollY);
  await page.screenshot({
    path: path.join(artifactsDir, `${name}.png`),
    fullPage: true,
    clip: { x: box.x, y: box.y + scroll, width: box.width, height: Math.min(box.height, 1400) },
  });
}

describe('«Capacidad por barra» (issue #17)', () => {
  it('ACTIVSg2000 as a new user: the capacity job, then the table, histogram, map and a download', async () => {
    const page = await session.newPage();
    // Every state the capacity section shows, and the progress it reports, as they happen.
    await page.addInitScript(() => {
      const seen: { state: string | null; progress: string | null }[] = [];
      (window as unknown as { __capacityStates: typeof seen }).__capacityStates = seen;
      new MutationObserver(() => {
        const section = document.querySelector('[data-testid="busbar-capacities"]');
        if (section === null) return;
        const state = section.getAttribute('data-state');
        const bar = section.querySelector('[role="progressbar"]');
        const progress = bar?.getAttribute('aria-valuenow') ?? null;
        const last = seen.at(-1);
        if (last?.state !== state || last?.progress !== progress) seen.push({ state, progress });
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
    await signUpThroughApi(page, server.url, 'capacidad.activsg2000@example.co');
    await page.goto(`${server.url}/analisis`);
    await page.getByText('No hay casos para mostrar.').waitFor();
    await page
      .getByLabel('Seleccionar archivo de caso')
      .setInputFiles({ name: 'case_ACTIVSg2000.txt', mimeType: 'text/plain', buffer: activsg2000 });
    await page.getByRole('button', { name: 'Procesar archivo' }).click();
    await page.getByText('Archivo procesado correctamente').waitFor({ timeout: 240_000 });
    const caseId = (await page.getByTestId('selected-case-id').textContent())?.trim() ?? '';
    expect(caseId).not.toBe('');

    // The capacity job's progress, then the table.
    const section = page.getByRole('region', { name: 'Capacidad por barra', exact: true });
    await section.waitFor();
    const table = section.getByRole('table', { name: /^Capacidad atribuible de conexión/ });
    await table.waitFor({ timeout: 240_000 });
    const states = await page.evaluate(
      () =>
        (window as unknown as { __capacityStates: { state: string; progress: string | null }[] })
          .__capacityStates,
    );
    expect(states.at(-1)?.state).toBe('done');
    const before = states.filter((item) => item.state === 'pending' || item.state === 'running');
    expect(before.length, JSON.stringify(states)).toBeGreaterThan(0);
    expect(before.some((item) => item.progress !== null)).toBe(true);
    expect(page.url()).toContain(`caso=${caseId}`);

    // Page 1: the largest capacities first, 50 a page, as the API orders them.
    const base = `/api/cases/${caseId}/busbar-capacities`;
    const first = await api<Page1>(page, `${base}?sort=capacity&order=desc&pageSize=50`);
    expect(first.state).toBe('done');
    expect(first.summary.computed).toBe(2000);
    await waitForRows(table, first.rows);
    expect(await section.getByTestId('capacity-buses').textContent()).toBe(integer(2000));
    expect(await section.getByTestId('capacity-median').textContent()).toBe(
      `${fixed(first.summary.attributable.medianMw!, 1)} MW`,
    );
    expect(await section.getByTestId('capacity-total').textContent()).toBe(
      `${integer(first.total)} de ${integer(2000)} barras`,
    );
    // A bus's own injection can worsen a violation the network already has (unlike the
    // study group's transfer of decision 013): the summary says at how many buses.
    const held = first.summary.withPreExistingLimit;
    expect(await section.getByTestId('capacity-pre-existing').textContent()).toMatch(
      held === 0
        ? /^Ninguna inyección empeora una violación existente/
        : new RegExp(
            `^En ${integer(held).replace('.', '\\.')} de ${integer(2000).replace('.', '\\.')} barras la cifra estricta es 0 MW`,
          ),
    );
    // A row's limiting element and contingency, as the API names them.
    const limited = first.rows.findIndex((row) => row.attributable.limiting !== null);
    if (limited >= 0) {
      const row = first.rows[limited]!;
      const cells = table.locator('tbody tr').nth(limited).locator('th, td');
      expect(await cells.nth(5).textContent()).toBe(row.attributable.limiting!.monitoredName);
      expect(await cells.nth(6).textContent()).toBe(
        row.attributable.limiting!.contingencyName ?? 'SOBRECARGA RED COMPLETA',
      );
    }
    await saveScreenshot(page, 'analysis-capacity-activsg2000');
    await shootTop(page, section, 'analysis-capacity-activsg2000-top');

    // Paging.
    await section.getByRole('button', { name: 'Siguiente' }).click();
    const second = await api<Page1>(page, `${base}?sort=capacity&order=desc&pageSize=50&page=2`);
    await waitForRows(table, second.rows);
    await section.getByText(`Página 2 de ${Math.ceil(first.total / 50)}`).waitFor();

    // Sorting by MW: ascending, from page 1.
    await table.getByRole('button', { name: 'Atribuible (MW)' }).click();
    const ascending = await api<Page1>(page, `${base}?sort=capacity&order=asc&pageSize=50`);
    await waitForRows(table, ascending.rows);
    expect(
      await table.getByRole('columnheader', { name: 'Atribuible (MW)' }).getAttribute('aria-sort'),
    ).toBe('ascending');
    expect(page.url()).toContain('capacidad.sentido=ascendente');

    // Search by name: part of a bus's name, after a pause.
    const name = first.rows[3]!.name;
    const word = name.split(/\s+/)[0]!;
    await section.getByLabel('Buscar barra').fill(word.toLowerCase());
    const found = await api<Page1>(
      page,
      `${base}?sort=capacity&order=asc&pageSize=50&q=${encodeURIComponent(word.toLowerCase())}`,
    );
    expect(found.total).toBeGreaterThan(0);
    await waitForRows(table, found.rows);
    for (const row of found.rows) expect(row.name.toLowerCase()).toContain(word.toLowerCase());
    await section.getByRole('button', { name: 'Quitar filtros' }).click();

    // kV filter: the highest voltage of the case.
    const kv = Math.max(...first.rows.map((row) => row.baseKv));
    await section.getByLabel('Tensión mínima (kV)').fill(String(kv).replace('.', ','));
    const high = await api<Page1>(page, `${base}?sort=capacity&order=asc&pageSize=50&minKv=${kv}`);
    expect(high.total).toBeGreaterThan(0);
    expect(high.total).toBeLessThan(2000);
    await waitForRows(table, high.rows);
    for (const row of high.rows) expect(row.baseKv).toBeGreaterThanOrEqual(kv);
    await section
      .getByTestId('capacity-total')
      .getByText(`${integer(high.total)} de ${integer(2000)} barras`)
      .waitFor();

    // The histogram: the same filter, its bins as the API counts them, in its table too.
    const histogram = await api<Histogram>(
      page,
      `${base}/histogram?figure=attributable&minKv=${kv}`,
    );
    const bins = section.getByTestId('capacity-histogram').getByTestId('histogram-bin');
    await expect
      .poll(async () => {
        const counts: number[] = [];
        for (let i = 0; i < (await bins.count()); i++) {
          counts.push(Number(await bins.nth(i).getAttribute('data-count')));
        }
        return counts;
      })
      .toEqual(histogram.bins.map((bin) => bin.count));
    await section.getByText('Ver los datos del histograma en una tabla').click();
    const histogramTable = section.getByRole('table', {
      name: 'Barras por intervalo de capacidad',
    });
    expect(await histogramTable.locator('tbody tr').count()).toBe(histogram.bins.length);
    await section
      .getByRole('region', { name: 'Histograma' })
      .screenshot({ path: path.join(artifactsDir, 'analysis-capacity-histogram.png') });

    // A download: the CSV of what is shown (this filter, this order), every row of it.
    const downloads = section.getByRole('group', { name: 'Descargar la capacidad por barra' });
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      downloads.getByRole('button', { name: 'Descargar CSV' }).click(),
    ]);
    expect(await csv.failure()).toBeNull();
    const text = fs.readFileSync((await csv.path())!, 'utf8');
    const lines = text.split('\r\n').filter((line) => line !== '');
    const header = lines.findIndex(
      (line) =>
        line.replace(/^\uFEFF/, '').startsWith('"Número de barra"') ||
        line.replace(/^\uFEFF/, '').startsWith('Número de barra'),
    );
    expect(header).toBeGreaterThanOrEqual(0);
    expect(lines.length - header - 1).toBe(high.total);
    expect(lines[header + 1]).toContain(high.rows[0]!.name);

    // The map: every bus coloured, the legend's counts those of the map's columns.
    await section.getByRole('button', { name: 'Quitar filtros' }).click();
    await section.getByRole('button', { name: 'Ver el mapa de capacidad' }).click();
    const mapRegion = section.getByRole('region', { name: 'Mapa de capacidad por barra' });
    await mapRegion.waitFor({ timeout: 60_000 });
    const map = await api<CapacityMap>(page, `${base}/map?figure=attributable`);
    expect(map.bus).toHaveLength(2000);
    const edges = [0, 50, 150, 300, 500, map.capMw];
    const expectedCounts = [0, 0, 0, 0, 0, 0, 0];
    for (const mw of map.capacityMw) {
      if (mw === null) continue;
      if (mw <= 0) expectedCounts[0]! += 1;
      else if (mw >= map.capMw) expectedCounts[6]! += 1;
      else expectedCounts[edges.findIndex((edge, i) => mw >= edge && mw < edges[i + 1]!) + 1]! += 1;
    }
    const legend = mapRegion.getByTestId('capacity-map-legend');
    await legend.waitFor();
    const legendCounts = (await legend.getByTestId('band-count').allTextContents()).map((item) =>
      Number(item.replace(/\D/g, '')),
    );
    expect(legendCounts.slice(0, 7)).toEqual(expectedCounts);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const hook = (await page.evaluate(
        () => (window as unknown as { __holguraNetwork?: Hook }).__holguraNetwork ?? null,
      )) as Hook | null;
      if (hook?.ready && hook.coloredBuses === 2000 && hook.nodes === 2000) break;
      if (Date.now() > deadline) throw new Error(`map never coloured: ${JSON.stringify(hook)}`);
      await page.waitForTimeout(250);
    }
    await mapRegion.scrollIntoViewIfNeeded();
    await mapRegion.screenshot({ path: path.join(artifactsDir, 'analysis-capacity-map.png') });

    // Strict: one click away, the smallest first (the order chosen above); where a worsened
    // pre-existing violation sets it to 0, the row says so and names the violation.
    await section.getByRole('button', { name: 'Estricta', exact: true }).click();
    const strictTable = section.getByRole('table', { name: /^Capacidad estricta de conexión/ });
    await strictTable.waitFor();
    expect(page.url()).toContain('capacidad.cifra=estricta');
    const strict = await api<Page1>(
      page,
      `${base}?figure=strict&sort=capacity&order=asc&pageSize=50`,
    );
    const withWhy = strict.rows.findIndex((row) => row.preExistingLimit);
    expect(withWhy >= 0).toBe(held > 0);
    if (withWhy >= 0) {
      const row = strict.rows[withWhy]!;
      expect(row.strict.capacityMw).toBe(0);
      const cells = strictTable.locator('tbody tr').nth(withWhy).locator('th, td');
      await expect.poll(() => cells.nth(1).textContent()).toBe(row.name);
      expect(await cells.nth(4).textContent()).toBe('0,0por la violación existente');
      expect(await cells.nth(7).textContent()).toBe(fixed(row.attributable.capacityMw!, 1));
      expect(await cells.nth(8).textContent()).toBe(
        row.worsened!.contingencyName === null
          ? `${row.worsened!.monitoredName} en el caso base (N-0)`
          : `${row.worsened!.monitoredName} tras ${row.worsened!.contingencyName}`,
      );
    }
    await shootTop(page, section, 'analysis-capacity-activsg2000-strict-top');
  }, 600_000);
});
