import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useOwnServer } from './own-server';
import { artifactsDir, saveScreenshot, useBrowser } from './support/browser';
import { signUpThroughApi } from './support/accounts';

// Its own server WITH the bundled demo study (the shared harness runs with DEMO_DATA=off).
const server = useOwnServer({ DEMO_DATA: 'on' });
const session = useBrowser();

/** Signs up through the API; the page carries the session cookie. */
async function signedInPage(email: string, viewport?: { width: number; height: number }) {
  const page = await session.newPage(viewport === undefined ? {} : { viewport });
  await signUpThroughApi(page, server.url, email, 'Generadora');
  return page;
}

type DemoCase = { caseId: string; caseName: string; familyId: string | null; familyName: string };

/** The demo study's cases, every page of GET /api/cases?owner=demo (issue #16: paged). */
async function demoCases(page: Page): Promise<DemoCase[]> {
  const cases: DemoCase[] = [];
  for (let number = 1; ; number++) {
    const response = await page.request.get(
      `${server.url}/api/cases?owner=demo&pageSize=100&page=${number}`,
    );
    const body = (await response.json()) as { cases: DemoCase[]; total: number };
    cases.push(...body.cases);
    if (body.cases.length === 0 || cases.length >= body.total) return cases;
  }
}

/** The demo study is computed on first start: wait until its families are listed. */
async function waitForDemoFamilies(page: Page) {
  const deadline = Date.now() + 240_000;
  for (;;) {
    const body = { cases: await demoCases(page) };
    const families = new Set(body.cases.map((item) => item.familyId).filter((id) => id !== null));
    const stats = (await (await page.request.get(`${server.url}/api/stats`)).json()) as {
      scenariosAnalysed: number;
    };
    if (families.size === 25 && stats.scenariosAnalysed >= 450) return body.cases.length;
    if (Date.now() > deadline) throw new Error('The demo study was not computed in time');
    await page.waitForTimeout(2000);
  }
}

type ApiGenerator = {
  name: string;
  busNumber: number;
  initialMw: number;
  maxMw: number;
  sensitivity: number;
  dispatchAtLimitMw: number | null;
};
type ApiCapacity = {
  busName: string;
  scenario: string;
  capacityMw: number;
  tmaxMw: number;
  limiting: {
    monitoredName: string;
    distributionFactor: number;
    limitMw: number;
    flowAtZeroMw?: number;
    generators?: ApiGenerator[];
  } | null;
};

/** docs/analysis.md §4 with the moved flow: the capacity the limiting constraint allows. */
function expectedCapacity(c: ApiCapacity, dispatch: ReadonlyMap<number, number>): number {
  const lim = c.limiting!;
  let f0 = lim.flowAtZeroMw!;
  for (const g of lim.generators!) {
    const mw = dispatch.get(g.busNumber);
    if (mw !== undefined) f0 += g.sensitivity * (mw - g.initialMw);
  }
  const d = lim.distributionFactor;
  const raw = d > 0 ? (lim.limitMw - f0) / d : (lim.limitMw + f0) / -d;
  return Math.min(c.tmaxMw, Math.max(0, raw));
}

/** "1.234,5 MW" → 1234.5 */
const parseMw = (text: string | null) =>
  Number((text ?? '').replace(' MW', '').replaceAll('.', '').replace(',', '.'));

