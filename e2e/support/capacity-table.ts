import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * What the «Capacidad por barra» specs (/analisis and /resultados) read of the page and the API
 * alike: numbers formatted as the page formats them, the table's cells, the API's answers.
 */

/** The part of a busbar-capacity row (contracts api/busbar-capacities.ts) the table shows. */
export type ShownRow = {
  bus: number;
  name: string;
  baseKv: number;
  area: number;
  attributable: { capacityMw: number | null };
};

export const fixed = (value: number, decimals: number) =>
  new Intl.NumberFormat('es-CO', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value);

export const integer = (value: number) => new Intl.NumberFormat('es-CO').format(value);

/** GET `pathname` of the server at `baseUrl` with the page's session: 200 and its JSON. */
export async function getJson<T>(page: Page, baseUrl: string, pathname: string): Promise<T> {
  const response = await page.request.get(`${baseUrl}${pathname}`);
  expect(response.status(), pathname).toBe(200);
  return (await response.json()) as T;
}

/** The table's body rows as [bus, name, kV, area, MW] texts. */
export async function shownRows(table: Locator): Promise<string[][]> {
  const rows = table.locator('tbody tr');
  const count = await rows.count();
  const out: string[][] = [];
  for (let i = 0; i < count; i++) {
    const cells = rows.nth(i).locator('th, td');
    out.push(
      await Promise.all([0, 1, 2, 3, 4].map(async (c) => (await cells.nth(c).textContent()) ?? '')),
    );
  }
  return out;
}

/** What the table must show for an API row (the attributable figure). */
export const expectedCells = (row: ShownRow) => [
  String(row.bus),
  row.name,
  new Intl.NumberFormat('es-CO', { maximumFractionDigits: 2 }).format(row.baseKv),
  String(row.area),
  row.attributable.capacityMw === null ? '–' : fixed(row.attributable.capacityMw, 1),
];
