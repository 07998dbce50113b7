import type { Workbook } from 'exceljs';
import { studyProblemWords } from '@holgura/contracts';
import { roundDecimal } from './cell-values';
import { readSheetTable, type SheetRow, type SheetTable } from './sheet-table';
import { readStudySheet } from './study-sheet';
import { StudyLocator } from './study-locator';
import { cellRef, problemAt, type StudyProblem } from './study-problem';
import {
  areasSheet,
  branchesSheet,
  busbarsSheet,
  demandSheet,
  interchangesSheet,
  normalizeLabel,
  projectsSheet,
  type SheetDef,
  scenariosSheet,
  studySheet,
  unitsSheet,
  yearsSheet,
} from './workbook-format';

const words = studyProblemWords.references;

type Item = Record<string, unknown>;

/** The study as the sheets say it, before the schema: values may be missing or out of range. */
export interface StudyDraft extends Item {
  years: unknown[];
  areas: Item[];
  growth: Record<string, number>;
  scenarios: (Item & { demandMultipliers: Record<string, number>; interchanges: Item[] })[];
  projects: (Item & { branches: Item[]; units: Item[] })[];
  busbars: unknown[];
}

export interface AssembledStudy {
  draft: StudyDraft;
  locator: StudyLocator;
  /** Sheets whose rows were not read: problems that only follow from that are not reported. */
  brokenSheets: Set<string>;
}

/**
 * Names that other sheets refer to (areas, scenarios, projects), matched as headers are: "area 5"
 * finds 'Área 5' and the study gets the name as 'Áreas' spells it. `null` when the defining
 * sheet could not be read, so references to it are not reported as unknown.
 */
class NameIndex {
  private readonly byName = new Map<string, { index: number; name: string; row: number }>();
  constructor(
    readonly sheet: string,
    /** "El escenario", "El área", "El proyecto": how the problem names what is missing. */
    readonly noun: string,
  ) {}
  find(name: string) {
    return this.byName.get(normalizeLabel(name));
  }
  /** The row that already defines the name, if any. */
  add(name: string, index: number, row: number): number | null {
    const existing = this.find(name);
    if (existing !== undefined) return existing.row;
    this.byName.set(normalizeLabel(name), { index, name, row });
    return null;
  }
}

