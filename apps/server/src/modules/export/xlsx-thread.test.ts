// exceljs is CommonJS: under Node's ESM loader only its default export exists.
// eslint-disable-next-line import-x/default
import ExcelJS from 'exceljs';
import { threadId } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExportTable } from './export-table';
import { createXlsxWriter, type XlsxWriter } from './xlsx-thread';

const table = (title: string, rows: number): ExportTable => ({
  sheetName: 'Restricciones',
  title,
  metadata: [['Caso', 'case30']],
  columns: [
    { header: 'Elemento', kind: 'text', width: 20 },
    { header: 'Flujo (MW)', kind: 'mw', width: 12 },
  ],
  rows: Array.from({ length: rows }, (_, i) => [`Línea ${i + 1}`, i * 1.25]),
  fileStem: 'restricciones',
});

async function readSheet(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

const writers: XlsxWriter[] = [];
const writer = (workerUrl?: URL) => {
  const created = createXlsxWriter(workerUrl === undefined ? {} : { workerUrl });
  writers.push(created);
  return created;
};
afterEach(async () => {
  await Promise.all(writers.splice(0).map((w) => w.close()));
});

describe('xlsx writer thread', () => {
  it('writes each spreadsheet on its own thread, not on the event loop, with every row', async () => {
    const xlsx = writer();
    const [big, small] = await Promise.all([
      xlsx.write(table('Grande', 3000)),
      xlsx.write(table('Pequeña', 2)),
    ]);
    expect(big.threadId).not.toBe(threadId);
    expect(small.threadId).toBe(big.threadId);

    const sheet = await readSheet(big.bytes);
    expect(sheet.getCell('A1').value).toBe('Grande');
    const header = sheet.getRow(4);
    expect(header.getCell(2).value).toBe('Flujo (MW)');
    expect(sheet.getRow(5 + 2999).getCell(1).value).toBe('Línea 3000');
    expect(sheet.getRow(5 + 2999).getCell(2).value).toBe(2999 * 1.25);
    expect((await readSheet(small.bytes)).getCell('A1').value).toBe('Pequeña');
  });

  it('fails the exports a dying thread held, and serves the next one on a new thread', async () => {
    const xlsx = writer(new URL('./test-fixtures/dying-xlsx-worker.ts', import.meta.url));
    const first = await xlsx.write(table('Antes', 1));
    await expect(xlsx.write(table('morir', 1))).rejects.toThrow(/exited with code 7/);
    const after = await xlsx.write(table('Después', 1));
    expect(after.threadId).not.toBe(first.threadId);
    expect((await readSheet(after.bytes)).getCell('A1').value).toBe('Después');
  });
});
