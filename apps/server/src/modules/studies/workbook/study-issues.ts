import type { z } from 'zod';
import type { StudyPath } from './study-problem';

/**
 * The study schema words its main rules in Spanish; the rest (ranges of line parameters, enum
 * values, lists) fall back to zod's English. This error map, passed to `safeParse`, words those
 * in Spanish too; zod uses it only where the schema has no message of its own.
 */
const LABELS: Record<string, { label: string; plural?: true }> = {
  '': { label: 'el estudio' },
  name: { label: 'el nombre' },
  description: { label: 'la descripción' },
  networkLabel: { label: 'la descripción de la red' },
  baseCase: { label: 'el archivo del caso base' },
  years: { label: 'los años', plural: true },
  areas: { label: 'las áreas', plural: true },
  id: { label: 'el número de área' },
  growth: { label: 'el crecimiento anual' },
  scenarios: { label: 'los escenarios', plural: true },
  condition: { label: 'la condición' },
  demandMultipliers: { label: 'los multiplicadores de demanda', plural: true },
  interchanges: { label: 'los intercambios', plural: true },
  mw: { label: 'los MW del intercambio', plural: true },
  bus: { label: 'el número de barra' },
  projects: { label: 'los proyectos', plural: true },
  inServiceYear: { label: 'el año de entrada' },
  branches: { label: 'las líneas del proyecto', plural: true },
  units: { label: 'las unidades del proyecto', plural: true },
  fromBus: { label: 'la barra desde' },
  toBus: { label: 'la barra hasta' },
  circuit: { label: 'el circuito' },
  rPu: { label: 'la resistencia R (pu)' },
  xPu: { label: 'la reactancia X (pu)' },
  bPu: { label: 'la susceptancia B (pu)' },
  rateAMva: { label: 'la capacidad A (MVA)' },
  rateBMva: { label: 'la capacidad B (MVA)' },
  pMaxMw: { label: 'la potencia máxima Pmáx (MW)' },
  pMinMw: { label: 'la potencia mínima Pmín (MW)' },
  pMw: { label: 'la potencia de despacho P (MW)' },
  busbars: { label: 'las barras', plural: true },
  options: { label: 'las opciones', plural: true },
  tmaxMw: { label: 'el tope de capacidad' },
  postContingencyRating: { label: 'la capacidad poscontingencia' },
  distributionFactorCutoff: { label: 'el corte del factor de distribución' },
  preExistingViolations: { label: 'la opción de violaciones existentes' },
};

/** Record keys are area names, not fields: the record's own label applies. */
const RECORDS = new Set(['growth', 'demandMultipliers']);

const numbers = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 6 });

function labelFor(path: readonly PropertyKey[]): { label: string; plural?: true } {
  const parent = path[path.length - 2];
  if (typeof parent === 'string' && RECORDS.has(parent)) return LABELS[parent]!;
  const key = [...path]
    .reverse()
    .find((k): k is string => typeof k === 'string' && Object.hasOwn(LABELS, k));
  return LABELS[key ?? ''] ?? { label: 'el valor' };
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const spanishStudyIssues: z.core.$ZodErrorMap = (issue) => {
  const path = issue.path ?? [];
  const { label, plural } = labelFor(path);
  const Label = capitalized(label);
  const must = plural ? 'deben' : 'debe';
  const key = path[0];
  if ((issue.code === 'too_small' || issue.code === 'too_big') && issue.origin === 'number') {
    if (key === 'growth') return 'El crecimiento anual debe estar entre -50 % y 50 %';
    if (path[1] === 'distributionFactorCutoff') {
      return 'El corte del factor de distribución debe estar entre 0 y 1';
    }
  }
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return `Falta ${label}`;
      return `${Label} ${must} ser ${KINDS[issue.expected] ?? 'de otro tipo'}`;
    case 'too_small':
      return `${Label} ${must} ${bound(issue.origin, 'al menos', 'mayor', Number(issue.minimum), issue.inclusive)}`;
    case 'too_big':
      return `${Label} ${must} ${bound(issue.origin, 'como máximo', 'menor', Number(issue.maximum), issue.inclusive)}`;
    case 'invalid_value':
      return `${Label} ${must} ser uno de estos valores: ${issue.values.map(String).join(', ')}`;
    default:
      return `${Label} no ${plural ? 'son válidos' : 'es válido'}`;
  }
};

const KINDS: Record<string, string> = {
  number: 'un número',
  string: 'un texto',
  array: 'una lista',
  object: 'un objeto',
  record: 'un objeto',
};

function bound(
  origin: string,
  count: string,
  comparison: string,
  limit: number,
  inclusive: boolean | undefined,
): string {
  const n = numbers.format(limit);
  if (origin === 'string') return `tener ${count} ${n} caracteres`;
  if (origin === 'array' || origin === 'set') return `tener ${count} ${n} elementos`;
  return `ser ${comparison} ${inclusive ? 'o igual ' : ''}que ${n}`;
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
      found.push({ path: ['years', i], detail: `El año ${year} está repetido` });
    } else if (earlier.some((y) => y > year)) {
      const latest = Math.max(...earlier);
      found.push({
        path: ['years', i],
        detail: `Los años deben ir en orden creciente: ${year} está después de ${latest}`,
      });
    }
  });

  const scenarios = asList(study.scenarios).map(asRecord);
  const scenarioNames = scenarios.map((s) => trimmed(s.name)?.toLowerCase() ?? null);
  scenarioNames.forEach((name, i) => {
    if (name !== null && scenarioNames.indexOf(name) !== i) {
      const detail = `El escenario "${trimmed(scenarios[i]!.name)}" está repetido`;
      found.push({ path: ['scenarios', i, 'name'], detail });
    }
  });

  const areaNames = new Set(asList(study.areas).map((area) => trimmed(asRecord(area).name)));
  const checkArea = (name: string, path: StudyPath) => {
    if (!areaNames.has(name)) found.push({ path, detail: `El área "${name}" no está en areas` });
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
      found.push({ path: ['busbars', i], detail: `La barra ${bus} está repetida` });
    }
  });
  return found;
}
