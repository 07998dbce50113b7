import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readReference } from '@holgura/test-fixtures';
import { useOwnServer } from './own-server';
import { saveScreenshot, useBrowser } from './support/browser';
import { signUpThroughApi } from './support/accounts';
import { fixed, getJson } from './support/capacity-table';

// Its own server: a 2,000-bus upload and two capacity jobs keep both cores busy.
const server = useOwnServer();
const session = useBrowser();

const activsg2000 = readReference('cases/case_ACTIVSg2000.m');
// The public contingency list of ACTIVSg2000 (CC BY 4.0, A. B. Birchfield et al., TAMU).
const contab = readReference('cases/contab_ACTIVSg2000.m').toString('latin1');

/**
 * The public contab with every double circuit of the case out at once (both circuits between
 * the same two buses): 420 N-2 contingencies, labelled from 10001, as a planner adds them.
 */
function withDoubleCircuits(): { text: string; doubles: number } {
  const text = activsg2000.toString('latin1');
  const start = text.indexOf('mpc.branch = [');
  const block = text.slice(text.indexOf('\n', start) + 1, text.indexOf('];', start));
  const rows = block
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('%'))
    .map((line) => line.split(/\s+/).map(Number));
  const circuits = new Map<string, number[]>();
  rows.forEach((row, k) => {
    const [from, to] = [row[0]!, row[1]!].sort((a, b) => a - b);
    const key = `${from}-${to}`;
    circuits.set(key, [...(circuits.get(key) ?? []), k + 1]);
  });
  const added: string[] = [];
  let label = 10_000;
  for (const rowsOfPair of circuits.values()) {
    if (rowsOfPair.length < 2) continue;
    label++;
    for (const row of rowsOfPair.slice(0, 2)) {
      added.push(`\t${label}\t0\tCT_TBRCH\t${row}\tBR_STATUS\tCT_REP\t0;`);
    }
  }
  const end = contab.lastIndexOf('];');
  return {
    text: `${contab.slice(0, end)}${added.join('\n')}\n${contab.slice(end)}`,
    doubles: label - 10_000,
  };
}

type Limiting = { monitoredName: string; contingencyName: string | null };
type SetAnswer = {
  set: {
    n1: {
      evaluated: number;
      islandingCount: number;
      skipped: number;
      overloadedPairs: number;
      top: { monitoredName: string; contingencyName: string | null }[];
    } | null;
  } | null;
};
type Row = { bus: number; attributable: { capacityMw: number | null; limiting: Limiting | null } };
type CapacityPage = {
  state: string;
  rows: Row[];
  options: { contingencySet?: { fileName: string; notScreened: number } | null } | null;
};

