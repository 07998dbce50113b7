import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readReference } from '@holgura/test-fixtures';
import { useOwnServer } from './own-server';
import { artifactsDir, saveScreenshot, useBrowser } from './support/browser';
import { signUpThroughApi } from './support/accounts';

// Its own server: uploads of 2,000-bus cases and their group jobs keep both cores busy.
const server = useOwnServer();
const session = useBrowser();

const activsg2000 = readReference('cases/case_ACTIVSg2000.m');
const case2383wp = readReference('cases/case2383wp.m');

/** The parts of the contracts this spec reads (api/analyses.ts, result/flexibility.v1.ts). */
type Figure = { fcitcMw: number; limitingConstraintId: number | null; levels: Level[] };
type Level = { level: number; constraintIds: number[] };
type Flexibility = {
  tmaxMw: number;
  fcitcMw: number;
  levels: Level[];
  studyGroup?: { key: string; label: string; units: number[]; tmaxMw: number };
  figures?: { attributable: Figure; strict: Figure };
  preExisting?: {
    counts: { total: number; worsens: number };
    violations: { monitored: { name: string }; loadingPercent: number }[];
  };
  constraints: { id: number; monitored: { name: string } }[];
};
type Analyses = {
  analyses: {
    analysisId: string;
    groupKey: string;
    label: string;
    state: string;
    isUploadGroup: boolean;
  }[];
};

const fixed = (value: number, decimals: number) =>
  new Intl.NumberFormat('es-CO', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value);
const mw = (value: number) => `${fixed(value, 1)} MW`;

const shootResults = (page: Page, name: string) =>
  page
    .getByRole('region', { name: 'Resultados del caso seleccionado' })
    .screenshot({ path: path.join(artifactsDir, `${name}.png`) });

async function uploadAsNewUser(email: string, name: string, buffer: Buffer) {
  const page = await session.newPage();
  await signUpThroughApi(page, server.url, email);
  await page.goto(`${server.url}/analisis`);
  await page.getByText('No hay casos para mostrar.').waitFor();
  await page
    .getByLabel('Seleccionar archivo de caso')
    .setInputFiles({ name, mimeType: 'text/plain', buffer });
  await page.getByRole('button', { name: 'Procesar archivo' }).click();
  await page.getByText('Archivo procesado correctamente').waitFor({ timeout: 240_000 });
  const caseId = (await page.getByTestId('selected-case-id').textContent())?.trim() ?? '';
  expect(caseId).not.toBe('');
  await page
    .getByRole('list', { name: 'Niveles de transferencia' })
    .waitFor()
    .catch(async (error: unknown) => {
      await saveScreenshot(page, `debug-${name}`);
      throw error;
    });
  return { page, caseId };
}

async function api<T>(page: Page, pathname: string): Promise<T> {
  const response = await page.request.get(`${server.url}${pathname}`);
  expect(response.status(), pathname).toBe(200);
  return (await response.json()) as T;
}

/** Opens the group chooser, picks a criterion (and an option), runs it. */
async function runGroup(page: Page, kind: string, option?: string) {
  const chooser = page.getByRole('button', { name: 'Elegir otro grupo' });
  if ((await chooser.count()) > 0) await chooser.click();
  const form = page.getByRole('form', { name: 'Calcular con otro grupo' });
  await form.getByLabel('Criterio').selectOption({ label: kind });
  if (option !== undefined) await form.getByLabel('Grupo', { exact: true }).selectOption(option);
  await form.getByRole('button', { name: 'Calcular con este grupo' }).click();
}

