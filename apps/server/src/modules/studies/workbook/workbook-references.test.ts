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

describe('readStudyWorkbook: names that refer to other sheets', () => {
  it('names the referencing cell of an unknown scenario, area or project', async () => {
    const read = await readTemplate((wb) => {
      sheet(wb, 'Demanda').getCell('A2').value = 'media';
      sheet(wb, 'Demanda').getCell('B5').value = 'Área 9';
      sheet(wb, 'Intercambios').getCell('A3').value = 'máxima';
      sheet(wb, 'Líneas de proyectos').getCell('A2').value = 'Otro proyecto';
    });
    expect(problemsOf(read).map((p) => [p.code, p.message])).toEqual([
      [
        'STUDY_REFERENCE_INVALID',
        'Hoja «Demanda», fila 2, celda A2: El escenario «media» no está en la hoja «Escenarios»',
      ],
      [
        'STUDY_REFERENCE_INVALID',
        'Hoja «Demanda», fila 5, celda B5: El área «Área 9» no está en la hoja «Áreas»',
      ],
      [
        'STUDY_REFERENCE_INVALID',
        'Hoja «Intercambios», fila 3, celda A3: El escenario «máxima» no está en la hoja «Escenarios»',
      ],
      [
        'STUDY_REFERENCE_INVALID',
        'Hoja «Líneas de proyectos», fila 2, celda A2: El proyecto «Otro proyecto» no está en la hoja «Proyectos»',
      ],
    ]);
  });

  it('finds a name written with other case or accents and keeps the defining spelling', async () => {
    const read = await readTemplate((wb) => {
      sheet(wb, 'Demanda').getCell('A2').value = 'ALTA';
      sheet(wb, 'Demanda').getCell('B2').value = 'area 5';
    });
    if (!read.ok) throw new Error(read.problems.map((p) => p.message).join('\n'));
    expect(read.study.scenarios[0]!.demandMultipliers).toEqual({ 'Área 5': 1.04, 'Área 7': 0.96 });
  });

  it('names a repeated scenario, area, project and demand row', async () => {
    const read = await readTemplate((wb) => {
      sheet(wb, 'Escenarios').addRow(['Alta', 'Otra condición']);
      sheet(wb, 'Áreas').addRow([8, 'área 5']);
      sheet(wb, 'Áreas').addRow([2, 'Área 8']);
      sheet(wb, 'Proyectos').addRow(['Segundo circuito Paris 2 – Savoy 500 kV', 2026]);
      sheet(wb, 'Demanda').addRow(['alta', 'Área 5', 1.1]);
    });
    expect(messagesOf(read)).toEqual([
      'Hoja «Áreas», fila 5, celda B5: El área «área 5» ya está en la fila 3',
      'Hoja «Áreas», fila 6, celda A6: El número de área 2 ya está en la fila 2',
      'Hoja «Escenarios», fila 4, celda A4: El escenario "Alta" está repetido',
      'Hoja «Demanda», fila 6, celda B6: El área «Área 5» ya tiene multiplicador en el escenario «alta» (fila 2)',
      'Hoja «Proyectos», fila 3, celda A3: El proyecto «Segundo circuito Paris 2 – Savoy 500 kV» ya está en la fila 2',
    ]);
  });

  it('does not report references to a sheet it could not read', async () => {
    const read = await readTemplate((wb) => {
      sheet(wb, 'Escenarios').getCell('A1').value = 'Nombre';
    });
    expect(messagesOf(read)).toEqual([
      'Hoja «Escenarios», fila 1, celda A1: El encabezado debe ser «Escenario» y no «Nombre»',
    ]);
  });
});

