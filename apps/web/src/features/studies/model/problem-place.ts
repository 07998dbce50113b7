import { studyProblemWords, type StudyProblem } from '@holgura/contracts';
import { esStudies } from '../../../strings/es-studies';

const t = esStudies;

/**
 * The DOM id of a form field named by its study-file path (`scenarios.1.name`), so a problem
 * can take the focus to its field. Area names in record keys may hold any character.
 */
export function fieldId(path: string): string {
  return `estudio-${path.replace(/[^A-Za-z0-9-]/g, (c) => (c === '.' ? '--' : `_${c.charCodeAt(0).toString(36)}_`))}`;
}

/** Focuses the field of `path`, or the nearest enclosing field that has an element. */
export function focusField(path: string): boolean {
  const parts = path.split('.');
  for (let length = parts.length; length > 0; length--) {
    const element = document.getElementById(fieldId(parts.slice(0, length).join('.')));
    if (element !== null) {
      element.focus();
      return true;
    }
  }
  return false;
}

const nth = (segment: string | undefined) => Number(segment) + 1;

const LEAVES: Record<string, string> = {
  name: 'Nombre',
  condition: t.scenarios.condition,
  id: t.areas.columnNumber,
  bus: t.projects.bus,
  mw: t.scenarios.interchangeMw,
  inServiceYear: t.projects.inServiceYear,
  fromBus: t.projects.fromBus,
  toBus: t.projects.toBus,
  circuit: t.projects.circuit,
  rPu: t.projects.rPu,
  xPu: t.projects.xPu,
  bPu: t.projects.bPu,
  rateAMva: t.projects.rateAMva,
  rateBMva: t.projects.rateBMva,
  pMaxMw: t.projects.pMaxMw,
  pMinMw: t.projects.pMinMw,
  pMw: t.projects.pMw,
  tmaxMw: t.options.tmaxMw,
  postContingencyRating: t.options.rating,
  distributionFactorCutoff: t.options.cutoff,
  preExistingViolations: t.options.preExisting,
  ac: t.options.ac,
  shortCircuit: t.options.shortCircuit,
  scrMin: t.options.scrMin,
  xdPu: t.options.xdPu,
};

const leaf = (key: string | undefined) => (key === undefined ? null : (LEAVES[key] ?? key));

/** A study-file path in the form's words: `scenarios.1.name` → «Escenario 2 › Nombre». */
export function fieldLabel(path: string): string {
  const [head, a, b, c, d] = path.split('.');
  const parts: (string | null)[] = [];
  switch (head) {
    case 'name':
      parts.push(t.general.name);
      break;
    case 'description':
      parts.push(t.general.description);
      break;
    case 'networkLabel':
      parts.push(t.general.networkLabel);
      break;
    case 'years':
      parts.push(a === undefined ? t.years.title.replace(/^\d+\. /, '') : t.years.year(nth(a)));
      break;
    case 'areas':
      parts.push(a === undefined ? 'Áreas' : `Área ${nth(a)}`, leaf(b));
      break;
    case 'growth':
      parts.push(`Crecimiento anual de ${path.slice('growth.'.length)}`);
      break;
    case 'scenarios':
      parts.push(a === undefined ? 'Escenarios' : t.scenarios.legend(nth(a)));
      if (b === 'demandMultipliers') {
        parts.push(t.scenarios.multiplier(path.split('.').slice(3).join('.')));
      } else if (b === 'interchanges') {
        parts.push(c === undefined ? t.scenarios.interchanges : `Intercambio ${nth(c)}`, leaf(d));
      } else parts.push(leaf(b));
      break;
    case 'projects':
      parts.push(a === undefined ? 'Proyectos' : t.projects.legend(nth(a)));
      if (b === 'branches') {
        parts.push(c === undefined ? t.projects.branches : t.projects.branch(nth(c)), leaf(d));
      } else if (b === 'units') {
        parts.push(c === undefined ? t.projects.units : t.projects.unit(nth(c)), leaf(d));
      } else parts.push(leaf(b));
      break;
    case 'busbars':
      parts.push(a === undefined ? 'Barras candidatas' : `Barra candidata ${nth(a)}`);
      break;
    case 'options':
      parts.push(leaf(a) ?? 'Opciones');
      if (a === 'verification') parts.splice(-1, 1, t.options.verification, leaf(b));
      break;
    default:
      parts.push(path);
  }
  return parts.filter((part): part is string => part !== null).join(' › ');
}

/** What the problem list shows: where (field in the form's words, or the workbook's cell) and what. */
export function describeProblem(problem: StudyProblem): {
  place: string | null;
  text: string;
  field: string | null;
} {
  if (problem.sheet !== null) {
    // The server's sentence starts with the place: «Hoja «Barras», fila 4, celda A4: …».
    const split = problem.message.indexOf(': ');
    if (problem.message.startsWith(studyProblemWords.place.sheet(problem.sheet)) && split > 0) {
      return {
        place: problem.message.slice(0, split),
        text: problem.message.slice(split + 2),
        field: null,
      };
    }
    return {
      place: t.problems.cell(problem.sheet, problem.row, problem.cell),
      text: problem.message,
      field: null,
    };
  }
  if (problem.field !== null) {
    const prefix = `${problem.field}: `;
    const text = problem.message.startsWith(prefix)
      ? problem.message.slice(prefix.length)
      : problem.message;
    return { place: fieldLabel(problem.field), text, field: problem.field };
  }
  return { place: null, text: problem.message, field: null };
}
