import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readReference } from '@holgura/test-fixtures';
import { useOwnServer } from './own-server';
import { artifactsDir, saveScreenshot, useBrowser } from './support/browser';
import { signUpThroughApi } from './support/accounts';
import { fixed, getJson } from './support/capacity-table';

// Its own server: a 2,000-bus upload, its group job and capacity jobs keep both cores busy.
const server = useOwnServer();
const session = useBrowser();

const activsg2000 = readReference('cases/case_ACTIVSg2000.m');

/** The parts of the contracts this spec reads (api/result-parts.ts, api/analyses.ts, …). */
type AcCheck = { converged: boolean; acLoadingPercent: number | null; flagged: boolean };
type Constraint = {
  id: number;
  monitored: { name: string };
  transferAtLimitMw: number;
  acCheck?: AcCheck;
};
type Summary = {
  analysis: { baseCase?: { slack: string; participants: number } };
  flexibility: {
    options: { distributionFactorCutoff: number };
    figures: {
      attributable: {
        fcitcMw: number;
        limitingConstraintId: number | null;
        limitingConstraint: Constraint | null;
      };
    };
  };
};
type Analyses = {
  analyses: {
    analysisId: string;
    isUploadGroup: boolean;
    state: string;
    options: { distributionFactorCutoff: number };
  }[];
};
type CapacityPage = {
  state: string;
  next?: unknown;
  options: { distributionFactorCutoff: number; capMw: number };
  summary: { attributable: { medianMw: number | null } };
};

const mw = (value: number) => `${fixed(value, 1)} MW`;
const shoot = (locator: Locator, name: string) =>
  locator.screenshot({ path: path.join(artifactsDir, `${name}.png`) });
const api = <T>(page: Page, pathname: string) => getJson<T>(page, server.url, pathname);

/** The selected constraint of the table shown: its row, and its cells' texts. */
async function selectedConstraint(page: Page): Promise<{ row: Locator; cells: string[] }> {
  const table = page.getByRole('region', { name: 'Restricciones del nivel' }).getByRole('table');
  const row = table.locator('tbody tr[aria-selected="true"]');
  await row.waitFor().catch(async (error: unknown) => {
    await saveScreenshot(page, 'debug-analysis-options-selected');
    throw error;
  });
  return { row, cells: await row.locator('td, th').allTextContents() };
}

/** The result opens on the constraint that sets the FCITC: its T(c) on screen is the figure. */
async function expectBindingShown(
  page: Page,
  figure: Summary['flexibility']['figures']['attributable'],
) {
  const binding = figure.limitingConstraint!;
  await page.getByTestId('fcitc').getByText(mw(figure.fcitcMw)).waitFor();
  const { row, cells } = await selectedConstraint(page);
  expect(await row.getByTestId('binding-tag').textContent()).toBe('Define la cifra');
  expect(cells.join(' ')).toContain(binding.monitored.name);
  // «Límite en (MW)», the last column: T(c), equal to the FCITC shown.
  expect(cells.at(-1)).toBe(fixed(binding.transferAtLimitMw, 1));
  expect(cells.at(-1)).toBe(fixed(figure.fcitcMw, 1));
  expect(await page.getByTestId('element-monitored').textContent()).toContain(
    binding.monitored.name,
  );
  expect(await page.getByTestId('transfer-at-limit').textContent()).toBe(
    `Transferencia en el límite T(c): ${mw(binding.transferAtLimitMw)}`,
  );
  // Its AC check: the engine runs one at each figure's limiting constraint.
  const ac = binding.acCheck!;
  const acText = (await page.getByTestId('ac-check').textContent()) ?? '';
  if (ac.converged) expect(acText).toContain(`Carga AC ${fixed(ac.acLoadingPercent!, 1)} %`);
  else expect(acText).toContain('Solo queda el cálculo DC');
}

