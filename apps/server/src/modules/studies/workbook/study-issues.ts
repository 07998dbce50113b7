import { studyProblemWords } from '@holgura/contracts';
import type { z } from 'zod';
import type { StudyPath } from './study-problem';

/**
 * The study schema words its main rules in Spanish; the rest (ranges of line parameters, enum
 * values, lists) fall back to zod's English. This error map, passed to `safeParse`, words those
 * in Spanish too; zod uses it only where the schema has no message of its own.
 */
const words = studyProblemWords.schema;
const LABELS = words.labels;

/** Record keys are area names, not fields: the record's own label applies. */
const RECORDS = new Set(['growth', 'demandMultipliers']);

const numbers = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 6 });

function labelFor(path: readonly PropertyKey[]): { label: string; plural?: true } {
  const parent = path[path.length - 2];
  if (typeof parent === 'string' && RECORDS.has(parent)) return LABELS[parent]!;
  const key = [...path]
    .reverse()
    .find((k): k is string => typeof k === 'string' && Object.hasOwn(LABELS, k));
  return LABELS[key ?? ''] ?? words.fallbackLabel;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const spanishStudyIssues: z.core.$ZodErrorMap = (issue) => {
  const path = issue.path ?? [];
  const { label, plural = false } = labelFor(path);
  const Label = capitalized(label);
  const key = path[0];
  if ((issue.code === 'too_small' || issue.code === 'too_big') && issue.origin === 'number') {
    if (key === 'growth') return words.growthRange;
    if (path[1] === 'distributionFactorCutoff') return words.cutoffRange;
  }
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return words.missing(label);
      return words.mustBe(
        Label,
        plural,
        words.beKind(words.kinds[issue.expected] ?? words.otherKind),
      );
    case 'too_small':
      return words.mustBe(
        Label,
        plural,
        bound(
          issue.origin,
          words.bounds.atLeast,
          words.bounds.greater,
          Number(issue.minimum),
          issue.inclusive,
        ),
      );
    case 'too_big':
      return words.mustBe(
        Label,
        plural,
        bound(
          issue.origin,
          words.bounds.atMost,
          words.bounds.less,
          Number(issue.maximum),
          issue.inclusive,
        ),
      );
    case 'invalid_value':
      return words.mustBe(Label, plural, words.oneOf(issue.values.map(String)));
    default:
      return words.invalid(Label, plural);
  }
};

function bound(
  origin: string,
  count: string,
  comparison: string,
  limit: number,
  inclusive: boolean | undefined,
): string {
  const n = numbers.format(limit);
  if (origin === 'string') return words.bounds.characters(count, n);
  if (origin === 'array' || origin === 'set') return words.bounds.elements(count, n);
  return words.bounds.number(comparison, inclusive ?? false, n);
}

type Found = { path: StudyPath; detail: string };

/**
 * The schema's problems, worded for a planner. Its cross-field rules (a `superRefine`: years in
 * order, scenarios and busbars not repeated, areas known) only run when every field is valid,
 * so a study with a bad year and a repeated scenario would hear about the year alone; and they
 * name the whole list for a repeated year or busbar. Those rules are therefore checked here
 * again on the raw input, element by element, and the schema's own reports of them dropped.
 * Keep `crossFieldProblems` in step with the `superRefine` of contracts' `studyFileSchema`.
 */
export function studyIssueProblems(error: z.ZodError | undefined, input: unknown): Found[] {
  if (error === undefined) return [];
  const fieldProblems = error.issues
    .filter((issue) => !isCrossFieldIssue(issue))
    .map((issue) => ({
      path: issue.path.map((k) => (typeof k === 'number' ? k : String(k))),
      detail: issue.message,
    }));
  return [...fieldProblems, ...crossFieldProblems(input)];
}

function isCrossFieldIssue(issue: z.core.$ZodIssue): boolean {
  if (issue.code !== 'custom') return false;
  const [first, index, field] = issue.path;
  return (
    (issue.path.length === 1 && (first === 'years' || first === 'busbars')) ||
    (issue.path.length === 2 && first === 'growth') ||
    (first === 'scenarios' &&
      typeof index === 'number' &&
      issue.path.length === 3 &&
      field === 'name') ||
    (first === 'scenarios' && issue.path.length === 4 && field === 'demandMultipliers')
  );
}

const crossField = studyProblemWords.crossField;

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : null);

function crossFieldProblems(input: unknown): Found[] {
  const study = asRecord(input);
  const found: Found[] = [];

  // Only the years the schema accepts: a year out of range is reported once, as such.
  const years = asList(study.years).map((y) =>
    typeof y === 'number' && Number.isInteger(y) && y >= 2000 && y <= 2100 ? y : null,
  );
  years.forEach((year, i) => {
    if (year === null) return;
    const earlier = years.slice(0, i).filter((y) => y !== null);
    if (earlier.includes(year)) {
      found.push({ path: ['years', i], detail: crossField.yearRepeated(year) });
    } else if (earlier.some((y) => y > year)) {
      const latest = Math.max(...earlier);
      found.push({ path: ['years', i], detail: crossField.yearsOutOfOrder(year, latest) });
    }
  });

  const scenarios = asList(study.scenarios).map(asRecord);
  const scenarioNames = scenarios.map((s) => trimmed(s.name)?.toLowerCase() ?? null);
  scenarioNames.forEach((name, i) => {
    if (name !== null && scenarioNames.indexOf(name) !== i) {
      const detail = crossField.scenarioRepeated(trimmed(scenarios[i]!.name)!);
      found.push({ path: ['scenarios', i, 'name'], detail });
    }
  });

  const areaNames = new Set(asList(study.areas).map((area) => trimmed(asRecord(area).name)));
  const checkArea = (name: string, path: StudyPath) => {
    if (!areaNames.has(name)) found.push({ path, detail: crossField.areaUnknown(name) });
  };
  for (const name of Object.keys(asRecord(study.growth))) checkArea(name, ['growth', name]);
  scenarios.forEach((scenario, i) => {
    for (const name of Object.keys(asRecord(scenario.demandMultipliers))) {
      checkArea(name, ['scenarios', i, 'demandMultipliers', name]);
    }
  });

  const busbars = asList(study.busbars);
  busbars.forEach((bus, i) => {
    if (typeof bus === 'number' && busbars.indexOf(bus) !== i) {
      found.push({ path: ['busbars', i], detail: crossField.busbarRepeated(bus) });
    }
  });
  return found;
}