describe('readStudyWorkbook: the Estudio sheet', () => {
  it('reads the options in Spanish, by label in any order', async () => {
    const read = await readTemplate((wb) => {
      const study = sheet(wb, 'Estudio');
      study.getCell('B6').value = 'Emergencia';
      study.getCell('B8').value = 'IGNORAR';
      study.getCell('B7').value = '0,05';
      study.getCell('A5').value = 'tope de capacidad';
      // Issue #31's rows: «Sí» read as yes, the short-circuit check's emptied (no).
      study.getCell('B9').value = 'Sí';
      study.getCell('B10').value = null;
      study.getCell('B11').value = '2,5';
      study.spliceRows(13, 1);
    });
    if (!read.ok) throw new Error(read.problems.map((p) => p.message).join('\n'));
    expect(read.study.options).toEqual({
      tmaxMw: 2000,
      postContingencyRating: 'emergency',
      distributionFactorCutoff: 0.05,
      preExistingViolations: 'ignore',
      slack: 'distributed',
      verification: { ac: true, shortCircuit: false, scrMin: 2.5 },
    });
  });

  it('reads a workbook without the verification rows (or with them empty) as DC only (issue #31)', async () => {
    const read = await readTemplate((wb) => {
      const study = sheet(wb, 'Estudio');
      study.getCell('B9').value = null;
      study.getCell('B10').value = null;
      study.spliceRows(11, 2);
    });
    if (!read.ok) throw new Error(read.problems.map((p) => p.message).join('\n'));
    expect(read.study.options.verification).toBeUndefined();
    const wrong = await readTemplate((wb) => {
      sheet(wb, 'Estudio').getCell('B10').value = 'quizá';
    });
    expect(messagesOf(wrong)).toEqual([
      'Hoja «Estudio», fila 10, celda B10: Usa uno de estos valores: sí o no',
    ]);
  });

  it('names a value outside the allowed ones, an unknown field and a repeated one', async () => {
    const read = await readTemplate((wb) => {
      const study = sheet(wb, 'Estudio');
      study.getCell('B6').value = 'D';
      study.getCell('A10').value = 'Color';
      study.getCell('B10').value = 'azul';
      study.getCell('A11').value = 'Nombre';
      study.getCell('B11').value = 'Otro nombre';
    });
    expect(messagesOf(read)).toEqual([
      'Hoja «Estudio», fila 6, celda B6: Usa uno de estos valores: A, B, C o emergencia',
      'Hoja «Estudio», fila 10, celda A10: El campo «Color» no es del formato: los campos son Nombre, Descripción, Red, Tope de capacidad, Capacidad poscontingencia, Corte del factor de distribución, Violaciones existentes, Verificación AC, Verificación de cortocircuito, SCR mínimo, X″d de las unidades sin datos, Archivo del caso base',
      'Hoja «Estudio», fila 11, celda A11: El campo «Nombre» ya está en la fila 2',
    ]);
  });

  it('names the sheet when a required field has no row', async () => {
    const read = await readTemplate((wb) => sheet(wb, 'Estudio').spliceRows(4, 1));
    // The wording (and its gender) is the contracts schema's.
    expect(problemsOf(read)).toEqual([
      expect.objectContaining({
        message: expect.stringMatching(/^Hoja «Estudio»: La descripción de la red es obligatori/),
        field: 'networkLabel',
        sheet: 'Estudio',
        cell: null,
      }),
    ]);
  });
});

describe('readStudyWorkbook: all at once, and places for later checks', () => {
  it('reports every problem of a workbook in one pass, in sheet order', async () => {
    const read = await readTemplate((wb) => {
      wb.removeWorksheet(sheet(wb, 'Unidades de proyectos').id);
      sheet(wb, 'Barras').getCell('A3').value = 'x';
      sheet(wb, 'Años').getCell('A2').value = 2200;
      sheet(wb, 'Escenarios').addRow(['alta', 'Otra condición']);
      sheet(wb, 'Demanda').getCell('A4').value = 'media';
      sheet(wb, 'Líneas de proyectos').getCell('F2').value = null;
    });
    expect(problemsOf(read).map((p) => `${p.sheet}!${p.cell ?? ''}`)).toEqual([
      'Años!A2',
      'Escenarios!A4',
      'Demanda!A4',
      'Líneas de proyectos!F2',
      'Unidades de proyectos!',
      'Barras!A3',
    ]);
  });

  it('lists the first 200 problems and says how many more there are', async () => {
    const read = await readTemplate((wb) => {
      const busbars = sheet(wb, 'Barras');
      for (let row = 2; row < 252; row++) busbars.getCell(row, 1).value = `barra ${row}`;
    });
    const problems = problemsOf(read);
    expect(problems).toHaveLength(201);
    expect(problems[200]!.message).toBe(
      'Hay 50 problemas más: corrige los anteriores y vuelve a subir el archivo',
    );
  });

  it('locates any field of a valid study, for the checks against the network', async () => {
    const read = await readTemplate(() => {});
    if (!read.ok) throw new Error(read.problems.map((p) => p.message).join('\n'));
    expect(read.locate(['busbars', 1])).toEqual({
      sheet: 'Barras',
      row: 3,
      column: 'A',
      cell: 'A3',
    });
    expect(read.locate(['projects', 0, 'branches', 0, 'toBus'])?.cell).toBe('C2');
    expect(read.locate(['scenarios', 1, 'interchanges', 0, 'bus'])).toMatchObject({
      sheet: 'Intercambios',
      cell: 'C3',
    });
    expect(read.locate(['areas', 2, 'id'])?.cell).toBe('A4');
    expect(read.locate(['growth', 'Área 7'])?.cell).toBe('C4');
    expect(
      read.describeAt(
        ['scenarios', 1, 'demandMultipliers', 'Área 7'],
        'El área 7 no está en el caso',
      ),
    ).toEqual({
      code: 'STUDY_FIELD_INVALID',
      message: 'Hoja «Demanda», fila 5, celda C5: El área 7 no está en el caso',
      detail: 'El área 7 no está en el caso',
      field: 'scenarios.1.demandMultipliers.Área 7',
      sheet: 'Demanda',
      row: 5,
      column: 'C',
      cell: 'C5',
    });
    expect(read.describeAt(['busbars'], 'Ninguna barra está en el caso').message).toBe(
      'Hoja «Barras», columna A: Ninguna barra está en el caso',
    );
  });
});
