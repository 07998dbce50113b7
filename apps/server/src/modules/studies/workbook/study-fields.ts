/**
 * The rows of the 'Estudio' sheet: the study's general fields and options, one per row, with
 * the Spanish words for the options' values (contracts' studyWorkbookWords).
 */
import { studyWorkbookWords } from '@holgura/contracts';

export interface Choice {
  value: string;
  label: string;
}

const choices = studyWorkbookWords.choices;
const fields = studyWorkbookWords.fields;

export const RATING_CHOICES: readonly Choice[] = (['A', 'B', 'C', 'emergency'] as const).map(
  (value) => ({ value, label: choices.postContingencyRating[value] }),
);

export const PRE_EXISTING_CHOICES: readonly Choice[] = (['limit', 'ignore'] as const).map(
  (value) => ({ value, label: choices.preExistingViolations[value] }),
);

/** A yes/no field: read as a boolean (issue #31's checks). */
export const YES_NO_CHOICES: readonly Choice[] = (['yes', 'no'] as const).map((value) => ({
  value,
  label: choices.yesNo[value],
}));

export type StudyFieldKey =
  | 'name'
  | 'description'
  | 'networkLabel'
  | 'tmaxMw'
  | 'postContingencyRating'
  | 'distributionFactorCutoff'
  | 'preExistingViolations'
  | 'verificationAc'
  | 'verificationShortCircuit'
  | 'scrMin'
  | 'xdPu'
  | 'baseCase';

export interface StudyFieldDef {
  key: StudyFieldKey;
  label: string;
  kind: 'text' | 'number' | 'choice' | 'yesNo';
  choices?: readonly Choice[];
  path: readonly string[];
  /** What the instructions sheet says about it. */
  help: string;
}

/** The rows of 'Estudio', in order; label and help are contracts' studyWorkbookWords.fields. */
export const STUDY_FIELDS: readonly StudyFieldDef[] = (
  [
    { key: 'name', kind: 'text', path: ['name'] },
    { key: 'description', kind: 'text', path: ['description'] },
    { key: 'networkLabel', kind: 'text', path: ['networkLabel'] },
    { key: 'tmaxMw', kind: 'number', path: ['options', 'tmaxMw'] },
    {
      key: 'postContingencyRating',
      kind: 'choice',
      choices: RATING_CHOICES,
      path: ['options', 'postContingencyRating'],
    },
    {
      key: 'distributionFactorCutoff',
      kind: 'number',
      path: ['options', 'distributionFactorCutoff'],
    },
    {
      key: 'preExistingViolations',
      kind: 'choice',
      choices: PRE_EXISTING_CHOICES,
      path: ['options', 'preExistingViolations'],
    },
    {
      key: 'verificationAc',
      kind: 'yesNo',
      choices: YES_NO_CHOICES,
      path: ['options', 'verification', 'ac'],
    },
    {
      key: 'verificationShortCircuit',
      kind: 'yesNo',
      choices: YES_NO_CHOICES,
      path: ['options', 'verification', 'shortCircuit'],
    },
    { key: 'scrMin', kind: 'number', path: ['options', 'verification', 'scrMin'] },
    { key: 'xdPu', kind: 'number', path: ['options', 'verification', 'xdPu'] },
    { key: 'baseCase', kind: 'text', path: ['baseCase'] },
  ] as const satisfies readonly Omit<StudyFieldDef, 'label' | 'help'>[]
).map((field) => ({ ...field, ...fields[field.key] }));

/** Issue #31: the rows of `options.verification`; all empty, the study is DC only. */
export const VERIFICATION_FIELDS = STUDY_FIELDS.filter((field) => field.path[1] === 'verification');

/** The value at a field's path in a (partial) study file. */
export function valueAt(study: unknown, path: readonly string[]): unknown {
  let value = study;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}