describe('/resultados with the demo study', () => {
  it('shows the whole demo study at once (one request), selects a family, switches year tabs, resets paging and throttles refresh', async () => {
    const page = await signedInPage('resultados@example.co');
    const started = Date.now();
    const count = await waitForDemoFamilies(page);
    console.log(`demo study ready after ${Math.round((Date.now() - started) / 1000)} s`);
    expect(count).toBeGreaterThanOrEqual(450);

    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    // The default view (the demo, every busbar): complete when the first 12 of its 450 cards
    // are on the page (issue #29: all 450 at once made a 53,847 px page).
    const opened = Date.now();
    const studyRead = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/studies/demo',
    );
    await page.goto(`${server.url}/resultados`);
    const read = await studyRead;
    const readBytes = (await read.body()).length;
    console.log(
      `GET /api/studies/demo: ${Math.round(read.request().timing().responseEnd)} ms, ${Math.round(readBytes / 1024)} KB`,
    );
    await page.waitForFunction(
      () => document.querySelectorAll('[role="tabpanel"] article').length === 12,
      undefined,
      { timeout: 60_000 },
    );
    const defaultViewMs = Date.now() - opened;
    console.log(
      `/resultados default view (demo, 12 of 450 cards): complete in ${defaultViewMs} ms`,
    );
    expect(await page.getByTestId('cards-count').textContent()).toBe(
      '450 resultados · Se muestran 12 de 450.',
    );
    // Light before a family is chosen: under 5,000 px on a desktop (issue #29), and on a phone.
    const pageHeight = () => page.evaluate(() => document.documentElement.scrollHeight);
    const desktopPx = await pageHeight();
    await page.setViewportSize({ width: 375, height: 800 });
    const phonePx = await pageHeight();
    await page.setViewportSize({ width: 1280, height: 900 });
    console.log(
      `/resultados default view: ${desktopPx} px tall at 1280 px, ${phonePx} px at 375 px`,
    );
    expect(desktopPx).toBeLessThan(5_000);
    expect(phonePx).toBeLessThan(12_000);
    // Read in one request, not one per case (the spec's 500 ms pauses took ~3.7 minutes).
    expect(requests.filter((p) => p === '/api/studies/demo')).toHaveLength(1);
    expect(requests.filter((p) => p.startsWith('/api/cases/'))).toEqual([]);
    // Issue #16: the default view of the demo study in under 3 s, a family in under 1 s.
    expect(defaultViewMs).toBeLessThan(3_000);
    await page
      .getByRole('heading', { level: 1, name: 'Capacidad de conexión en barras' })
      .waitFor();
    expect(
      await page.getByLabel('Estudio mostrado').locator('option:checked').textContent(),
    ).toMatch(/\(demostración\)$/);
    await page.getByTestId('results-stat-busbarsEvaluated').getByText('25').waitFor();
    await page.getByTestId('results-stat-scenariosAnalysed').getByText('450').waitFor();
    const table = page.getByRole('table', {
      name: 'Barras del estudio de capacidad de conexión',
    });
    await table.waitFor();
    // Default page size 10, 25 families.
    expect(await table.getByRole('row').count()).toBe(11);
    await page.getByText('Página 1 de 3').waitFor();
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByText('Página 2 de 3').waitFor();
    await page.getByLabel('Filas por página').selectOption('5');
    await page.getByText('Página 1 de 5').waitFor();
    await page.getByLabel('Filas por página').selectOption('10');
    await page.getByText('Página 1 de 3').waitFor();

    // Refresh is throttled: a second click within 3 s does not read the study again.
    const refetches = () => requests.filter((p) => p === '/api/studies/demo').length;
    const refresh = page.getByRole('button', { name: 'Actualizar' });
    const before = refetches();
    await refresh.click();
    await page.waitForTimeout(500);
    const afterFirst = refetches();
    expect(afterFirst).toBe(before + 1);
    expect(await refresh.getAttribute('aria-disabled')).toBe('true');
    // Playwright waits for an aria-disabled button to be enabled; force the click within 3 s.
    await refresh.click({ force: true });
    await page.waitForTimeout(500);
    expect(refetches()).toBe(afterFirst);
    await page.waitForTimeout(2500);
    expect(await refresh.getAttribute('aria-disabled')).toBe('false');
    await refresh.click();
    await page.waitForTimeout(500);
    expect(refetches()).toBeGreaterThan(afterFirst);

    // Select the first family: 18 cases (3 scenarios × 6 years), from the study already read.
    const firstRow = table.getByRole('row').nth(1);
    const familyName = (await firstRow.getByRole('cell').nth(2).textContent()) ?? '';
    const clicked = Date.now();
    await firstRow.getByRole('cell').nth(2).click();
    await page.waitForFunction(
      () => document.querySelectorAll('[role="tabpanel"] article').length === 18,
      undefined,
      { timeout: 60_000 },
    );
    const familyMs = Date.now() - clicked;
    console.log(`/resultados one family (18 cards): complete in ${familyMs} ms`);
    expect(familyMs).toBeLessThan(1_000);
    await page
      .getByTestId('selected-family')
      .getByText(/18 casos/)
      .waitFor();
    await page.getByRole('tab', { name: 'Todos' }).waitFor();
    const firstCard = page.getByRole('article').first();
    expect(await firstCard.textContent()).toContain(familyName.trim());
    expect(await firstCard.getByTestId('card-capacity').textContent()).toMatch(
      /^\d{1,3}(\.\d{3})*,\d$/,
    );
    await page.getByRole('img', { name: /Gráfico de líneas: capacidad de conexión/ }).waitFor();
    await page.getByTestId('network-label').waitFor();
    await page.getByText(/Resultados vigentes al/).waitFor();
    await page.getByText(/no son simultáneas ni aditivas/).waitFor();
    await saveScreenshot(page, 'results-family-all');

    const yearTabs = page.getByRole('tablist', { name: 'Filtrar por año' }).getByRole('tab');
    expect(await yearTabs.count()).toBe(7);
    const year = (await yearTabs.nth(2).textContent()) ?? '';
    await yearTabs.nth(2).click();
    const panel = page.getByRole('tabpanel');
    expect(await panel.getByRole('article').count()).toBe(3);
    for (const text of await panel.getByRole('article').allTextContents()) {
      expect(text).toContain(year);
    }
    await saveScreenshot(page, 'results-family-year');
  }, 330_000);

  it('generator chart of a case: sort, filter, keyboard and pointer drag with the capacity recomputed from the API numbers, reset; one capacity line per scenario', async () => {
    const page = await signedInPage('resultados.generadores@example.co', {
      width: 1280,
      height: 900,
    });
    await waitForDemoFamilies(page);
    // A case of a family on the first page of the table whose limiting constraint has plants
    // of both signs, found through the API the page itself reads.
    const cases = await demoCases(page);
    const firstPage = [...new Set(cases.map((c) => c.familyId).filter((id) => id !== null))]
      .sort((a, b) => Number(a) - Number(b))
      .slice(0, 10);
    let chosen: {
      caseName: string;
      familyName: string;
      familyId: string;
      capacity: ApiCapacity;
    } | null = null;
    for (const c of cases.filter((item) => firstPage.includes(item.familyId ?? ''))) {
      const data = (await (
        await page.request.get(`${server.url}/api/cases/${c.caseId}/data`)
      ).json()) as { analysis: { busbarCapacity: ApiCapacity } | null };
      const capacity = data.analysis?.busbarCapacity;
      const gens = capacity?.limiting?.generators ?? [];
      if (
        capacity &&
        gens.length >= 3 &&
        gens.some((g) => g.sensitivity > 0) &&
        gens.some((g) => g.sensitivity < 0) &&
        capacity.capacityMw > 1
      ) {
        chosen = {
          caseName: c.caseName,
          familyName: c.familyName,
          familyId: c.familyId!,
          capacity,
        };
        break;
      }
    }
    expect(chosen, 'a demo case with generators of both signs').not.toBeNull();
    const { capacity, caseName } = chosen!;
    const generators = capacity.limiting!.generators!;
    for (const g of generators) expect(Math.abs(g.sensitivity)).toBeGreaterThan(0.01);

    await page.goto(`${server.url}/resultados`);
    const table = page.getByRole('table', { name: 'Barras del estudio de capacidad de conexión' });
    await table.waitFor();
    await page.getByText(/Selecciona una barra en la tabla «Barras analizadas»/).waitFor();
    await table
      .getByRole('row')
      .filter({ hasText: chosen!.familyName })
      .first()
      .getByRole('cell')
      .nth(2)
      .click();
    await page
      .getByTestId('selected-family')
      .getByText(/18 casos/)
      .waitFor();
    await page.waitForFunction(
      () => document.querySelectorAll('[role="tabpanel"] article').length === 18,
      undefined,
      { timeout: 60_000 },
    );
    // The per-family chart: one line per scenario of the family's cases.
    const scenarios = new Set(
      cases.filter((c) => c.familyId === chosen!.familyId).map((c) => c.caseName.split('_')[0]),
    );
    expect(await page.getByTestId('capacity-line').count()).toBe(scenarios.size);
    expect(
      new Set(
        await page
          .getByTestId('capacity-line')
          .evaluateAll((lines) => lines.map((line) => line.getAttribute('data-scenario'))),
      ),
    ).toEqual(scenarios);
    // The last scenario's points are drawn on top (close values overlap).
    await page.getByTestId('capacity-line').last().getByTestId('capacity-point').first().hover();
    await page
      .getByTestId('capacity-tooltip')
      .getByText(/^Escenario .+, \d{4}: [\d.]+,\d MW$/)
      .waitFor();

    await page.getByText(/Selecciona un caso \(«Ver generadores»\)/).waitFor();
    await page
      .getByRole('button', {
        name: `Ver la sensibilidad de los generadores de la barra ${capacity.busName} en el caso ${caseName}`,
      })
      .click();
    const chart = page.getByTestId('generator-chart');
    await chart.waitFor();
    await chart
      .getByText(`Restricción limitante: ${capacity.limiting!.monitoredName}`, { exact: false })
      .waitFor();
    const recalculated = chart.getByTestId('recalculated-capacity');
    expect(parseMw(await recalculated.textContent())).toBeCloseTo(capacity.capacityMw, 1);
    const rows = chart
      .getByRole('list', { name: /Generadores con sensibilidad/ })
      .getByRole('listitem');
    expect(await rows.count()).toBe(generators.length);
    const order = () =>
      rows.evaluateAll((items) =>
        items.map((item) => Number(item.getAttribute('data-testid')!.slice(10))),
      );
    const bus = (list: ApiGenerator[]) => list.map((g) => g.busNumber);
    const by = (key: (g: ApiGenerator) => number, sign: number) =>
      bus([...generators].sort((a, b) => sign * (key(a) - key(b)) || a.busNumber - b.busNumber));
    expect(await order()).toEqual(by((g) => g.sensitivity, -1));
    await chart.getByLabel('Ordenar por').selectOption('capacity');
    await chart.getByLabel('Orden', { exact: true }).selectOption('asc');
    expect(await order()).toEqual(by((g) => g.maxMw, 1));
    await chart.getByLabel('Filtrar').selectOption('negative');
    expect(await order()).toEqual(
      by((g) => g.maxMw, 1).filter(
        (n) => generators.find((g) => g.busNumber === n)!.sensitivity < 0,
      ),
    );
    await chart.getByLabel('Filtrar').selectOption('positive');
    expect(await order()).toEqual(
      by((g) => g.maxMw, 1).filter(
        (n) => generators.find((g) => g.busNumber === n)!.sensitivity > 0,
      ),
    );
    await chart.getByLabel('Filtrar').selectOption('all');
    await chart.getByLabel('Ordenar por').selectOption('sensitivity');
    await chart.getByLabel('Orden', { exact: true }).selectOption('desc');
    await saveScreenshot(page, 'results-generators');

    // Keyboard: the most sensitive plant down five steps of 1 % of its Pmax.
    const dispatch = new Map<number, number>();
    const first = generators.reduce((a, b) =>
      Math.abs(b.sensitivity) > Math.abs(a.sensitivity) ? b : a,
    );
    const firstMarker = chart.getByRole('slider', { name: `Despacho de ${first.name}` });
    await firstMarker.focus();
    for (let i = 0; i < 5; i++)
      await page.keyboard.press(first.initialMw > 0 ? 'ArrowLeft' : 'ArrowRight');
    const afterKeys = Number(await firstMarker.getAttribute('aria-valuenow'));
    expect(afterKeys).not.toBeCloseTo(first.initialMw, 3);
    dispatch.set(first.busNumber, afterKeys);
    expect(parseMw(await recalculated.textContent())).toBeCloseTo(
      expectedCapacity(capacity, dispatch),
      1,
    );
    await page.keyboard.press('End');
    expect(Number(await firstMarker.getAttribute('aria-valuenow'))).toBeCloseTo(first.maxMw, 6);
    dispatch.set(first.busNumber, first.maxMw);
    expect(parseMw(await recalculated.textContent())).toBeCloseTo(
      expectedCapacity(capacity, dispatch),
      1,
    );

    // Pointer: another plant dragged to the left end of the track (0 MW), via a middle stop.
    const second = generators.find((g) => g.busNumber !== first.busNumber && g.initialMw > 1)!;
    const secondMarker = chart.getByRole('slider', { name: `Despacho de ${second.name}` });
    await secondMarker.scrollIntoViewIfNeeded();
    const box = (await secondMarker.boundingBox())!;
    const track = await secondMarker.evaluate((el) => {
      const r = el.previousElementSibling!.getBoundingClientRect();
      return { left: r.left, width: r.width };
    });
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(track.left + track.width * 0.1, box.y + box.height / 2, { steps: 4 });
    await page.mouse.move(track.left - 40, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    expect(Number(await secondMarker.getAttribute('aria-valuenow'))).toBe(0);
    dispatch.set(second.busNumber, 0);
    const both = expectedCapacity(capacity, dispatch);
    expect(parseMw(await recalculated.textContent())).toBeCloseTo(both, 1);
    await chart.getByText('2 generadores ajustados').waitFor();
    await chart
      .getByText(/Estimación lineal \(modelo DC\) sobre la restricción limitante únicamente/)
      .waitFor();
    await saveScreenshot(page, 'results-generators-adjusted');
    await chart.screenshot({ path: path.join(artifactsDir, 'results-generator-chart.png') });

    await chart.getByRole('button', { name: 'Restablecer' }).click();
    expect(parseMw(await recalculated.textContent())).toBeCloseTo(capacity.capacityMw, 1);
    expect(Number(await firstMarker.getAttribute('aria-valuenow'))).toBeCloseTo(first.initialMw, 6);
    expect(await chart.getByRole('button', { name: 'Restablecer' }).isDisabled()).toBe(true);
  }, 330_000);

  it('shows the capacity of every bus of a chosen card’s scenario × year case, as the API answers (issue #17)', async () => {
    const page = await signedInPage('resultados.barras@example.co', { width: 1280, height: 900 });
    await waitForDemoFamilies(page);
    const cases = await demoCases(page);
    await page.goto(`${server.url}/resultados`);
    const table = page.getByRole('table', { name: 'Barras del estudio de capacidad de conexión' });
    await table.getByRole('row').nth(1).getByRole('cell').nth(2).click();
    // The family's 18 cards, not the first 12 of every busbar drawn before it.
    await page.waitForFunction(
      () => document.querySelectorAll('[role="tabpanel"] article').length === 18,
    );
    const card = page
      .getByRole('button', { name: /^Ver la sensibilidad de los generadores/ })
      .last();
    const label = (await card.getAttribute('aria-label')) ?? '';
    const caseName = /en el caso (\S+)$/.exec(label)![1]!;
    const started = Date.now();
    await card.click();
    const section = page.getByRole('region', { name: 'Capacidad por barra del caso' });
    await section.locator('[data-testid="busbar-capacities"][data-state="done"]').waitFor();
    await section.getByText(`de la red del caso ${caseName}`, { exact: false }).waitFor();
    // Any busbar case of that scenario × year answers for it (the section reads its first).
    const busbarCase = cases.find((c) => c.caseName === caseName)!;
    const response = await page.request.get(
      `${server.url}/api/cases/${busbarCase.caseId}/busbar-capacities?sort=capacity&order=desc&pageSize=50`,
    );
    expect(response.status()).toBe(200);
    const first = (await response.json()) as {
      state: string;
      total: number;
      rows: { bus: number }[];
      summary: { computed: number; buses: number };
    };
    expect(first.state).toBe('done');
    expect(first.total).toBe(first.summary.buses);
    expect(first.summary.buses).toBeGreaterThanOrEqual(2000);
    const integer = (value: number) => new Intl.NumberFormat('es-CO').format(value);
    expect(await section.getByTestId('capacity-buses').textContent()).toBe(
      integer(first.summary.computed),
    );
    const capacityTable = section.getByRole('table', { name: /^Capacidad atribuible de conexión/ });
    await expect
      .poll(
        async () =>
          (await capacityTable
            .locator('tbody tr')
            .first()
            .locator('th, td')
            .first()
            .textContent()) ?? '',
        {
          timeout: 20_000,
        },
      )
      .toBe(String(first.rows[0]!.bus));
    console.log(`demo study card ${caseName}: every bus shown in ${Date.now() - started} ms`);
  }, 330_000);

  it('compares two years of the demo study side by side, as each year’s own table says (issue #29)', async () => {
    const page = await signedInPage('resultados.comparar@example.co', { width: 1280, height: 900 });
    await waitForDemoFamilies(page);
    const cases = await demoCases(page);
    await page.goto(`${server.url}/resultados`);
    const card = page.getByRole('region', { name: 'Comparar dos casos' });
    const baseName = await card.getByLabel('Caso A (referencia)').inputValue();
    const otherName = await card.getByLabel('Caso B (comparado)').inputValue();
    // The select's values are case ids; the visible text is the case name.
    const nameOf = async (label: string) =>
      (await card.getByLabel(label).locator('option:checked').textContent())!.trim();
    const [baseCase, otherCase] = [
      await nameOf('Caso A (referencia)'),
      await nameOf('Caso B (comparado)'),
    ];
    expect(baseName).not.toBe(otherName);
    // The same scenario, its first year against its last.
    expect(baseCase.split('_')[0]).toBe(otherCase.split('_')[0]);
    expect(Number(baseCase.split('_')[1])).toBeLessThan(Number(otherCase.split('_')[1]));
    await card.getByRole('button', { name: 'Comparar', exact: true }).click();
    await card.getByTestId('comparison-result').waitFor({ timeout: 60_000 });
    await saveScreenshot(page, 'results-comparison');

    // Each year's own table, read page by page from any of its busbar cases.
    type Row = {
      bus: number;
      name: string;
      baseKv: number;
      attributable: { capacityMw: number | null };
    };
    const rowsOf = async (caseName: string) => {
      const caseId = cases.find((c) => c.caseName === caseName)!.caseId;
      const rows: Row[] = [];
      for (let n = 1; ; n++) {
        const response = await page.request.get(
          `${server.url}/api/cases/${caseId}/busbar-capacities?sort=bus&pageSize=200&page=${n}`,
        );
        const body = (await response.json()) as { state: string; rows: Row[]; total: number };
        expect(body.state).toBe('done');
        rows.push(...body.rows);
        if (rows.length >= body.total) return new Map(rows.map((row) => [row.bus, row]));
      }
    };
    const before = await rowsOf(baseCase);
    const after = await rowsOf(otherCase);
    const changes = [...before.values()]
      .map((row) => {
        const a = row.attributable.capacityMw;
        const b = after.get(row.bus)?.attributable.capacityMw ?? null;
        return { row, a, b, delta: a === null || b === null ? null : b - a };
      })
      .filter((change) =>
        change.delta === null ? change.a !== change.b : Math.abs(change.delta) >= 0.05,
      );
    const numeric = changes.filter((change) => change.delta !== null);
    numeric.sort((x, y) => Math.abs(y.delta!) - Math.abs(x.delta!) || x.row.bus - y.row.bus);
    const fixed = (value: number) =>
      new Intl.NumberFormat('es-CO', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
        value,
      );
    const integer = (value: number) => new Intl.NumberFormat('es-CO').format(value);

    const onlyOther = [...after.keys()].filter(
      (bus) => !before.has(bus) && after.get(bus)!.attributable.capacityMw !== null,
    ).length;
    const total = changes.length + onlyOther;
    const caption = await card.getByTestId('comparison-caption').textContent();
    expect(caption).toContain(`de ${integer(total)} barras con cambios`);
    const rows = card.getByTestId('comparison-table').locator('tbody tr');
    expect(await rows.count()).toBe(Math.min(25, total));
    if (numeric.length > 0) {
      const top = numeric[0]!;
      const first = rows.first();
      const header = (await first.locator('th').textContent())!;
      expect(header).toContain(`(${top.row.bus}, `);
      expect(header).toContain(' kV)');
      const cells = await first.locator('td').allTextContents();
      expect(cells[1]).toBe(fixed(top.a!));
      expect(cells[2]).toBe(fixed(top.b!));
      expect(cells[3]).toContain(fixed(Math.abs(top.delta!)));
    }
    console.log(
      `demo study ${baseCase} → ${otherCase}: ${changes.length} buses changed, largest ${numeric[0] === undefined ? 'none' : `${numeric[0].row.bus} ${numeric[0].delta!.toFixed(1)} MW`}`,
    );
  }, 330_000);

  it('fits a 375 px screen', async () => {
    const page = await signedInPage('resultados.movil@example.co', { width: 375, height: 800 });
    await waitForDemoFamilies(page);
    await page.goto(`${server.url}/resultados`);
    await page
      .getByRole('table', { name: 'Barras del estudio de capacidad de conexión' })
      .waitFor();
    await saveScreenshot(page, 'results-375');
    // The generator chart of the first case fits: nothing in it wider than the screen.
    const table = page.getByRole('table', { name: 'Barras del estudio de capacidad de conexión' });
    await table.getByRole('row').nth(1).getByRole('cell').nth(2).click();
    await page
      .getByRole('button', { name: /^Ver la sensibilidad de los generadores/ })
      .first()
      .click();
    const chart = page.getByTestId('generator-chart');
    await chart.waitFor();
    const wide = await chart.evaluate((el) =>
      [el, ...Array.from(el.querySelectorAll('*'))]
        .filter((child) => child.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map((child) => child.outerHTML.slice(0, 120)),
    );
    expect(wide).toEqual([]);
    await chart.screenshot({ path: path.join(artifactsDir, 'results-generator-chart-375.png') });
    // And the whole page.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  }, 330_000);
});
