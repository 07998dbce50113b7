import { describe, expect, it } from 'vitest';
import { readStudyWorkbook } from './read-study-workbook';
import { STUDY_TEMPLATE_EXAMPLE } from './study-template-example';
import { handmadeZip, problemsOf, type ZipPart } from './workbook.test-support';
import { writeStudyWorkbook } from './write-study-workbook';
import { guardXlsx } from './xlsx-guard';

const xml = (text: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>${text}`);
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** The smallest workbook exceljs reads: one sheet 'Barras' with the given XML after its data. */
function oneSheetWorkbook(afterData: string): ZipPart[] {
  return [
    {
      name: '[Content_Types].xml',
      data: xml(
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
      ),
    },
    {
      name: '_rels/.rels',
      data: xml(
        `<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/workbook.xml',
      data: xml(
        `<workbook xmlns="${MAIN}" xmlns:r="${RELS}"><sheets><sheet name="Barras" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: xml(
        `<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${RELS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      data: xml(
        `<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Barra</t></is></c></row><row r="2"><c r="A2"><v>2002</v></c></row></sheetData>${afterData}</worksheet>`,
      ),
    },
  ];
}

describe('the workbook guard', () => {
  it('refuses a 20 MB upload before parsing it', async () => {
    const template = await writeStudyWorkbook(STUDY_TEMPLATE_EXAMPLE);
    const huge = new Uint8Array(20 * 1024 * 1024);
    huge.set(template);
    const [problem, ...others] = problemsOf(await readStudyWorkbook(huge));
    expect(others).toEqual([]);
    expect(problem).toMatchObject({
      code: 'STUDY_FILE_TOO_LARGE',
      message: 'El archivo pesa 20 MB y el máximo es 5 MB',
      sheet: null,
      cell: null,
    });
  });

  it.each([
    ['a text file', Buffer.from('Barra\n2002\n')],
    ['a PDF', Buffer.from('%PDF-1.7\n%âãÏÓ\n')],
    ['an empty file', Buffer.alloc(0)],
  ])('refuses %s as not a workbook', async (_label, bytes) => {
    expect(problemsOf(await readStudyWorkbook(bytes))).toEqual([
      expect.objectContaining({
        code: 'STUDY_FILE_NOT_XLSX',
        message:
          'El archivo no es un libro de Excel (.xlsx): súbelo como .xlsx o como estudio en JSON',
      }),
    ]);
  });

  it('asks for .xlsx when given an old .xls or a password-protected workbook', async () => {
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    const [problem] = problemsOf(await readStudyWorkbook(ole));
    expect(problem!.message).toMatch(/^El archivo es un libro de Excel antiguo \(\.xls\)/);
  });

  it('tells a zip that is not a workbook apart from a damaged one', async () => {
    const docx = handmadeZip([{ name: 'word/document.xml', data: xml('<document/>') }]);
    expect(problemsOf(await readStudyWorkbook(docx))[0]!.message).toBe(
      'El archivo es un .zip pero no un libro de Excel (.xlsx)',
    );
    const template = await writeStudyWorkbook(STUDY_TEMPLATE_EXAMPLE);
    const truncated = template.subarray(0, template.length - 30);
    expect(problemsOf(await readStudyWorkbook(truncated))[0]!.message).toMatch(
      /^El libro de Excel está dañado o incompleto/,
    );
  });

  it('refuses a zip that declares gigabytes once decompressed, without inflating it', async () => {
    const bomb = handmadeZip([
      ...oneSheetWorkbook(''),
      { name: 'xl/media/image1.png', data: Buffer.alloc(10), declaredSize: 4_000_000_000 },
    ]);
    expect(problemsOf(await readStudyWorkbook(bomb))).toEqual([
      expect.objectContaining({
        code: 'STUDY_FILE_UNSAFE',
        message: expect.stringMatching(/^El libro ocupa más de 10 MB descomprimido/),
      }),
    ]);
  });

  it('stops inflating a part that decompresses to more than it declares', async () => {
    // 64 MB of zeros deflate to about 64 kB: a bomb that claims to be one kilobyte.
    const liar = handmadeZip([
      ...oneSheetWorkbook(''),
      { name: 'xl/styles.xml', data: Buffer.alloc(64 * 1024 * 1024), declaredSize: 1024 },
    ]);
    expect(liar.length).toBeLessThan(200_000);
    expect(problemsOf(await readStudyWorkbook(liar))).toEqual([
      expect.objectContaining({
        code: 'STUDY_FILE_UNSAFE',
        message: 'El libro de Excel está dañado: una de sus partes no tiene el tamaño que declara',
      }),
    ]);
  });

  it('refuses a sheet with more cells than any study needs', async () => {
    const rows = Array.from({ length: 200_001 }, (_, i) => `<row r="${i + 3}"/>`).join('');
    const parts = oneSheetWorkbook('');
    const sheet = parts[4]!;
    sheet.data = Buffer.from(sheet.data.toString().replace('</sheetData>', `${rows}</sheetData>`));
    const [problem] = problemsOf(await readStudyWorkbook(handmadeZip(parts)));
    expect(problem).toMatchObject({ code: 'STUDY_FILE_UNSAFE' });
    expect(problem!.message).toMatch(/^El libro tiene más de 200\.000 celdas y filas/);
  });

  it('drops whole-sheet merges and validations that exceljs would expand cell by cell', async () => {
    // Without the guard exceljs would build seventeen billion cells for each of these.
    const hostile = handmadeZip(
      oneSheetWorkbook(
        '<mergeCells count="1"><mergeCell ref="B1:XFD1048576"/></mergeCells>' +
          '<dataValidations count="1"><dataValidation type="whole" sqref="A1:XFD1048576"><formula1>1</formula1></dataValidation></dataValidations>',
      ),
    );
    const guarded = guardXlsx(hostile);
    expect(guarded.ok).toBe(true);
    if (!guarded.ok) return;
    const text = guarded.bytes.toString('latin1');
    expect(text).toContain('<v>2002</v>');
    expect(text).not.toContain('mergeCell');
    expect(text).not.toContain('dataValidation');
    // The one-sheet workbook reads: what is missing is the rest of the format.
    const messages = problemsOf(await readStudyWorkbook(hostile)).map((p) => p.message);
    expect(messages).toContain(
      'Falta la hoja «Estudio»: el libro debe tener las hojas de la plantilla, aunque alguna quede vacía',
    );
    expect(messages.some((m) => m.includes('Barras'))).toBe(false);
  });
});
