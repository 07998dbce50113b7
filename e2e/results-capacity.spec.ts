import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readReference } from '@holgura/test-fixtures';
import { useOwnServer } from './own-server';
import { saveScreenshot, useBrowser } from './support/browser';
import { signUpThroughApi } from './support/accounts';
import {
  expectedCells as expected,
  fixed,
  getJson,
  integer,
  shownRows,
} from './support/capacity-table';

// Its own server: a study adds cases, which the shared server's api.spec.ts counts exactly.
const server = useOwnServer();
const session = useBrowser();

const activsg500 = readReference('unscored/cases/case_ACTIVSg500.m');

/**
 * studies.spec.ts's study on ACTIVSg500, cut to one scenario × two years and two busbars (the
 * second 345 kV circuit enters in 2028, so the two years' networks differ).
 */
const study = (() => {
  const full = JSON.parse(
    fs.readFileSync(
      path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/study-activsg500.json'),
      'utf8',
    ),
  ) as { name: string; scenarios: unknown[]; busbars: number[] };
  return {
    ...full,
    name: 'Capacidad por barra en Resultados',
    scenarios: full.scenarios.slice(0, 1),
    busbars: [7, 14],
  };
})();

/** The parts of the contracts this spec reads (api/busbar-capacities.ts, api/studies.ts). */
type Row = {
  bus: number;
  name: string;
  baseKv: number;
  area: number;
  attributable: { capacityMw: number | null };
  strict: { capacityMw: number | null };
};
type Page1 = {
  state: string;
  total: number;
  rows: Row[];
  summary: { buses: number; computed: number; attributable: { medianMw: number | null } };
};
type Histogram = { bins: { count: number }[] };
type StudyDetail = {
  cases: {
    name: string;
    year: number;
    busbars: { bus: number; caseId: string; capacityMw: number }[];
  }[];
};

const api = <T>(page: Page, pathname: string) => getJson<T>(page, server.url, pathname);

async function histogramCounts(section: Locator): Promise<number[]> {
  const bins = section.getByTestId('capacity-histogram').getByTestId('histogram-bin');
  const counts: number[] = [];
  for (let i = 0; i < (await bins.count()); i++) {
    counts.push(Number(await bins.nth(i).getAttribute('data-count')));
  }
  return counts;
}

