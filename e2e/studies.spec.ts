import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// exceljs is CommonJS: under Node's ESM loader only its default export exists.
// eslint-disable-next-line import-x/default
import ExcelJS from 'exceljs';
import type { Worksheet } from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useOwnServer } from './own-server';
import { saveScreenshot, useBrowser } from './support/browser';
import { signUpThroughApi } from './support/accounts';

// Its own server: studies add cases, which the shared server's api.spec.ts counts exactly.
const server = useOwnServer();
const session = useBrowser();

const networkFile = '/work/shared/reference/unscored/cases/case_ACTIVSg500.m';
const network = {
  name: 'case_ACTIVSg500.m',
  // As on /analisis, a case is taken as .bin, .txt or plain text.
  mimeType: 'text/plain',
  buffer: fs.readFileSync(networkFile),
};

type Study = {
  name: string;
  description: string;
  networkLabel: string;
  years: number[];
  areas: { id: number; name: string }[];
  growth: Record<string, number>;
  scenarios: {
    name: string;
    condition: string;
    demandMultipliers: Record<string, number>;
    interchanges: { name: string; bus: number; mw: number }[];
  }[];
  projects: {
    name: string;
    inServiceYear: number;
    branches: {
      fromBus: number;
      toBus: number;
      circuit: string;
      rPu: number;
      xPu: number;
      bPu: number;
      rateAMva: number;
      rateBMva: number;
    }[];
    units: { bus: number; pMaxMw: number; pMinMw: number; pMw: number }[];
  }[];
  busbars: number[];
  options: {
    tmaxMw: number;
    postContingencyRating: string;
    distributionFactorCutoff: number;
    preExistingViolations: string;
  };
};

/**
 * The study this spec creates on ACTIVSg500, kept as data so later steps (comparing the
 * capacities with `holgura study`, showing them in /resultados) can run the same study:
 * 2 scenarios × 2 years, a second 345 kV circuit entering in the second year, 3 busbars.
 */
const studyFixture = JSON.parse(
  fs.readFileSync(
    path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/study-activsg500.json'),
    'utf8',
  ),
) as Study;

/** A number as a Colombian planner types it: decimal comma. */
const typed = (value: number) => String(value).replace('.', ',');

const exact = { exact: true } as const;

async function newStudyPage(email: string): Promise<Page> {
  const page = await session.newPage();
  await signUpThroughApi(page, server.url, email);
  await page.goto(`${server.url}/`);
  await page
    .getByRole('navigation', { name: 'Navegación principal' })
    .getByRole('link', { name: 'Estudios' })
    .click();
  await page.getByRole('heading', { level: 1, name: 'Mis estudios' }).waitFor();
  await page.getByText('Todavía no tienes estudios').waitFor();
  await page.getByRole('link', { name: 'Nuevo estudio' }).first().click();
  await page.getByRole('heading', { level: 1, name: 'Nuevo estudio' }).waitFor();
  return page;
}

/** Uploads ACTIVSg500 as the base case and waits for its buses. */
async function chooseNetwork(page: Page) {
  await page.getByLabel('Archivo de red del caso base').setInputFiles(network);
  await page.getByText('El caso tiene 500 barras y 1 área.').waitFor({ timeout: 30_000 });
}

