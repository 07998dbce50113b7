import { DEFAULT_STUDY_VERIFICATION, type StudyFile } from '@holgura/contracts';

/**
 * The form holds the study file itself (contracts' `studyFileSchema` validates it as is), so a
 * problem the server names by field (`scenarios.1.name`) is the form's own field name. The base
 * case travels beside it, not in it.
 */
export type StudyFormValues = Omit<StudyFile, 'baseCase'>;
export type ScenarioValues = StudyFormValues['scenarios'][number];
export type ProjectValues = StudyFormValues['projects'][number];
export type BranchValues = ProjectValues['branches'][number];
export type UnitValues = ProjectValues['units'][number];
export type InterchangeValues = ScenarioValues['interchanges'][number];

/**
 * The study file's defaults (contracts' studyFileSchema): the attributable figure first, as in
 * /analisis (issue #25), with the strict one beside it in the results. A new study checks each
 * figure in AC and against the weak grid (issue #31; a file without `verification` is DC only).
 */
export const DEFAULT_OPTIONS: StudyFormValues['options'] = {
  tmaxMw: 2000,
  postContingencyRating: 'emergency',
  distributionFactorCutoff: 0.01,
  preExistingViolations: 'ignore',
  slack: 'distributed',
  verification: { ...DEFAULT_STUDY_VERIFICATION },
};

/**
 * A number input the user left empty holds null (react-hook-form would show the field's default
 * value again for undefined); `withoutNulls` turns it back into a missing value before the
 * schema reads the form, so a field with a default takes it and a required one is refused.
 */
const blank = null as unknown as number;

export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value))
    return value.map((item) => (item === null ? undefined : withoutNulls(item)));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item !== null) out[key] = withoutNulls(item);
  }
  return out;
}

export const emptyScenario = (): ScenarioValues => ({
  name: '',
  condition: '',
  demandMultipliers: {},
  interchanges: [],
});

export const emptyInterchange = (): InterchangeValues => ({ name: '', bus: blank, mw: blank });

export const emptyProject = (year: number | undefined): ProjectValues => ({
  name: '',
  inServiceYear: year ?? blank,
  branches: [],
  units: [],
});

export const emptyBranch = (): BranchValues => ({
  fromBus: blank,
  toBus: blank,
  circuit: '1',
  rPu: 0,
  xPu: blank,
  bPu: 0,
  rateAMva: blank,
  rateBMva: 0,
});

export const emptyUnit = (): UnitValues => ({ bus: blank, pMaxMw: blank, pMinMw: 0, pMw: 0 });

export function emptyStudy(): StudyFormValues {
  return {
    name: '',
    description: '',
    networkLabel: '',
    years: [],
    areas: [],
    growth: {},
    scenarios: [emptyScenario()],
    projects: [],
    busbars: [],
    options: structuredClone(DEFAULT_OPTIONS),
  };
}

/** A stored or uploaded study as form values (its `baseCase` path is for the CLI only). */
export function studyToFormValues(study: StudyFile): StudyFormValues {
  const { baseCase: _baseCase, ...values } = study;
  return structuredClone(values);
}

/** The year a new one after `years` would be: the next one, or next calendar year. */
export function nextYear(years: readonly (number | undefined)[], today = new Date()): number {
  const known = years.filter((y): y is number => typeof y === 'number' && Number.isFinite(y));
  return known.length === 0 ? today.getFullYear() + 1 : Math.max(...known) + 1;
}

/** A record keyed by area name with one key renamed (an area renamed in the form). */
export function renameKey<T>(
  record: Readonly<Record<string, T>>,
  from: string,
  to: string,
): Record<string, T> {
  if (from === to || !Object.hasOwn(record, from)) return { ...record };
  const next: Record<string, T> = {};
  for (const [key, value] of Object.entries(record)) next[key === from ? to : key] = value;
  return next;
}

/** A record with `key` set, or removed when `value` is undefined (an emptied input). */
export function withKey<T>(
  record: Readonly<Record<string, T>>,
  key: string,
  value: T | undefined,
): Record<string, T> {
  const next = { ...record };
  if (value === undefined) delete next[key];
  else next[key] = value;
  return next;
}
