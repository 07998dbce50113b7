import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readReference } from '@holgura/test-fixtures';
import { useOwnServer } from './own-server';
import path from 'node:path';
import { artifactsDir, saveScreenshot, useBrowser } from './support/browser';
import { signUpThroughApi } from './support/accounts';

// Its own server: uploads change the public stats the shared server's api.spec.ts checks.
const server = useOwnServer();
const session = useBrowser();

const activsg200 = readReference('cases/case_ACTIVSg200.m');

/** The parts of the flexibility contract this spec reads (flexibility.v1.ts). */
type Element = { name: string; initialFlowMw: number; maxCapacityMva: number };
type Constraint = {
  id: number;
  monitored: Element;
  contingency: Element | null;
  limitMw: number;
  flowAtZeroMw: number;
  distributionFactor: number;
  transferAtLimitMw: number;
  sensitivities: { plant: number; sensitivity: number }[];
};
type Flexibility = {
  tmaxMw: number;
  limitingConstraintId: number | null;
  plants: { id: number; name: string; pInitialMw: number; pMaxMw: number; participation: number }[];
  levels: {
    level: number;
    transferMw: number;
    flexibilityPercent: number;
    constraintIds: number[];
  }[];
  constraints: Constraint[];
};

const fixed = (value: number, decimals: number) =>
  new Intl.NumberFormat('es-CO', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value);
/** The results section alone, at the viewport's width, to read the numbers. */
const shootResults = (page: Page, name: string) =>
  page
    .getByRole('region', { name: 'Resultados del caso seleccionado' })
    .screenshot({ path: path.join(artifactsDir, `${name}.png`) });

const mw = (value: number) => `${fixed(value, 1)} MW`;

async function signedInAnalysisPage(email: string): Promise<Page> {
  const page = await session.newPage();
  await signUpThroughApi(page, server.url, email);
  await page.goto(`${server.url}/analisis`);
  await page.getByRole('heading', { name: 'Análisis de flexibilidad' }).waitFor();
  await page.getByText('No hay casos para mostrar.').waitFor();
  return page;
}