export function assembleStudy(workbook: Workbook, problems: StudyProblem[]): AssembledStudy {
  const locator = new StudyLocator();
  const draft: StudyDraft = {
    years: [],
    areas: [],
    growth: {},
    scenarios: [],
    projects: [],
    busbars: [],
  };
  const study = readStudySheet(workbook, locator, problems);
  Object.assign(draft, study.fields);
  const tables: SheetTable<string>[] = [];
  const read = <K extends string>(def: SheetDef<K>) => {
    const table = readSheetTable(workbook, def, problems);
    tables.push(table);
    return table;
  };

  const years = read(yearsSheet);
  locator.set(['years'], years.columnRef('year'));
  for (const row of years.rows) {
    locator.set(['years', draft.years.length], row.ref('year'));
    draft.years.push(row.values.year);
  }

  const areas = read(areasSheet);
  const areaIndex = areas.broken ? null : new NameIndex(areasSheet.name, words.nouns.area);
  locator.set(['areas'], cellRef(areasSheet.name, null, null));
  locator.set(['growth'], areas.columnRef('growth'));
  const areaIds = new Map<unknown, number>();
  for (const row of areas.rows) {
    const i = draft.areas.length;
    const { id, name, growth } = row.values;
    draft.areas.push({ id, name });
    locator.set(['areas', i], cellRef(areasSheet.name, row.row, null));
    locator.set(['areas', i, 'id'], row.ref('id'));
    locator.set(['areas', i, 'name'], row.ref('name'));
    if (id !== undefined) {
      const first = areaIds.get(id);
      if (first !== undefined) {
        problems.push(repeated(row, 'id', words.repeatedAreaId(String(id), first)));
      } else areaIds.set(id, row.row);
    }
    if (typeof name !== 'string') continue;
    const first = areaIndex?.add(name, i, row.row) ?? null;
    if (first !== null) {
      problems.push(repeated(row, 'name', words.repeatedArea(name, first)));
    } else if (typeof growth === 'number') {
      // Percent in the sheet, a fraction in the study file.
      draft.growth[name] = roundDecimal(growth / 100);
      locator.set(['growth', name], row.ref('growth'));
    }
  }

  const scenarios = read(scenariosSheet);
  const scenarioIndex = scenarios.broken
    ? null
    : new NameIndex(scenariosSheet.name, words.nouns.scenario);
  locator.set(['scenarios'], cellRef(scenariosSheet.name, null, null));
  for (const row of scenarios.rows) {
    const i = draft.scenarios.length;
    const { name, condition } = row.values;
    draft.scenarios.push({ name, condition, demandMultipliers: {}, interchanges: [] });
    locator.set(['scenarios', i], cellRef(scenariosSheet.name, row.row, null));
    locator.set(['scenarios', i, 'name'], row.ref('name'));
    locator.set(['scenarios', i, 'condition'], row.ref('condition'));
    // Repeated names are the schema's to report; references go to the first.
    if (typeof name === 'string') scenarioIndex?.add(name, i, row.row);
  }

  const demand = read(demandSheet);
  const demandRows = new Map<string, number>();
  for (const row of demand.rows) {
    const scenario = resolve(row, 'scenario', scenarioIndex, problems);
    const area = resolve(row, 'area', areaIndex, problems);
    const { multiplier } = row.values;
    if (scenario === null || area === null || typeof multiplier !== 'number') continue;
    const key = `${scenario.index}\u0000${area.name}`;
    const first = demandRows.get(key);
    if (first !== undefined) {
      problems.push(repeated(row, 'area', words.repeatedDemand(area.name, scenario.name, first)));
      continue;
    }
    demandRows.set(key, row.row);
    draft.scenarios[scenario.index]!.demandMultipliers[area.name] = multiplier;
    locator.set(
      ['scenarios', scenario.index, 'demandMultipliers', area.name],
      row.ref('multiplier'),
    );
  }

  const interchanges = read(interchangesSheet);
  for (const row of interchanges.rows) {
    const scenario = resolve(row, 'scenario', scenarioIndex, problems);
    if (scenario === null) continue;
    const list = draft.scenarios[scenario.index]!.interchanges;
    const path = ['scenarios', scenario.index, 'interchanges', list.length] as const;
    const { name, bus, mw } = row.values;
    list.push({ name, bus, mw });
    locator.set(path, cellRef(interchangesSheet.name, row.row, null));
    for (const key of ['name', 'bus', 'mw'] as const) locator.set([...path, key], row.ref(key));
  }

  const projects = read(projectsSheet);
  const projectIndex = projects.broken
    ? null
    : new NameIndex(projectsSheet.name, words.nouns.project);
  locator.set(['projects'], cellRef(projectsSheet.name, null, null));
  for (const row of projects.rows) {
    const i = draft.projects.length;
    const { name, inServiceYear } = row.values;
    draft.projects.push({ name, inServiceYear, branches: [], units: [] });
    locator.set(['projects', i], cellRef(projectsSheet.name, row.row, null));
    locator.set(['projects', i, 'name'], row.ref('name'));
    locator.set(['projects', i, 'inServiceYear'], row.ref('inServiceYear'));
    // Lines and units name their project: two projects with one name would be ambiguous.
    const first = typeof name === 'string' ? (projectIndex?.add(name, i, row.row) ?? null) : null;
    if (first !== null) {
      problems.push(repeated(row, 'name', words.repeatedProject(String(name), first)));
    }
  }

  for (const [def, field] of [
    [branchesSheet, 'branches'],
    [unitsSheet, 'units'],
  ] as const) {
    const table = read(def);
    for (const row of table.rows) {
      const project = resolve(row, 'project', projectIndex, problems);
      if (project === null) continue;
      const list = draft.projects[project.index]![field];
      const path = ['projects', project.index, field, list.length] as const;
      const { project: _project, ...item } = row.values;
      list.push(item);
      locator.set(path, cellRef(def.name, row.row, null));
      for (const column of def.columns) {
        if (column.key !== 'project') locator.set([...path, column.key], row.ref(column.key));
      }
    }
  }

  const busbars = read(busbarsSheet);
  locator.set(['busbars'], busbars.columnRef('bus'));
  for (const row of busbars.rows) {
    locator.set(['busbars', draft.busbars.length], row.ref('bus'));
    draft.busbars.push(row.values.bus);
  }

  const brokenSheets = new Set(tables.filter((t) => t.broken).map((t) => t.name));
  if (study.broken) brokenSheets.add(studySheet.name);
  return { draft, locator, brokenSheets };
}

function repeated<K extends string>(row: SheetRow<K>, key: K, detail: string): StudyProblem {
  return problemAt('STUDY_REFERENCE_INVALID', row.ref(key), detail);
}

/** The scenario, area or project a row names; a name not defined is a problem at its cell. */
function resolve<K extends string>(
  row: SheetRow<K>,
  key: K,
  index: NameIndex | null,
  problems: StudyProblem[],
): { index: number; name: string } | null {
  const name = row.values[key];
  if (index === null || name === undefined) return null;
  const found = index.find(String(name));
  if (found === undefined) {
    problems.push(
      problemAt(
        'STUDY_REFERENCE_INVALID',
        row.ref(key),
        words.notInSheet(index.noun, String(name), index.sheet),
      ),
    );
    return null;
  }
  return found;
}
