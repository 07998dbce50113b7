import { describe, expect, it } from 'vitest';
import { describeStudyErrors, studyFileSchema } from '@holgura/contracts';
import { readStudyJson } from './read-study-json';
import { demoStudy, messagesOf } from './workbook.test-support';

const bytes = (text: string) => new TextEncoder().encode(text);
const json = (value: unknown) => bytes(JSON.stringify(value, null, 2));

describe('readStudyJson', () => {
  it('reads the demo study as the schema parses it', () => {
    const read = readStudyJson(json(demoStudy));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.study).toEqual(studyFileSchema.parse(demoStudy));
    expect(read.locate(['busbars', 0])).toBeNull();
    expect(read.describeAt(['busbars', 3], 'La barra 2021 no está en el caso')).toMatchObject({
      message: 'busbars.3: La barra 2021 no está en el caso',
      field: 'busbars.3',
      sheet: null,
    });
  });

  it('accepts a byte order mark', () => {
    expect(readStudyJson(bytes(`\uFEFF${JSON.stringify(demoStudy)}`)).ok).toBe(true);
  });

  it('names the line and column of a syntax error', () => {
    expect(messagesOf(readStudyJson(bytes('{\n  "name": "x"\n  "years": [2026]\n}')))).toEqual([
      'El JSON no es válido en la línea 3, columna 3: revisa comas, comillas y llaves',
    ]);
  });

  it('says what it can when the parser gives no position', () => {
    expect(messagesOf(readStudyJson(bytes('{"years": [2026,,]}')))).toEqual([
      'El JSON no es válido: hay un «,» donde no corresponde; revisa comas, comillas y llaves',
    ]);
    expect(messagesOf(readStudyJson(bytes('{"name": ')))).toEqual([
      'El JSON no es válido: el archivo termina antes de tiempo (¿falta cerrar una llave o un corchete?)',
    ]);
  });

  it('refuses bytes that are not UTF-8 and files over 5 MB', () => {
    expect(messagesOf(readStudyJson(new Uint8Array([0x7b, 0xff, 0x7d])))).toEqual([
      'El archivo no es texto UTF-8: guárdalo como JSON en UTF-8',
    ]);
    expect(messagesOf(readStudyJson(new Uint8Array(6 * 1024 * 1024)))).toEqual([
      'El archivo pesa 6 MB y el máximo es 5 MB',
    ]);
  });

  it('names fields as describeStudyErrors does, every problem at once', () => {
    const study = {
      ...demoStudy,
      years: [2026, 2026, 2031, 1990],
      areas: [{ id: 'uno', name: 'Área 1' }, ...demoStudy.areas!.slice(1)],
      scenarios: [...demoStudy.scenarios, { ...demoStudy.scenarios[0]!, name: 'ALTA' }],
      busbars: [1079, 2002, 1079],
    };
    expect(messagesOf(readStudyJson(json(study)))).toEqual([
      'years.3: El año debe estar entre 2000 y 2100',
      'areas.0.id: El número de área debe ser un número',
      'years.1: El año 2026 está repetido',
      'scenarios.3.name: El escenario "ALTA" está repetido',
      'busbars.2: La barra 1079 está repetida',
    ]);
    // A field of the wrong type stops the schema before its cross-field rules.
    const alone = studyFileSchema.safeParse(study);
    expect(describeStudyErrors(alone.error!)).toEqual([
      'years.3: El año debe estar entre 2000 y 2100',
      'areas.0.id: El número de área debe ser un número',
    ]);
  });

  it('words in Spanish what the schema leaves to zod', () => {
    const study = structuredClone(demoStudy) as Record<string, unknown> & typeof demoStudy;
    study.options = { ...study.options!, postContingencyRating: 'D' as never };
    study.projects![0]!.branches![0]!.circuit = '123';
    study.areas = 'ninguna' as never;
    study.growth = {};
    expect(messagesOf(readStudyJson(json(study)))).toEqual([
      'areas: Las áreas deben ser una lista',
      'projects.0.branches.0.circuit: El circuito debe tener como máximo 2 caracteres',
      'options.postContingencyRating: La capacidad poscontingencia debe ser uno de estos valores: A, B, C, emergency',
      'scenarios.0.demandMultipliers.Área 5: El área "Área 5" no está en areas',
      'scenarios.0.demandMultipliers.Área 7: El área "Área 7" no está en areas',
      'scenarios.2.demandMultipliers.Área 5: El área "Área 5" no está en areas',
      'scenarios.2.demandMultipliers.Área 7: El área "Área 7" no está en areas',
    ]);
  });
});