describe('«Contingencias» (issue #30)', () => {
  it('ACTIVSg2000 with its contab and its double circuits: the count, then a capacity an N-2 limits', async () => {
    const page = await session.newPage();
    await signUpThroughApi(page, server.url, 'contingencias.activsg2000@example.co');
    await page.goto(`${server.url}/analisis`);
    await page.getByText('No hay casos para mostrar.').waitFor();
    await page
      .getByLabel('Seleccionar archivo de caso')
      .setInputFiles({ name: 'case_ACTIVSg2000.m', mimeType: 'text/plain', buffer: activsg2000 });
    await page.getByRole('button', { name: 'Procesar archivo' }).click();
    await page.getByText('Archivo procesado correctamente').waitFor({ timeout: 240_000 });
    const caseId = (await page.getByTestId('selected-case-id').textContent())?.trim() ?? '';
    expect(caseId).not.toBe('');

    const card = page.getByRole('region', { name: 'Contingencias', exact: true });
    await card.getByText('Todas las ramas en servicio, una a la vez (N-1)').waitFor();
    const upload = card.getByLabel('Subir archivo de contingencias');

    // A line that names no branch of the case: nothing is kept, the line is named.
    const { text, doubles } = withDoubleCircuits();
    expect(doubles).toBe(420);
    const bad = text.replace(/\];\s*$/, '\t99999\t0\tCT_TBRCH\t99999\tBR_STATUS\tCT_REP\t0;\n];\n');
    const badLine = bad.split('\n').findIndex((line) => line.includes('99999')) + 1;
    await upload.setInputFiles({
      name: 'contab_errado.m',
      mimeType: 'text/plain',
      buffer: Buffer.from(bad, 'latin1'),
    });
    await card.getByText('No se guardó contab_errado.m').waitFor({ timeout: 60_000 });
    await card.getByText(new RegExp(`^Línea ${badLine}: 99999`)).waitFor();
    await card.getByText('Todas las ramas en servicio, una a la vez (N-1)').waitFor();

    // The good file: its count by kind, then the capacities computed again on it.
    await upload.setInputFiles({
      name: 'contab_ACTIVSg2000_dobles.m',
      mimeType: 'text/plain',
      buffer: Buffer.from(text, 'latin1'),
    });
    await card
      .getByTestId('contingency-set-counts')
      .getByText(
        '4.154 contingencias: 3.190 de una rama, 420 de varias ramas, 544 de unidades, 0 mixtas',
      )
      .waitFor({ timeout: 60_000 });
    // The case's N-1 on the file: the API's figures, and the worst loading named by the file.
    const setAnswer = await getJson<SetAnswer>(
      page,
      server.url,
      `/api/cases/${caseId}/contingency-set`,
    );
    const n1 = setAnswer.set!.n1!;
    const screen = card.getByRole('region', { name: 'Análisis N-1 con estas contingencias' });
    const digits = (text: string | null) => (text ?? '').replace(/\D/g, '');
    expect(n1.evaluated + n1.islandingCount + n1.skipped).toBe(4154);
    for (const key of ['evaluated', 'islandingCount', 'overloadedPairs'] as const) {
      expect(digits(await screen.getByTestId(`set-n1-figure-${key}`).textContent())).toBe(
        String(n1[key]),
      );
    }
    const worst = screen
      .getByRole('table', { name: 'Mayores cargas con estas contingencias' })
      .locator('tbody tr')
      .first();
    await expect
      .poll(async () => (await worst.textContent()) ?? '')
      .toContain(n1.top[0]!.contingencyName ?? 'Caso base (N-0)');
    expect(await worst.textContent()).toContain(n1.top[0]!.monitoredName);

    const section = page.getByRole('region', { name: 'Capacidad por barra', exact: true });
    await section
      .getByTestId('capacity-contingency-set')
      .getByText(/^Contingencias del archivo contab_ACTIVSg2000_dobles\.m: 4\.154/)
      .waitFor({ timeout: 240_000 });

    const base = `/api/cases/${caseId}/busbar-capacities`;
    const lowest = await getJson<CapacityPage>(
      page,
      server.url,
      `${base}?sort=capacity&order=asc&pageSize=200`,
    );
    expect(lowest.options?.contingencySet?.fileName).toBe('contab_ACTIVSg2000_dobles.m');
    const byDouble = lowest.rows.find((row) =>
      /^Contingencia 1\d{4}: .+ \+ .+/.test(row.attributable.limiting?.contingencyName ?? ''),
    );
    expect(byDouble, 'a bus whose capacity a double circuit sets').toBeDefined();

    // That bus in the table: its MW and the N-2 that sets it, as the API gives them.
    await section.getByLabel('Buscar barra').fill(String(byDouble!.bus));
    const table = section.getByRole('table', { name: /^Capacidad atribuible de conexión/ });
    const row = table
      .locator('tbody tr')
      .filter({ hasText: String(byDouble!.bus) })
      .first();
    await row.waitFor({ timeout: 20_000 });
    const cells = row.locator('th, td');
    await expect
      .poll(async () => (await cells.nth(6).textContent())?.trim(), { timeout: 20_000 })
      .toBe(byDouble!.attributable.limiting!.contingencyName);
    expect((await cells.nth(4).textContent())?.trim()).toBe(
      fixed(byDouble!.attributable.capacityMw!, 1),
    );
    await saveScreenshot(page, 'contingency-sets-activsg2000');

    // Back to every branch: computed again, and said so.
    await card.getByRole('button', { name: 'Volver a todas las ramas' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Volver a todas las ramas/ })
      .click();
    await card.getByText('Todas las ramas en servicio, una a la vez (N-1)').waitFor();
    await section
      .getByTestId('capacity-contingency-set')
      .getByText('Contingencias: todas las ramas, una a la vez.')
      .waitFor({ timeout: 240_000 });

    // Rules instead of a file: the double circuits alone, as many as the file had.
    const rules = card.getByRole('form', { name: 'Contingencias por reglas' });
    await rules.getByLabel('Cada rama, una a la vez (N-1)').uncheck();
    await rules.getByLabel('Los circuitos paralelos entre dos barras, juntos (N-2)').check();
    await rules.getByRole('button', { name: 'Aplicar reglas' }).click();
    await card
      .getByTestId('contingency-set-file')
      .getByText('Reglas: los circuitos paralelos juntos')
      .waitFor({ timeout: 60_000 });
    const counts = await card.getByTestId('contingency-set-counts').textContent();
    expect(counts).toMatch(/^\d+ contingencias: 0 de una rama, \d+ de varias ramas, 0 de unidades/);
    await section
      .getByTestId('capacity-contingency-set')
      .getByText(/^Contingencias por reglas \(los circuitos paralelos juntos\): /)
      .waitFor({ timeout: 240_000 });

    // A PSS/E .con with its .sub and .mon, picked at once: the .con's rules name the .sub's
    // subsystems (10,153 N-2 inside area 7's EHV grid), the .mon picks what is watched.
    const psse = (name: string) => ({
      name,
      mimeType: 'application/octet-stream',
      buffer: readFileSync(
        new URL(`../packages/engine/src/contingency/sets/test-fixtures/${name}`, import.meta.url),
      ),
    });
    await upload.setInputFiles([
      psse('ACTIVSg2000.con'),
      psse('ACTIVSg2000.sub'),
      psse('ACTIVSg2000.mon'),
    ]);
    await card
      .getByTestId('contingency-set-counts')
      .getByText(
        '10.371 contingencias: 190 de una rama, 10.168 de varias ramas, 12 de unidades, 1 mixta',
      )
      .waitFor({ timeout: 120_000 });
    await card.getByTestId('contingency-set-file').getByText('ACTIVSg2000.con').waitFor();
    await card.getByText(/^Subsistemas: ACTIVSg2000\.sub \(3 subsistemas\)/).waitFor();
    await card.getByText(/^Elementos vigilados: ACTIVSg2000\.mon — 365 ramas/).waitFor();
    const interfaces = screen.getByTestId('set-n1-interfaces');
    const flowgate = interfaces.locator('tbody tr').first();
    await expect
      .poll(async () => (await flowgate.textContent()) ?? '')
      .toContain('AREA 7 TO AREA 6, 500 KV');
    const withMon = await getJson<SetAnswer>(
      page,
      server.url,
      `/api/cases/${caseId}/contingency-set`,
    );
    expect(withMon.set?.n1?.top[0]?.contingencyName).toMatch(/^Contingencia DOUBLE \d+: .+ \+ /);
    await section
      .getByTestId('capacity-monitored-file')
      .getByText(/^Solo se vigilan las 365 ramas de «ACTIVSg2000\.mon» y su interfaz con límite/)
      .waitFor({ timeout: 240_000 });
    await saveScreenshot(page, 'contingency-sets-psse-con-sub-mon');
  }, 600_000);
});