/** Fills the form field by field, as a user would, from the study file. */
async function fillForm(page: Page, study: Study) {
  await page.getByLabel('Nombre del estudio', exact).fill(study.name);
  await page.getByLabel('Descripción (opcional)').fill(study.description);
  await page.getByLabel('Descripción de la red', exact).fill(study.networkLabel);
  for (const [i, year] of study.years.entries()) {
    await page.getByRole('button', { name: 'Agregar año' }).click();
    await page.getByLabel(`Año ${i + 1}`, exact).fill(String(year));
  }
  // The case's one area is offered as «Área 1».
  expect(await page.getByLabel('Nombre del área 1').inputValue()).toBe(study.areas[0]!.name);
  await page
    .getByLabel('Crecimiento anual del área 1 (%)')
    .fill(typed(study.growth[study.areas[0]!.name]! * 100));

  for (const [i, scenario] of study.scenarios.entries()) {
    if (i > 0) await page.getByRole('button', { name: 'Agregar escenario' }).click();
    const group = page.getByRole('group', { name: `Escenario ${i + 1}` });
    await group.getByLabel('Nombre (sin espacios ni guiones bajos)').fill(scenario.name);
    await group.getByLabel('Condición', exact).fill(scenario.condition);
    for (const [area, multiplier] of Object.entries(scenario.demandMultipliers)) {
      await group.getByLabel(`Multiplicador de ${area}`).fill(typed(multiplier));
    }
    for (const [j, interchange] of scenario.interchanges.entries()) {
      await group.getByRole('button', { name: 'Agregar intercambio' }).click();
      const row = group.getByRole('group', { name: `Intercambios ${j + 1}` });
      await row.getByLabel('Nombre del intercambio').fill(interchange.name);
      await row.getByLabel('Barra', exact).fill(String(interchange.bus));
      await row.getByLabel('MW', exact).fill(typed(interchange.mw));
    }
  }

  for (const [i, project] of study.projects.entries()) {
    await page.getByRole('button', { name: 'Agregar proyecto' }).click();
    const group = page.getByRole('group', { name: `Proyecto ${i + 1}` });
    await group.getByLabel('Nombre del proyecto').fill(project.name);
    await group.getByLabel('Año de entrada en operación').fill(String(project.inServiceYear));
    for (const [j, branch] of project.branches.entries()) {
      await group.getByRole('button', { name: 'Agregar línea' }).click();
      const line = group.getByRole('group', { name: `Línea ${j + 1}` });
      await line.getByLabel('Barra desde').fill(String(branch.fromBus));
      await line.getByLabel('Barra hasta').fill(String(branch.toBus));
      // Both ends are buses of the case: the form names them.
      await line.getByText('No está en el caso base').waitFor({ state: 'detached' });
      await line.getByLabel('Circuito').fill(branch.circuit);
      await line.getByLabel('R (pu)').fill(typed(branch.rPu));
      await line.getByLabel('X (pu)').fill(typed(branch.xPu));
      await line.getByLabel('B (pu)').fill(typed(branch.bPu));
      await line.getByLabel('Capacidad A (MVA)').fill(typed(branch.rateAMva));
      await line.getByLabel('Capacidad B (MVA)').fill(typed(branch.rateBMva));
    }
  }

  // The busbars, one by one through the picker's search.
  const search = page.getByRole('searchbox', { name: 'Buscar por número o nombre' });
  for (const bus of study.busbars) {
    await search.fill(String(bus));
    await page.getByRole('checkbox', { name: new RegExp(`^Barra ${bus} ·`) }).check();
  }
  await search.fill('');
  expect(await page.getByTestId('busbar-count').textContent()).toBe(
    `${study.busbars.length} barras elegidas`,
  );
  await page
    .getByRole('radio', {
      name:
        study.options.preExistingViolations === 'limit' ? 'Estricta' : 'Atribuible a la conexión',
    })
    .check();
}

/** «Revisar», the summary, «Calcular estudio», its progress, until it is done. */
async function reviewAndRun(page: Page, study: Study, screenshot: string): Promise<string> {
  await page.getByRole('button', { name: 'Revisar' }).click();
  const summary = page.getByTestId('study-summary');
  await summary.waitFor({ timeout: 30_000 });
  const cases = study.scenarios.length * study.years.length;
  await summary
    .getByText(`${cases} casos = ${study.scenarios.length} escenarios × ${study.years.length} años`)
    .waitFor();
  await summary
    .getByText(`× ${study.busbars.length} barras = ${cases * study.busbars.length} capacidades`)
    .waitFor();
  await summary.getByText(/^Red: 500 barras, \d+ ramas, \d+ generadores$/).waitFor();
  await summary.getByText(/^Tiempo estimado: ~\d+ (s|min)$/).waitFor();
  await saveScreenshot(page, `${screenshot}-summary`);

  const created = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/studies' && response.request().method() === 'POST',
  );
  await summary.getByRole('button', { name: 'Calcular estudio' }).click();
  const { studyId } = (await (await created).json()) as { studyId: string };
  const bar = page.getByRole('progressbar', { name: 'Progreso del estudio' });
  await bar.waitFor();
  await page.getByText('El estudio está calculado.').waitFor({ timeout: 120_000 });
  expect(await bar.getAttribute('aria-valuenow')).toBe('100');
  expect(await page.getByRole('link', { name: 'Ver resultados' }).getAttribute('href')).toBe(
    `/resultados?estudio=${studyId}`,
  );
  await saveScreenshot(page, `${screenshot}-done`);
  return studyId;
}