describe('study groups (issue #21)', () => {
  it('ACTIVSg2000 as a new user: every unit by default, non-zero Tmax and FCITC; renewables, back to every unit and one area', async () => {
    const { page, caseId } = await uploadAsNewUser(
      'grupos.activsg2000@example.co',
      'case_ACTIVSg2000.txt',
      activsg2000,
    );
    const data = await api<{ analysis: { flexibility: Flexibility } }>(
      page,
      `/api/cases/${caseId}/data`,
    );
    const flex = data.analysis.flexibility;
    expect(flex.studyGroup?.key).toBe('all');
    expect(flex.tmaxMw).toBeGreaterThan(1000);
    expect(flex.fcitcMw).toBeGreaterThan(0);

    // The group used, its size, its headroom and why.
    expect(await page.getByTestId('group-label').textContent()).toBe('Todas las unidades');
    expect(await page.getByTestId('group-units').textContent()).toBe(
      `${new Intl.NumberFormat('es-CO').format(flex.studyGroup!.units.length)} unidades`,
    );
    expect(await page.getByTestId('group-tmax').textContent()).toBe(mw(flex.tmaxMw));
    expect(await page.getByTestId('group-reason').textContent()).toMatch(
      // 0,03 MW with the file's dispatch; the base dispatch lowers the units a little (#25).
      /^Las unidades eólicas y solares tienen \d+,\d\d MW de margen/,
    );
    expect(await page.getByTestId('tmax').textContent()).toBe(mw(flex.tmaxMw));
    expect(await page.getByTestId('fcitc').textContent()).toBe(mw(flex.fcitcMw));
    expect(await page.getByTestId('fcitc-attributable').textContent()).toBe(mw(flex.fcitcMw));

    // A level with constraints shows them.
    const level = flex.levels.find((item) => item.constraintIds.length > 0)!;
    await page
      .getByRole('list', { name: 'Niveles de transferencia' })
      .getByRole('button', { name: new RegExp(`^Nivel ${level.level}\\D`) })
      .click();
    const table = page.getByRole('table', { name: `Restricciones del nivel ${level.level}` });
    // Read from the server a page of 25 at a time (issue #16), with the level's total.
    await table.getByRole('row').nth(1).waitFor();
    expect(await table.getByRole('row').count()).toBe(Math.min(level.constraintIds.length, 25) + 1);
    const pages = Math.ceil(level.constraintIds.length / 25);
    await page
      .getByRole('region', { name: 'Restricciones del nivel' })
      .getByText(`Página 1 de ${pages}`)
      .waitFor();
    await saveScreenshot(page, 'analysis-groups-activsg2000-all');
    await shootResults(page, 'analysis-groups-activsg2000-all-results');

    // Renewables: a new job with its progress, then its own (tiny) figures.
    await runGroup(page, 'Unidades eólicas y solares');
    await page.getByRole('progressbar', { name: 'Progreso del cálculo del grupo' }).waitFor();
    await page
      .getByTestId('group-label')
      .getByText('Unidades eólicas y solares')
      .waitFor({ timeout: 240_000 });
    let analyses = await api<Analyses>(page, `/api/cases/${caseId}/analyses`);
    const renewables = analyses.analyses.find((item) => item.groupKey === 'renewables')!;
    const renewablesFlex = (
      await api<{ flexibility: Flexibility }>(
        page,
        `/api/cases/${caseId}/analyses/${renewables.analysisId}`,
      )
    ).flexibility;
    expect(await page.getByTestId('group-tmax').textContent()).toBe(mw(renewablesFlex.tmaxMw));
    expect(await page.getByTestId('fcitc').textContent()).toBe(mw(renewablesFlex.fcitcMw));

    // Back to every unit: already computed, nothing runs again.
    await runGroup(page, 'Todas las unidades');
    await page.getByText('Este grupo ya está calculado: se muestran sus resultados.').waitFor();
    await page.getByTestId('group-label').getByText('Todas las unidades').waitFor();
    expect(await page.getByTestId('fcitc').textContent()).toBe(mw(flex.fcitcMw));

    // One area: another job, its progress, its figures.
    await runGroup(page, 'Por área', 'area:2');
    await page.getByRole('progressbar', { name: 'Progreso del cálculo del grupo' }).waitFor();
    await page
      .getByTestId('group-label')
      .getByText('Unidades del área 2')
      .waitFor({ timeout: 240_000 });
    analyses = await api<Analyses>(page, `/api/cases/${caseId}/analyses`);
    const area = analyses.analyses.find((item) => item.groupKey === 'area:2')!;
    expect(area.state).toBe('done');
    const areaFlex = (
      await api<{ flexibility: Flexibility }>(
        page,
        `/api/cases/${caseId}/analyses/${area.analysisId}`,
      )
    ).flexibility;
    expect(areaFlex.tmaxMw).toBeGreaterThan(0);
    expect(await page.getByTestId('group-tmax').textContent()).toBe(mw(areaFlex.tmaxMw));
    expect(await page.getByTestId('fcitc').textContent()).toBe(mw(areaFlex.fcitcMw));

    // Every group run is listed and switchable.
    const list = page.getByRole('table', { name: 'Grupos calculados' });
    expect(await list.getByRole('row').count()).toBe(4);
    await list.getByLabel('Ver los resultados de Todas las unidades').check();
    await page.getByTestId('group-label').getByText('Todas las unidades').waitFor();
    expect(await page.getByTestId('fcitc').textContent()).toBe(mw(flex.fcitcMw));
    await saveScreenshot(page, 'analysis-groups-activsg2000-list');
  });

  it('case2383wp: lists its pre-existing violations and shows both figures, attributable first', async () => {
    const { page, caseId } = await uploadAsNewUser(
      'grupos.case2383wp@example.co',
      'case2383wp.txt',
      case2383wp,
    );
    const data = await api<{ analysis: { flexibility: Flexibility } }>(
      page,
      `/api/cases/${caseId}/data`,
    );
    const flex = data.analysis.flexibility;
    const { attributable, strict } = flex.figures!;
    expect(attributable.fcitcMw).toBeGreaterThan(0);
    expect(strict.fcitcMw).toBe(0);

    // Attributable first.
    expect(
      await page
        .getByRole('region', { name: 'Grupo de estudio' })
        .getByRole('button', { name: /^Atribuible/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    expect(await page.getByTestId('fcitc').textContent()).toBe(mw(attributable.fcitcMw));
    expect(await page.getByTestId('fcitc-strict').textContent()).toBe(mw(0));

    // 'Violaciones existentes': listed on their own, with the counts.
    const violations = page.getByRole('region', { name: 'Violaciones existentes' });
    await violations.waitFor();
    expect(await violations.getByTestId('pre-existing-counts').textContent()).toContain(
      new Intl.NumberFormat('es-CO').format(flex.preExisting!.counts.total),
    );
    const first = flex.preExisting!.violations[0]!;
    const rows = violations.getByRole('table').getByRole('row');
    expect(await rows.nth(1).textContent()).toContain(first.monitored.name);
    expect(await rows.nth(1).textContent()).toContain(fixed(first.loadingPercent, 1));
    await shootResults(page, 'analysis-groups-2383-attributable');

    // Strict, one click away: FCITC 0, the worsened violations in every level.
    await page
      .getByRole('region', { name: 'Grupo de estudio' })
      .getByRole('button', { name: /^Estricta/ })
      .click();
    expect(await page.getByTestId('fcitc').textContent()).toBe(mw(0));
    const tag = page.getByTestId('pre-existing-tag').first();
    await tag.waitFor();
    expect(await tag.textContent()).toMatch(/^Violada (tras la contingencia|en el caso base) \(/);
    await saveScreenshot(page, 'analysis-groups-2383-strict');

    // A hand-picked group: the units at one bus with headroom, found by its number, run as
    // their own job.
    const catalog = await api<{
      generators: { busNumber: number[]; pMaxMw: number[]; pInitialMw: number[] };
    }>(page, `/api/cases/${caseId}/generators`);
    const { busNumber, pMaxMw, pInitialMw } = catalog.generators;
    const index = busNumber.findIndex((_, i) => pMaxMw[i]! - pInitialMw[i]! > 1);
    expect(index).toBeGreaterThanOrEqual(0);
    await page.getByRole('button', { name: 'Elegir otro grupo' }).click();
    const form = page.getByRole('form', { name: 'Calcular con otro grupo' });
    await form.getByLabel('Criterio').selectOption({ label: 'Unidades elegidas a mano' });
    await form
      .getByLabel('Buscar unidades por número o nombre de barra, o por máquina')
      .fill(String(busNumber[index]));
    await form
      .getByTestId('unit-matches')
      .getByText(/^[1-9]\d* unidad/)
      .waitFor();
    await form.getByRole('button', { name: /^Elegir las \d+ que coinciden$/ }).click();
    const chosen = (await form.getByTestId('units-chosen').textContent()) ?? '';
    const count = Number(/^(\d+)/.exec(chosen)?.[1]);
    expect(count).toBeGreaterThan(0);
    await form.getByRole('button', { name: 'Calcular con este grupo' }).click();
    await page
      .getByTestId('group-label')
      .getByText(count === 1 ? '1 unidad elegida' : `${count} unidades elegidas`)
      .waitFor({ timeout: 240_000 });
    const analyses = await api<Analyses>(page, `/api/cases/${caseId}/analyses`);
    const picked = analyses.analyses.find((item) => item.groupKey.startsWith('gens:'))!;
    expect(picked.state).toBe('done');
    const pickedFlex = (
      await api<{ flexibility: Flexibility }>(
        page,
        `/api/cases/${caseId}/analyses/${picked.analysisId}`,
      )
    ).flexibility;
    expect(await page.getByTestId('group-tmax').textContent()).toBe(mw(pickedFlex.tmaxMw));
    await shootResults(page, 'analysis-groups-2383-picked');
  });
});
