import type { Workbook } from 'exceljs';
import { studyProblemWords } from '@holgura/contracts';
import { parseLocaleNumber } from './cell-values';
import { readSheetTable } from './sheet-table';
import type { StudyLocator } from './study-locator';
import { cellRef, problemAt, type StudyProblem } from './study-problem';
import { labelsMatch, normalizeLabel, studySheet } from './workbook-format';
import { STUDY_FIELDS, VERIFICATION_FIELDS, type StudyFieldDef } from './study-fields';

const words = studyProblemWords.studySheet;

export interface StudySheetFields {
  fields: Record<string, unknown> & { options: Record<string, unknown> };
  broken: boolean;
}

/**
 * 'Estudio' is a form, not a table: one field per row (Campo | Valor), found by its label in any
 * order. An absent row or an empty value leaves the field out, so the schema's default applies
 * or the schema says it is required.
 */
export function readStudySheet(
  workbook: Workbook,
  locator: StudyLocator,
  problems: StudyProblem[],
): StudySheetFields {
  const sheetRef = cellRef(studySheet.name, null, null);
  const fields: StudySheetFields['fields'] = { options: {} };
  locator.set(['options'], sheetRef);
  for (const field of STUDY_FIELDS) locator.set(field.path, sheetRef);

  const table = readSheetTable(workbook, studySheet, problems);
  const seen = new Map<StudyFieldDef, number>();
  for (const row of table.rows) {
    const label = row.values.field;
    if (label === undefined) continue;
    const field = STUDY_FIELDS.find((candidate) => labelsMatch(String(label), candidate.label));
    if (field === undefined) {
      const known = STUDY_FIELDS.map((f) => f.label.replace(/\s*\(.*\)$/, ''));
      problems.push(
        problemAt('STUDY_CELL_INVALID', row.ref('field'), words.unknownField(String(label), known)),
      );
      continue;
    }
    const first = seen.get(field);
    if (first !== undefined) {
      problems.push(
        problemAt(
          'STUDY_CELL_INVALID',
          row.ref('field'),
          words.repeatedField(String(label), first),
        ),
      );
      continue;
    }
    seen.set(field, row.row);
    locator.set(field.path, row.ref('value'));
    const raw = row.values.value;
    if (raw === undefined) continue;
    const value = convert(field, raw);
    if (!value.ok) {
      problems.push(problemAt('STUDY_CELL_INVALID', row.ref('value'), value.detail));
      continue;
    }
    setAt(fields, field.path, value.value);
  }
  // Issue #31: a workbook that fills any verification row asks for it; an empty yes/no is no.
  // None filled (older workbooks): no `verification`, the study is DC only.
  const verification = fields.options.verification as Record<string, unknown> | undefined;
  if (verification !== undefined) {
    for (const field of VERIFICATION_FIELDS) {
      const key = field.path[field.path.length - 1]!;
      if (field.kind === 'yesNo' && verification[key] === undefined) verification[key] = false;
    }
  }
  return { fields, broken: table.broken };
}

/** Sets a field's value at its path (`options.verification.ac`), making the objects on the way. */
function setAt(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let node = target;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (typeof next === 'object' && next !== null) node = next as Record<string, unknown>;
    else node = node[key] = {};
  }
  node[path[path.length - 1]!] = value;
}

function convert(
  field: StudyFieldDef,
  raw: string | number,
): { ok: true; value: string | number | boolean } | { ok: false; detail: string } {
  switch (field.kind) {
    case 'yesNo': {
      const wanted = normalizeLabel(String(raw));
      const choice = (field.choices ?? []).find(
        (c) => normalizeLabel(c.label) === wanted || normalizeLabel(c.value) === wanted,
      );
      if (choice !== undefined) return { ok: true, value: choice.value === 'yes' };
      return { ok: false, detail: words.useOneOf((field.choices ?? []).map((c) => c.label)) };
    }
    case 'text':
      return { ok: true, value: String(raw) };
    case 'number': {
      const value = typeof raw === 'number' ? raw : parseLocaleNumber(raw);
      return value === null
        ? { ok: false, detail: studyProblemWords.cell.expectedNumber(String(raw)) }
        : { ok: true, value };
    }
    case 'choice': {
      const choices = field.choices ?? [];
      const wanted = normalizeLabel(String(raw));
      const choice = choices.find(
        (c) => normalizeLabel(c.label) === wanted || normalizeLabel(c.value) === wanted,
      );
      if (choice !== undefined) return { ok: true, value: choice.value };
      return { ok: false, detail: words.useOneOf(choices.map((c) => c.label)) };
    }
  }
}
