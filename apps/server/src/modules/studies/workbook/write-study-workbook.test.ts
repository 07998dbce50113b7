import { describe, expect, it } from 'vitest';
import { studyFileSchema, type StudyFileInput } from '@holgura/contracts';
import { readStudyWorkbook } from './read-study-workbook';
import { STUDY_TEMPLATE_EXAMPLE } from './study-template-example';
import { demoStudy, sheet, templateWorkbook } from './workbook.test-support';
import { DATA_SHEETS, INSTRUCTIONS_SHEET } from './workbook-format';
import { writeStudyWorkbook } from './write-study-workbook';

async function roundTrip(study: StudyFileInput) {
  const read = await readStudyWorkbook(await writeStudyWorkbook(study));
  if (!read.ok) throw new Error(read.problems.map((p) => p.message).join('\n'));
  return read.study;
}

describe('writeStudyWorkbook', () => {
  it('gives back the template example when its workbook is read', async () => {
    expect(await roundTrip(STUDY_TEMPLATE_EXAMPLE)).toEqual(
      studyFileSchema.parse(STUDY_TEMPLATE_EXAMPLE),
    );
  });

  it('gives back the demo study, base case file and options included', async () => {
    expect(await roundTrip(demoStudy)).toEqual(studyFileSchema.parse(demoStudy));
  });

  it('writes the instructions first, then one sheet per section in the format order', async () => {
    const workbook = await templateWorkbook();
    expect(workbook.worksheets.map((s) => s.name)).toEqual([
      INSTRUCTIONS_SHEET,
      ...DATA_SHEETS.map((def) => def.name),
    ]);
    const instructions = sheet(workbook, INSTRUCTIONS_SHEET)
      .getSheetValues()
      .flat()
      .filter((v): v is string => typeof v === 'string');
    for (const def of DATA_SHEETS) expect(instructions).toContain(def.name);
    expect(instructions.join(' ')).toContain('por su nombre');
  });

  it('shows growth in percent, the options in Spanish and a list of the allowed values', async () => {
    const workbook = await templateWorkbook();
    expect(sheet(workbook, 'Áreas').getRow(3).values).toEqual([undefined, 5, 'Área 5', 1.5]);
    const study = sheet(workbook, 'Estudio');
    expect(study.getCell('A6').value).toBe('Capacidad poscontingencia (A, B, C o emergencia)');
    expect(study.getCell('B6').value).toBe('emergencia');
    expect(study.getCell('B6').dataValidation).toMatchObject({
      type: 'list',
      formulae: ['"A,B,C,emergencia"'],
    });
    expect(study.getCell('B8').value).toBe('limitar');
    expect(sheet(workbook, 'Barras').getCell('A1').font?.bold).toBe(true);
  });

  it('keeps the example small and within the demo network it is written for', () => {
    const example = studyFileSchema.parse(STUDY_TEMPLATE_EXAMPLE);
    const demo = studyFileSchema.parse(demoStudy);
    expect(example.scenarios).toHaveLength(2);
    expect(example.years).toHaveLength(2);
    expect(example.busbars.every((bus) => demo.busbars.includes(bus))).toBe(true);
    expect(example.projects).toHaveLength(1);
    expect(example.projects[0]!.inServiceYear).toBe(example.years[1]);
    expect(example.projects[0]!.branches).toEqual(demo.projects[0]!.branches);
    expect(example.areas.every((a) => demo.areas.some((d) => d.id === a.id))).toBe(true);
  });
});
