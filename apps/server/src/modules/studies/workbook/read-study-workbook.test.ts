import { describe, expect, it } from 'vitest';
import { readStudyWorkbook } from './read-study-workbook';
import { bytesOf, messagesOf, problemsOf, sheet, templateWorkbook } from './workbook.test-support';

async function readTemplate(
  edit: (workbook: Awaited<ReturnType<typeof templateWorkbook>>) => void,
) {
  const workbook = await templateWorkbook();
  edit(workbook);
  return readStudyWorkbook(await bytesOf(workbook));
}

describe('readStudyWorkbook: the sheets and their headers', () => {
  it('names a missing sheet once, without the problems that follow from its absence', async () => {
    const read = await readTemplate((wb) => wb.removeWorksheet(sheet(wb, 'Barras').id));
    expect(problemsOf(read)).toEqual([
      expect.objectContaining({
        code: 'STUDY_SHEET_MISSING',
        sheet: 'Barras',
        message:
          'Falta la hoja «Barras»: el libro debe tener las hojas de la plantilla, aunque alguna quede vacía',
      }),
    ]);
  });

  it('names the cell of a wrong header and does not read the rows under it', async () => {
    const read = await readTemplate((wb) => {
      sheet(wb, 'Barras').getCell('A1').value = 'Barras nuevas';
      sheet(wb, 'Barras').getCell('A3').value = 'no es un número';
    });
    expect(problemsOf(read)).toEqual([
      {
        code: 'STUDY_HEADER_INVALID',
        message:
          'Hoja «Barras», fila 1, celda A1: El encabezado debe ser «Barra» y no «Barras nuevas»',
        detail: 'El encabezado debe ser «Barra» y no «Barras nuevas»',
        field: null,
        sheet: 'Barras',
        row: 1,
        column: 'A',
        cell: 'A1',
      },
    ]);
  });

  it('matches sheet names and headers without regard to case, accents or spaces', async () => {
    const read = await readTemplate((wb) => {
      sheet(wb, 'Áreas').name = 'AREAS';
      sheet(wb, 'AREAS').getCell('C1').value = '  crecimiento   ANUAL ';
      sheet(wb, 'Líneas de proyectos').getCell('E1').value = 'r';
    });
    expect(read.ok).toBe(true);
    if (read.ok) expect(read.study.growth['Área 5']).toBe(0.015);
  });

  it('names an empty header cell', async () => {
    const read = await readTemplate((wb) => {
      sheet(wb, 'Demanda').getCell('C1').value = null;
    });
    expect(messagesOf(read)).toEqual([
      'Hoja «Demanda», fila 1, celda C1: Falta el encabezado «Multiplicador»',
    ]);
  });
});