describe('«Capacidad por barra» in /resultados (issue #17)', () => {
  it('a user’s study: every bus of the selected case’s scenario × year network, as the API answers', async () => {
    const started = Date.now();
    const page = await session.newPage({ viewport: { width: 1280, height: 900 } });
    await signUpThroughApi(page, server.url, 'resultados.capacidad@example.co');

    // The study, through the API (the form has its own spec).
    const created = await page.request.post(`${server.url}/api/studies`, {
      headers: { Origin: server.url },
      multipart: {
        case: { name: 'case_ACTIVSg500.m', mimeType: 'text/plain', buffer: activsg500 },
        study: JSON.stringify(study),
      },
    });
    expect(created.status(), await created.text()).toBe(202);
    const { studyId, jobId } = (await created.json()) as { studyId: string; jobId: string };
    await expect
      .poll(async () => ((await api<{ state: string }>(page, `/api/jobs/${jobId}`)) ?? {}).state, {
        timeout: 60_000,
        interval: 250,
      })
      .toBe('done');
    console.log(`study (2 cases, all-bus capacities included): done in ${Date.now() - started} ms`);
    const detail = await api<StudyDetail>(page, `/api/studies/${studyId}`);
    expect(detail.cases.map((c) => c.name)).toEqual(['alta_2027', 'alta_2028']);

    await page.goto(`${server.url}/resultados?estudio=${studyId}`);
    const section = page.getByRole('region', { name: 'Capacidad por barra del caso' });
    // No card chosen yet: the section says what to do.
    await section.getByTestId('capacity-pick-case').waitFor();
    await page.waitForFunction(
      () => document.querySelectorAll('[role="tabpanel"] article').length === 4,
    );

    for (const [index, caseName] of ['alta_2028', 'alta_2027'].entries()) {
      const slice = detail.cases.find((c) => c.name === caseName)!;
      const busbar = slice.busbars.find((b) => b.bus === 14)!;
      const base = `/api/cases/${busbar.caseId}/busbar-capacities`;
      // The study's own figure for bus 14 (pre-existing violations 'limit') is its strict MW.
      const own = await api<Page1>(page, `${base}?q=14&sort=bus&order=asc`);
      const row14 = own.rows.find((row) => row.bus === 14)!;
      expect(row14.strict.capacityMw!).toBeCloseTo(busbar.capacityMw, 6);

      // Bus 14's card; the section reads its scenario × year, whichever busbar's card it is.
      await page
        .getByRole('button', {
          name: `Ver la sensibilidad de los generadores de la barra ${row14.name} en el caso ${caseName}`,
          exact: true,
        })
        .click();
      await section
        .getByText(`de la red del caso ${caseName}`, { exact: false })
        .waitFor({ timeout: 20_000 });
      const first = await api<Page1>(page, `${base}?sort=capacity&order=desc&pageSize=50`);
      expect(first).toMatchObject({ state: 'done', total: 500 });
      expect(first.summary.computed).toBe(500);
      // Every busbar case of the scenario × year answers the same page (its own id echoed).
      const other = slice.busbars.find((b) => b.bus === 7)!;
      const fromOther = await api<Page1 & { caseId: string }>(
        page,
        `/api/cases/${other.caseId}/busbar-capacities?sort=capacity&order=desc&pageSize=50`,
      );
      expect({ ...fromOther, caseId: busbar.caseId }).toEqual(first);

      const table = section.getByRole('table', { name: /^Capacidad atribuible de conexión/ });
      await expect
        .poll(() => shownRows(table), { timeout: 20_000 })
        .toEqual(first.rows.map(expected));
      expect(await section.getByTestId('capacity-buses').textContent()).toBe(integer(500));
      expect(await section.getByTestId('capacity-median').textContent()).toBe(
        `${fixed(first.summary.attributable.medianMw!, 1)} MW`,
      );
      const histogram = await api<Histogram>(page, `${base}/histogram?figure=attributable`);
      await expect
        .poll(() => histogramCounts(section), { timeout: 20_000 })
        .toEqual(histogram.bins.map((bin) => bin.count));
      if (index === 0) {
        // The map: the study's network (the case has no view of its own), every bus coloured
        // by the case's capacities, the legend's counts those of the map's columns.
        await section.getByRole('button', { name: 'Ver el mapa de capacidad' }).click();
        const mapRegion = section.getByRole('region', { name: 'Mapa de capacidad por barra' });
        const legend = mapRegion.getByTestId('capacity-map-legend');
        await legend.waitFor({ timeout: 30_000 });
        const map = await api<{ capacityMw: (number | null)[]; capMw: number }>(
          page,
          `${base}/map?figure=attributable`,
        );
        expect(map.capacityMw).toHaveLength(500);
        const edges = [0, 50, 150, 300, 500, map.capMw];
        const counts = [0, 0, 0, 0, 0, 0, 0];
        for (const mw of map.capacityMw) {
          if (mw === null) continue;
          if (mw <= 0) counts[0]! += 1;
          else if (mw >= map.capMw) counts[6]! += 1;
          else counts[edges.findIndex((edge, i) => mw >= edge && mw < edges[i + 1]!) + 1]! += 1;
        }
        const shown = (await legend.getByTestId('band-count').allTextContents()).map((item) =>
          Number(item.replace(/\D/g, '')),
        );
        expect(shown.slice(0, 7)).toEqual(counts);
        await saveScreenshot(page, 'results-capacity');
        // The download names the same case.
        const csv = await page.request.get(`${server.url}${base}.csv?sort=capacity&order=desc`);
        expect(csv.status()).toBe(200);
        const lines = (await csv.text()).split('\n').filter((line) => line.trim() !== '');
        const header = lines.findIndex((line) => line.includes('Número de barra'));
        expect(header).toBeGreaterThanOrEqual(0);
        expect(lines.length - header - 1).toBe(500);
      }
    }
    // The two years' networks differ: so do their capacities.
    const [a, b] = await Promise.all(
      detail.cases.map((c) =>
        api<Page1>(
          page,
          `/api/cases/${c.busbars[0]!.caseId}/busbar-capacities?sort=bus&order=asc&pageSize=200`,
        ),
      ),
    );
    expect(a!.rows.map((r) => r.strict.capacityMw)).not.toEqual(
      b!.rows.map((r) => r.strict.capacityMw),
    );
    console.log(`results-capacity spec: ${Date.now() - started} ms`);
  }, 90_000);
});