/** The study as the API keeps it: its file, state and cases. */
async function readStudy(page: Page, studyId: string) {
  const response = await page.request.get(`${server.url}/api/studies/${studyId}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as {
    state: string;
    version: number;
    resultsVersion: number | null;
    study: Study;
    cases: { name: string; projectsInService: string[]; busbars: { bus: number }[] }[];
  };
}

async function expectComputed(page: Page, studyId: string, study: Study) {
  const stored = await readStudy(page, studyId);
  expect(stored).toMatchObject({ state: 'done', version: 1, resultsVersion: 1 });
  expect(stored.study).toEqual(study);
  expect(stored.cases.map((c) => c.name).sort()).toEqual(
    study.scenarios.flatMap((s) => study.years.map((y) => `${s.name}_${y}`)).sort(),
  );
  const project = study.projects[0]!;
  for (const item of stored.cases) {
    expect(item.busbars.map((b) => b.bus).sort((a, b) => a - b)).toEqual(study.busbars);
    const year = Number(item.name.split('_')[1]);
    expect(item.projectsInService).toEqual(year >= project.inServiceYear ? [project.name] : []);
  }
}

/** Writes a sheet's rows under its header, emptying the example's rows left below them. */
function setRows(sheet: Worksheet, rows: (string | number | null)[][]) {
  const width = sheet.getRow(1).cellCount;
  const last = Math.max(sheet.rowCount, rows.length + 1);
  for (let r = 2; r <= last; r++) {
    const values = rows[r - 2] ?? [];
    for (let c = 1; c <= width; c++) sheet.getRow(r).getCell(c).value = values[c - 1] ?? null;
  }
}

/** The downloaded template, filled with `study` as a planner would in Excel. */
async function fillTemplate(templatePath: string, study: Study): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(templatePath);
  const sheet = (name: string) => {
    const found = workbook.getWorksheet(name);
    if (found === undefined) throw new Error(`The template has no sheet «${name}»`);
    return found;
  };
  const general: Record<string, string | number | null> = {
    Nombre: study.name,
    Descripción: study.description,
    'Red (descripción)': study.networkLabel,
    'Tope de capacidad (MW)': study.options.tmaxMw,
    'Capacidad poscontingencia (A, B, C o emergencia)':
      study.options.postContingencyRating === 'emergency'
        ? 'emergencia'
        : study.options.postContingencyRating,
    'Corte del factor de distribución': study.options.distributionFactorCutoff,
    'Violaciones existentes (limitar o ignorar)':
      study.options.preExistingViolations === 'limit' ? 'limitar' : 'ignorar',
    'Archivo del caso base (opcional)': null,
  };
  sheet('Estudio').eachRow((row, number) => {
    const label = String(row.getCell(1).value ?? '');
    if (number > 1 && label in general) row.getCell(2).value = general[label]!;
  });
  setRows(
    sheet('Años'),
    study.years.map((y) => [y]),
  );
  setRows(
    sheet('Áreas'),
    study.areas.map((a) => [a.id, a.name, (study.growth[a.name] ?? 0) * 100]),
  );
  setRows(
    sheet('Escenarios'),
    study.scenarios.map((s) => [s.name, s.condition]),
  );
  setRows(
    sheet('Demanda'),
    study.scenarios.flatMap((s) =>
      Object.entries(s.demandMultipliers).map(([area, m]) => [s.name, area, m]),
    ),
  );
  setRows(
    sheet('Intercambios'),
    study.scenarios.flatMap((s) => s.interchanges.map((x) => [s.name, x.name, x.bus, x.mw])),
  );
  setRows(
    sheet('Proyectos'),
    study.projects.map((p) => [p.name, p.inServiceYear]),
  );
  setRows(
    sheet('Líneas de proyectos'),
    study.projects.flatMap((p) =>
      p.branches.map((b) => [
        p.name,
        b.fromBus,
        b.toBus,
        b.circuit,
        b.rPu,
        b.xPu,
        b.bPu,
        b.rateAMva,
        b.rateBMva,
      ]),
    ),
  );
  setRows(
    sheet('Unidades de proyectos'),
    study.projects.flatMap((p) => p.units.map((u) => [p.name, u.bus, u.pMaxMw, u.pMinMw, u.pMw])),
  );
  setRows(
    sheet('Barras'),
    study.busbars.map((b) => [b]),
  );
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function downloadTemplate(page: Page): Promise<string> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar plantilla' }).click(),
  ]);
  expect(await file.failure()).toBeNull();
  expect(file.suggestedFilename()).toBe('plantilla-estudio-holgura.xlsx');
  return (await file.path())!;
}

async function studyCount(page: Page): Promise<number> {
  const response = await page.request.get(`${server.url}/api/studies`);
  return ((await response.json()) as { studies: unknown[] }).studies.length;
}

const studyFileInput = (page: Page): Locator =>
  page.getByLabel('Archivo del estudio (JSON o Excel)');

const owner = 'estudios.duena@example.co';

/** The owner's account in a new browser context: created by the first test, else here. */
async function signInOwner(page: Page) {
  const signIn = await page.request.post(`${server.url}/api/auth/sign-in/email`, {
    headers: { Origin: server.url },
    data: { email: owner, password: 'una-clave-segura' },
  });
  if (signIn.status() !== 200) await signUpThroughApi(page, server.url, owner);
}
const created: string[] = [];

describe('capacity studies', () => {
  it('creates a study in the form from the header, reviews it, runs it and sees it done', async () => {
    const page = await newStudyPage(owner);
    await chooseNetwork(page);
    await fillForm(page, studyFixture);
    await saveScreenshot(page, 'studies-form');
    const studyId = await reviewAndRun(page, studyFixture, 'studies-form');
    created.push(studyId);
    await expectComputed(page, studyId, studyFixture);

    await page.getByRole('link', { name: 'Ir a Mis estudios' }).click();
    const row = page.getByRole('row').filter({ hasText: studyFixture.name });
    await row.getByText('Calculado').waitFor();
    await row.getByText('2 escenarios × 2 años · 3 barras').waitFor();
    await saveScreenshot(page, 'studies-list');
  }, 240_000);

  it('creates the same study from the Excel template, and refuses a bad workbook naming the cell', async () => {
    const page = await session.newPage();
    await signInOwner(page);
    await page.goto(`${server.url}/estudios/nuevo`);
    await page.getByRole('heading', { level: 1, name: 'Nuevo estudio' }).waitFor();
    await chooseNetwork(page);
    const template = await downloadTemplate(page);

    // A wrong header: every problem named, nothing loaded, nothing stored.
    const before = await studyCount(page);
    const bad = new ExcelJS.Workbook();
    await bad.xlsx.readFile(template);
    bad.getWorksheet('Barras')!.getCell('A1').value = 'Nodo';
    await studyFileInput(page).setInputFiles({
      name: 'estudio-malo.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(await bad.xlsx.writeBuffer()),
    });
    const problems = page.getByTestId('study-problems');
    await problems.waitFor({ timeout: 30_000 });
    await page.getByRole('heading', { name: /y no se cargó:$/ }).waitFor();
    expect(await problems.textContent()).toContain('Hoja «Barras», fila 1, celda A1');
    expect(await page.getByLabel('Nombre del estudio', exact).inputValue()).toBe('');
    await saveScreenshot(page, 'studies-bad-workbook');
    expect(await studyCount(page)).toBe(before);

    // The template filled with the study: it fills the form, which runs as before.
    const fromExcel: Study = { ...studyFixture, name: `${studyFixture.name} (Excel)` };
    await studyFileInput(page).setInputFiles({
      name: 'estudio.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await fillTemplate(template, fromExcel),
    });
    await page
      .getByText(`Se cargó «${fromExcel.name}» en el formulario.`, { exact: false })
      .waitFor({ timeout: 30_000 });
    expect(await page.getByLabel('Nombre del estudio', exact).inputValue()).toBe(fromExcel.name);
    expect(await page.getByTestId('busbar-count').textContent()).toBe('3 barras elegidas');
    const studyId = await reviewAndRun(page, fromExcel, 'studies-excel');
    created.push(studyId);
    await expectComputed(page, studyId, fromExcel);
  }, 240_000);

  it('shows none of it to another user', async () => {
    const page = await session.newPage();
    await signUpThroughApi(page, server.url, 'estudios.otra@example.co');
    const list = await page.request.get(`${server.url}/api/studies`);
    expect(((await list.json()) as { studies: unknown[] }).studies).toEqual([]);
    for (const studyId of created) {
      expect((await page.request.get(`${server.url}/api/studies/${studyId}`)).status()).toBe(404);
    }
    await page.goto(`${server.url}/estudios`);
    await page.getByText('Todavía no tienes estudios').waitFor();
    expect(await page.getByRole('row').count()).toBe(0);
    await page.goto(`${server.url}/estudios/${created[0]}/editar`);
    await page
      .getByRole('alert')
      .getByText('No se encontró el estudio', { exact: false })
      .waitFor();
  });

  it('deletes a study with its cases', async () => {
    const page = await session.newPage();
    await signInOwner(page);
    await page.goto(`${server.url}/estudios`);
    const row = page.getByRole('row').filter({ hasText: `${studyFixture.name} (Excel)` });
    await row.getByRole('button', { name: 'Borrar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Borrar estudio' });
    await dialog.getByRole('button', { name: 'Borrar estudio' }).click();
    await page.getByText('Estudio borrado').waitFor();
    await row.waitFor({ state: 'detached' });
    expect((await page.request.get(`${server.url}/api/studies/${created[1]}`)).status()).toBe(404);
    // The study made in the form stays.
    await page.getByRole('row').filter({ hasText: studyFixture.name }).first().waitFor();
    expect(await page.getByText('Estudios – Total: 1').count()).toBe(1);
  });
});