describe('«Opciones del análisis» (issue #25)', () => {
  it('ACTIVSg2000 as a new user: opens on the binding constraint, then recalculates with a 0,02 cutoff', async () => {
    const page = await session.newPage({ viewport: { width: 1400, height: 1000 } });
    await signUpThroughApi(page, server.url, 'opciones.activsg2000@example.co');
    await page.goto(`${server.url}/analisis`);
    await page.getByText('No hay casos para mostrar.').waitFor();
    await page
      .getByLabel('Seleccionar archivo de caso')
      .setInputFiles({ name: 'case_ACTIVSg2000.txt', mimeType: 'text/plain', buffer: activsg2000 });
    await page.getByRole('button', { name: 'Procesar archivo' }).click();
    await page.getByText('Archivo procesado correctamente').waitFor({ timeout: 120_000 });
    const caseId = (await page.getByTestId('selected-case-id').textContent())?.trim() ?? '';
    expect(caseId).not.toBe('');
    await page.getByRole('list', { name: 'Niveles de transferencia' }).waitFor();

    // The binding constraint is the one shown first, its T(c) the FCITC on screen.
    const before = await api<Summary>(page, `/api/cases/${caseId}/result/summary`);
    const figure = before.flexibility.figures.attributable;
    expect(figure.limitingConstraint).not.toBeNull();
    await expectBindingShown(page, figure);
    // What the figures rest on: the base dispatch, and the options in a sentence.
    expect(await page.getByTestId('base-dispatch-flexibility').textContent()).toMatch(
      /^Despacho base: el desbalance del archivo \(.+ MW, .+ % de la demanda, sus pérdidas AC\) se repartió entre .+ unidades en proporción a su generación/,
    );
    expect(await page.getByTestId('analysis-options-sentence').textContent()).toContain(
      'factores de distribución menores que 0,01 sin efecto',
    );
    await shoot(
      page.getByRole('region', { name: 'Resultados del caso seleccionado' }),
      'analysis-options-binding',
    );
    await shoot(page.getByRole('region', { name: 'Grupo de estudio' }), 'analysis-options-group');
    await shoot(
      page.getByRole('region', { name: 'Restricciones del nivel' }),
      'analysis-options-constraints',
    );
    await shoot(
      page.getByRole('region', { name: 'Analisis de la Restricción' }),
      'analysis-options-constraint-panel',
    );

    // The capacity of every bus, computed after the upload, with the same default options.
    const section = page.getByRole('region', { name: 'Capacidad por barra', exact: true });
    await section
      .getByRole('table', { name: /^Capacidad atribuible de conexión/ })
      .waitFor({ timeout: 60_000 });
    expect(await section.getByTestId('capacity-options').textContent()).toContain(
      'factores de distribución menores que 0,01 sin efecto',
    );

    // Another cutoff, and «Recalcular»: both computations show their progress. (0,02: the
    // constraints with 0,01 ≤ |d| < 0,02 no longer limit, among them the binding one, so the
    // figures change; at 0,05 nothing limits ACTIVSg2000's transfer before Tmax.)
    const form = page.getByRole('form', { name: 'Opciones del análisis' });
    await form.getByLabel('Umbral del factor de distribución').fill('0,02');
    await form.getByRole('button', { name: 'Recalcular' }).click();
    await form.getByRole('button', { name: 'Recalculando...' }).waitFor();
    await form
      .getByRole('progressbar', { name: 'Progreso del recálculo de la flexibilidad' })
      .waitFor();
    await form
      .getByRole('progressbar', { name: 'Progreso del recálculo de la capacidad por barra' })
      .waitFor();
    await saveScreenshot(page, 'analysis-options-running');
    await shoot(
      page.getByRole('region', { name: 'Opciones del análisis' }),
      'analysis-options-panel-running',
    );

    // Then the new figures, with the options sentence saying how they were computed.
    await page
      .getByTestId('analysis-options-sentence')
      .getByText(/factores de distribución menores que 0,02 sin efecto/)
      .waitFor({ timeout: 120_000 });
    const analyses = await api<Analyses>(page, `/api/cases/${caseId}/analyses`);
    const recalculated = analyses.analyses.find(
      (item) => item.options.distributionFactorCutoff === 0.02,
    )!;
    expect(recalculated.state).toBe('done');
    expect(recalculated.isUploadGroup).toBe(false);
    const after = await api<Summary>(
      page,
      `/api/cases/${caseId}/result/summary?analysis=${recalculated.analysisId}`,
    );
    expect(after.flexibility.options.distributionFactorCutoff).toBe(0.02);
    // The binding constraint of the 0,01 cutoff no longer limits: another figure.
    expect(after.flexibility.figures.attributable.fcitcMw).toBeGreaterThan(figure.fcitcMw);
    await expectBindingShown(page, after.flexibility.figures.attributable);

    // The capacities: the new result replaces the old one once done, with its options.
    await section
      .getByTestId('capacity-options')
      .getByText(/factores de distribución menores que 0,02 sin efecto/)
      .waitFor({ timeout: 120_000 });
    const capacities = await api<CapacityPage>(
      page,
      `/api/cases/${caseId}/busbar-capacities?sort=capacity&order=desc&pageSize=50`,
    );
    expect(capacities.state).toBe('done');
    expect(capacities.next ?? null).toBeNull();
    expect(capacities.options.distributionFactorCutoff).toBe(0.02);
    expect(await section.getByTestId('capacity-median').textContent()).toBe(
      mw(capacities.summary.attributable.medianMw!),
    );
    await form.getByText(/^Listo: las cifras de arriba/).waitFor();
    expect(await form.getByLabel('Umbral del factor de distribución').inputValue()).toBe('0,02');
    await saveScreenshot(page, 'analysis-options-recalculated');
    await shoot(
      page.getByRole('region', { name: 'Opciones del análisis' }),
      'analysis-options-panel-done',
    );
    await shoot(section, 'analysis-options-capacity');
    await shoot(
      page.getByRole('region', { name: 'Grupo de estudio' }),
      'analysis-options-group-after',
    );
  });
});
