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
  const key = [...path].reverse().find((k): k is string => typeof k === 'string' && k in LABELS);
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

/**
 * The schema reports repeated years and busbars on the whole list; a planner needs the element.
 * Those issues become one per offending element, the rest stay as they are.
 */
export function issueProblems(
  issue: z.core.$ZodIssue,
  input: unknown,
): { path: StudyPath; detail: string }[] {
  const path = issue.path.map((k) => (typeof k === 'number' ? k : String(k)));
  const list = (input as Record<string, unknown> | null)?.[String(path[0])];
  if (issue.code !== 'custom' || path.length !== 1 || !Array.isArray(list)) {
    return [{ path, detail: issue.message }];
  }
  const found: { path: StudyPath; detail: string }[] = [];
  list.forEach((value: unknown, i) => {
    const earlier = list.slice(0, i);
    if (earlier.includes(value)) {
      const detail =
        path[0] === 'years' ? `El año ${value} está repetido` : `La barra ${value} está repetida`;
      found.push({ path: [path[0]!, i], detail });
    } else if (path[0] === 'years' && i > 0 && (value as number) < (list[i - 1] as number)) {
      found.push({
        path: ['years', i],
        detail: `Los años deben ir en orden creciente: ${value} va después de ${list[i - 1]}`,
      });
    }
  });
  return found.length > 0 ? found : [{ path, detail: issue.message }];
}