describe('readStudyWorkbook: cells', () => {
  it('names a text in a number cell once, not again as a schema problem', async () => {
    const read = await readTemplate((wb) => {
      sheet(wb, 'Barras').getCell('A3').value = 'dos mil';
    });
    expect(messagesOf(read)).toEqual([
      'Hoja «Barras», fila 3, celda A3: Se esperaba un número y la celda tiene «dos mil»',
    ]);
  });

  it('maps schema problems back to their cells, the cross-field ones too', async () => {
    const read = await readTemplate((wb) => {
      sheet(wb, 'Barras').getCell('A4').value = 7002.5;
      sheet(wb, 'Años').getCell('A3').value = 1999;
      sheet(wb, 'Líneas de proyectos').getCell('G2').value = -1;
      sheet(wb, 'Áreas').getCell('C3').value = 80;
      // The schema checks repeated scenarios only once every field is valid; the reader always.
      sheet(wb, 'Escenarios').addRow(['alta', 'Otra condición']);
    });
    expect(messagesOf(read)).toEqual([
      'Hoja «Años», fila 3, celda A3: El año debe estar entre 2000 y 2100',
      'Hoja «Áreas», fila 3, celda C3: El crecimiento anual debe estar entre -50 % y 50 %',
      'Hoja «Escenarios», fila 4, celda A4: El escenario "alta" está repetido',
      'Hoja «Líneas de proyectos», fila 2, celda G2: La susceptancia no puede ser negativa',
      'Hoja «Barras», fila 4, celda A4: El número de barra debe ser un entero',
    ]);
    const [first] = problemsOf(read);
    expect(first).toMatchObject({ field: 'years.1', code: 'STUDY_FIELD_INVALID' });
  });

  it('names each repeated or unordered year and repeated busbar at its own cell', async () => {
    const read = await readTemplate((wb) => {
      sheet(wb, 'Años').getCell('A4').value = 2026;
      sheet(wb, 'Años').getCell('A5').value = 2025;
      sheet(wb, 'Barras').getCell('A5').value = 2002;
    });
    expect(messagesOf(read)).toEqual([
      'Hoja «Años», fila 4, celda A4: El año 2026 está repetido',
      'Hoja «Años», fila 5, celda A5: Los años deben ir en orden creciente: 2025 está después de 2027',
      'Hoja «Barras», fila 5, celda A5: La barra 2002 está repetida',
    ]);
  });

  it('names an empty required cell', async () => {
    const read = await readTemplate((wb) => {
      sheet(wb, 'Escenarios').getCell('B2').value = null;
      sheet(wb, 'Estudio').getCell('B2').value = '   ';
    });
    expect(messagesOf(read)).toEqual([
      'Hoja «Estudio», fila 2, celda B2: El nombre del estudio es obligatorio',
      'Hoja «Escenarios», fila 2, celda B2: Falta el valor de la columna «Condición»',
    ]);
  });

  it('reads numbers typed as text the es-CO way, formulas by their result, percent cells', async () => {
    const read = await readTemplate((wb) => {
      sheet(wb, 'Demanda').getCell('C2').value = '1,05';
      sheet(wb, 'Intercambios').getCell('D2').value = '−1.234,5';
      sheet(wb, 'Barras').getCell('A2').value = { formula: '2000+2', result: 2002 };
      const growth = sheet(wb, 'Áreas').getCell('C2');
      growth.value = 0.02;
      growth.numFmt = '0.0%';
      sheet(wb, 'Áreas').getCell('C4').value = '2,5 %';
    });
    if (!read.ok) throw new Error(read.problems.map((p) => p.message).join('\n'));
    expect(read.study.scenarios[0]!.demandMultipliers['Área 5']).toBe(1.05);
    expect(read.study.scenarios[0]!.interchanges[0]!.mw).toBe(-1234.5);
    expect(read.study.busbars[0]).toBe(2002);
    expect(read.study.growth).toEqual({ 'Área 2': 0.02, 'Área 5': 0.015, 'Área 7': 0.025 });
  });

  it('names a formula without a saved result and an Excel error value', async () => {
    const read = await readTemplate((wb) => {
      sheet(wb, 'Barras').getCell('A2').value = { formula: 'A3+1' } as never;
      sheet(wb, 'Barras').getCell('A3').value = { error: '#N/A' } as never;
    });
    expect(messagesOf(read)).toEqual([
      'Hoja «Barras», fila 2, celda A2: La fórmula de la celda no tiene un valor calculado: abre el libro en Excel, guárdalo y vuelve a subirlo',
      'Hoja «Barras», fila 3, celda A3: La celda tiene el error #N/A de Excel',
    ]);
  });

  it('skips empty rows and ignores notes to the right of the format', async () => {
    const read = await readTemplate((wb) => {
      const busbars = sheet(wb, 'Barras');
      busbars.getCell('B1').value = 'Notas';
      busbars.getCell('B2').value = 'Paris 2';
      busbars.getCell('A8').value = 8126;
    });
    if (!read.ok) throw new Error(read.problems.map((p) => p.message).join('\n'));
    expect(read.study.busbars).toEqual([2002, 5015, 7002, 8126]);
    expect(read.locate(['busbars', 3])).toMatchObject({ sheet: 'Barras', cell: 'A8' });
  });

  it('names a text longer than any field allows', async () => {
    const read = await readTemplate((wb) => {
      sheet(wb, 'Estudio').getCell('B3').value = 'x'.repeat(2500);
    });
    expect(messagesOf(read)).toEqual([
      'Hoja «Estudio», fila 3, celda B3: El texto tiene 2500 caracteres y el máximo es 2000',
    ]);
  });

  it('refuses a sheet of more than 20,000 busbars', async () => {
    const read = await readTemplate((wb) => {
      const busbars = sheet(wb, 'Barras');
      for (let bus = 1; bus <= 20_001; bus++) busbars.getCell(bus + 1, 1).value = bus;
    });
    expect(problemsOf(read)).toEqual([
      expect.objectContaining({
        code: 'STUDY_SHEET_TOO_LONG',
        message: 'Hoja «Barras»: La hoja tiene más de 20.000 filas con datos',
      }),
    ]);
  });
});
