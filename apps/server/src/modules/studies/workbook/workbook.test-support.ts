import { readFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
// exceljs is CommonJS: under Node's ESM loader only its default export exists.
// eslint-disable-next-line import-x/default
import ExcelJS from 'exceljs';
import type { StudyFileInput } from '@holgura/contracts';
import type { StudyProblem } from './study-problem';
import type { StudyRead } from './study-read';
import { STUDY_TEMPLATE_EXAMPLE } from './study-template-example';
import { writeStudyWorkbook } from './write-study-workbook';

export const demoStudy = JSON.parse(
  readFileSync(new URL('../../../../../../demo/estudio-demo.json', import.meta.url), 'utf8'),
) as StudyFileInput;

/** The template as an exceljs workbook, to break in one place per test. */
export async function templateWorkbook(
  study: StudyFileInput = STUDY_TEMPLATE_EXAMPLE,
): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await writeStudyWorkbook(study)) as unknown as ArrayBuffer);
  return workbook;
}

export async function bytesOf(workbook: ExcelJS.Workbook): Promise<Uint8Array> {
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

export function sheet(workbook: ExcelJS.Workbook, name: string): ExcelJS.Worksheet {
  const found = workbook.getWorksheet(name);
  if (found === undefined) throw new Error(`the template has no sheet ${name}`);
  return found;
}

/** The messages, for asserting several at once; fails the test if the read succeeded. */
export function messagesOf(read: StudyRead): string[] {
  return problemsOf(read).map((problem) => problem.message);
}

export function problemsOf(read: StudyRead): StudyProblem[] {
  if (read.ok) throw new Error('expected problems, but the study was read without any');
  return read.problems;
}

export interface ZipPart {
  name: string;
  data: Buffer;
  /** What the central directory claims, when a test wants it to lie. */
  declaredSize?: number;
}

/** A deflated zip built by hand, so a test can make it say what a real zip never would. */
export function handmadeZip(parts: readonly ZipPart[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const compressed = deflateRawSync(part.data);
    const size = part.declaredSize ?? part.data.length;
    const local = Buffer.alloc(30 + name.length);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    name.copy(local, 30);
    const central = Buffer.alloc(46 + name.length);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    name.copy(central, 46);
    locals.push(local, compressed);
    centrals.push(central);
    offset += local.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}