describe('flexibility results', () => {
  it('uploads ACTIVSg200 and shows its levels, constraints, generators and constraint panel', async () => {
    const page = await signedInAnalysisPage('flex.activsg200@example.co');
    // What the page itself fetches (issue #16): the result's parts, never the whole document.
    const partResponses: { path: string; status: number; encoding: string | null }[] = [];
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (!/^\/api\/cases\/[^/]+\/(data|result\/.*)$/.test(pathname)) return;
      void response
        .headerValue('content-encoding')
        .then((encoding) =>
          partResponses.push({ path: pathname, status: response.status(), encoding }),
        );
    });
    await page.getByLabel('Seleccionar archivo de caso').setInputFiles({
      name: 'case_ACTIVSg200.txt',
      mimeType: 'text/plain',
      buffer: activsg200,
    });
    await page.getByRole('button', { name: 'Procesar archivo' }).click();
    await page.getByText('Archivo procesado correctamente').waitFor({ timeout: 90_000 });
    const caseId = (await page.getByTestId('selected-case-id').textContent())?.trim() ?? '';
    expect(caseId).not.toBe('');

    // The API's numbers, read with the page's session cookie.
    const response = await page.request.get(`${server.url}/api/cases/${caseId}/data`);
    expect(response.status()).toBe(200);
    const data = (await response.json()) as { analysis: { flexibility: Flexibility } };
    const flex = data.analysis.flexibility;
    await expect
      .poll(() => partResponses.filter((r) => r.path.endsWith('/result/summary')).length, {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
    expect(partResponses.find((r) => r.path.endsWith('/result/summary'))).toMatchObject({
      status: 200,
      encoding: 'gzip',
    });
    const constraints = new Map(flex.constraints.map((c) => [c.id, c]));
    const plants = new Map(flex.plants.map((p) => [p.id, p]));

    // The level that holds the constraint setting the figure is selected on load (issue #25:
    // the binding constraint is the first one shown); with none, the first level.
    const levels = page.getByRole('list', { name: 'Niveles de transferencia' });
    await levels.waitFor();
    const binding = flex.limitingConstraintId;
    const first =
      (binding === null
        ? undefined
        : flex.levels.find((level) => level.constraintIds.includes(binding))) ?? flex.levels[0]!;
    await page
      .getByRole('img', {
        name: `Flexibilidad del nivel ${first.level}: ${fixed(first.flexibilityPercent, 2)} %`,
      })
      .waitFor();
    expect(await levels.getByRole('button').count()).toBe(flex.levels.length);

    // A level with a constraint that has a real contingency and movable generators.
    const movable = (c: Constraint) =>
      c.contingency !== null &&
      c.sensitivities.some(
        (s) => Math.abs(s.sensitivity) >= 0.05 && (plants.get(s.plant)?.pMaxMw ?? 0) > 0,
      );
    const level = flex.levels.find((l) =>
      l.constraintIds.some((id) => movable(constraints.get(id)!)),
    );
    expect(level).toBeDefined();
    const index = level!.constraintIds.findIndex((id) => movable(constraints.get(id)!));
    const constraint = constraints.get(level!.constraintIds[index]!)!;

    await levels.getByRole('button', { name: new RegExp(`^Nivel ${level!.level}\\D`) }).click();
    await page
      .getByRole('img', {
        name: `Flexibilidad del nivel ${level!.level}: ${fixed(level!.flexibilityPercent, 2)} %`,
      })
      .waitFor();
    const table = page.getByRole('table', { name: `Restricciones del nivel ${level!.level}` });
    // A page of 25 at a time, from the server.
    await table.getByRole('row').nth(1).waitFor();
    expect(await table.getByRole('row').count()).toBe(
      Math.min(level!.constraintIds.length, 25) + 1,
    );
    expect(index).toBeLessThan(25);
    const row = table.getByRole('row').nth(index + 1);
    await row.click();
    expect(await row.getAttribute('aria-selected')).toBe('true');
    expect(await row.textContent()).toContain(constraint.monitored.name);
    expect(await row.textContent()).toContain(constraint.contingency!.name);

    // Condición Original: flows at T = 0 against RATE_A.
    expect(await page.getByTestId('monitored-flow').textContent()).toBe(
      mw(constraint.monitored.initialFlowMw),
    );
    expect(await page.getByTestId('monitored-limit').textContent()).toBe(
      mw(constraint.monitored.maxCapacityMva),
    );
    expect(await page.getByTestId('contingency-flow').textContent()).toBe(
      mw(constraint.contingency!.initialFlowMw),
    );
    await saveScreenshot(page, 'analysis-flex-original');
    await shootResults(page, 'analysis-flex-original-results');

    // Despacho Límite: the post-contingency flow at T(c), the contingency out of service.
    await page.getByRole('button', { name: 'Despacho Límite' }).click();
    const atLimit =
      constraint.flowAtZeroMw + constraint.distributionFactor * constraint.transferAtLimitMw;
    expect(await page.getByTestId('monitored-flow').textContent()).toBe(mw(atLimit));
    expect(await page.getByTestId('monitored-limit').textContent()).toBe(mw(constraint.limitMw));
    expect(await page.getByTestId('contingency-status').textContent()).toBe('Fuera de servicio');

    // Move the most sensitive generator with the keyboard: 10 steps of 1 % of Pmax.
    const best = constraint.sensitivities
      .filter((s) => (plants.get(s.plant)?.pMaxMw ?? 0) > 0)
      .sort((a, b) => Math.abs(b.sensitivity) - Math.abs(a.sensitivity))[0]!;
    const plant = plants.get(best.plant)!;
    const before = plant.pInitialMw + constraint.transferAtLimitMw * plant.participation;
    const slider = page.getByRole('slider', { name: `Despacho de ${plant.name}` });
    expect(Number(await slider.getAttribute('aria-valuenow'))).toBeCloseTo(before, 6);
    const up = before <= plant.pMaxMw * 0.5;
    await slider.focus();
    for (let i = 0; i < 10; i++) await page.keyboard.press(up ? 'ArrowRight' : 'ArrowLeft');
    const after = Number(await slider.getAttribute('aria-valuenow'));
    expect(after).toBeCloseTo(before + (up ? 0.1 : -0.1) * plant.pMaxMw, 6);
    const expected = atLimit + best.sensitivity * (after - before);
    expect(await page.getByTestId('monitored-flow').textContent()).toBe(mw(expected));
    expect(Math.abs(best.sensitivity * (after - before))).toBeGreaterThan(0.05);
    await saveScreenshot(page, 'analysis-flex-limite-dragged');
    await shootResults(page, 'analysis-flex-limite-dragged-results');

    // A pointer drag moves the marker too.
    const box = (await slider.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + (up ? 30 : -30), box.y + box.height / 2, {
      steps: 5,
    });
    await page.mouse.up();
    expect(Number(await slider.getAttribute('aria-valuenow'))).not.toBeCloseTo(after, 3);

    // Efectividad tab.
    await page.getByRole('tab', { name: 'Efectividad' }).click();
    const effectiveness = page.getByRole('list', { name: 'Efectividad por generador' });
    await effectiveness.waitFor();
    const shown = constraint.sensitivities.filter((s) => Math.abs(s.sensitivity) >= 0.01);
    expect(await effectiveness.getByRole('listitem').count()).toBe(shown.length);
    const top = shown
      .map((s) => {
        const p = plants.get(s.plant)!;
        return s.sensitivity * (p.pMaxMw - p.pInitialMw);
      })
      .sort((a, b) => Math.abs(b) - Math.abs(a))[0]!;
    expect(await effectiveness.getByTestId('effectiveness').first().textContent()).toBe(mw(top));
    await saveScreenshot(page, 'analysis-flex-effectiveness');
    await shootResults(page, 'analysis-flex-effectiveness-results');

    // A phone: nothing wider than the screen.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('tab', { name: 'Despacho' }).click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await saveScreenshot(page, 'analysis-flex-375');
    await shootResults(page, 'analysis-flex-375-results');
    for (const [region, name] of [
      ['Selección de nivel', 'levels'],
      ['Restricciones del nivel', 'constraints'],
      ['Análisis de Generadores', 'generators'],
      ['Analisis de la Restricción', 'constraint'],
    ] as const) {
      await page
        .getByRole('region', { name: region })
        .screenshot({ path: path.join(artifactsDir, `analysis-flex-375-${name}.png`) });
    }

    // Only parts travelled: the summary, the pages and generators shown, never the document.
    expect(partResponses.some((r) => r.path.endsWith('/data'))).toBe(false);
    expect(partResponses.some((r) => r.path.endsWith('/result/constraints'))).toBe(true);
    expect(partResponses.some((r) => /\/result\/constraints\/\d+\/generators$/.test(r.path))).toBe(
      true,
    );

    // Coming back to the page: the summary comes from local storage (docs/product.md §9, 30 minutes), and
    // the browser asks whether its copy of the level's page is still current (If-None-Match);
    // the API answers 304, no body travels.
    const revalidations: {
      path: string;
      ifNoneMatch: string | undefined;
      status: number;
      bodyBytes: number;
    }[] = [];
    page.on('requestfinished', (request) => {
      const { pathname } = new URL(request.url());
      if (!pathname.includes('/result/')) return;
      void Promise.all([request.allHeaders(), request.sizes(), request.response()]).then(
        ([headers, sizes, answer]) =>
          revalidations.push({
            path: pathname,
            ifNoneMatch: headers['if-none-match'],
            status: answer?.status() ?? 0,
            bodyBytes: sizes.responseBodySize,
          }),
      );
    });
    await page.reload();
    await page.getByLabel('Seleccionar case_ACTIVSg200').check();
    await page.getByRole('list', { name: 'Niveles de transferencia' }).waitFor();
    await levels.getByRole('button', { name: new RegExp(`^Nivel ${level!.level}\\D`) }).click();
    await expect
      .poll(() => revalidations.filter((r) => r.path.endsWith('/result/constraints')).length, {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
    expect(revalidations.some((r) => r.path.endsWith('/result/summary'))).toBe(false);
    const again = revalidations.find((r) => r.path.endsWith('/result/constraints'))!;
    expect(again.ifNoneMatch).toBeDefined();
    expect(again.bodyBytes).toBe(0);
  });
});
