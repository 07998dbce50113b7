import {
  studyDetailSchema,
  studyListItemSchema,
  type StudyBusbarResult,
  type StudyCaseResult,
  type StudyDetail,
  type StudyListItem,
} from '@holgura/contracts';

/** A busbar result of a study case (N-1 limited unless told otherwise). */
export function busbarResult(over: Partial<StudyBusbarResult> = {}): StudyBusbarResult {
  return {
    bus: 10,
    name: 'ODESSA',
    caseId: 'c-10',
    capacityMw: 412.36,
    tmaxMw: 2000,
    limitingBranch: 3,
    limitingElement: 'ODESSA-MIDLAND',
    contingencyBranch: 9,
    contingency: 'WACO-TEMPLE',
    preExistingViolation: false,
    ...over,
  };
}

/** A scenario × year case named `<escenario>_<año>` with its busbars. */
export function studyCase(
  scenario: string,
  year: number,
  busbars: StudyBusbarResult[],
  over: Partial<StudyCaseResult> = {},
): StudyCaseResult {
  return {
    caseId: `s-${scenario}-${year}`,
    name: `${scenario}_${year}`,
    scenario,
    year,
    condition: `Condición ${scenario}`,
    projectsInService: year >= 2028 ? ['Segundo circuito WACO-TEMPLE'] : [],
    interchanges:
      scenario === 'alta' ? [{ name: 'Exportación a Ecuador', busNumber: 7, mw: 150 }] : [],
    contingencies: 3206,
    busbars,
    ...over,
  };
}

const minimalStudyFile = {
  name: 'Estudio',
  description: '',
  networkLabel: 'Red sintética ACTIVSg2000',
  years: [2027, 2028],
  areas: [{ id: 1, name: 'Área 1' }],
  growth: {},
  scenarios: [
    { name: 'alta', condition: 'Condición alta', demandMultipliers: {}, interchanges: [] },
    { name: 'baja', condition: 'Condición baja', demandMultipliers: {}, interchanges: [] },
  ],
  projects: [],
  busbars: [10],
  options: {
    tmaxMw: 2000,
    postContingencyRating: 'emergency',
    distributionFactorCutoff: 0.01,
    preExistingViolations: 'limit',
  },
};

/** A list entry: the demo (`demo`) or a user's study, done with version 1's results. */
export function studyItem(over: Partial<StudyListItem> = {}): StudyListItem {
  return studyListItemSchema.parse({
    studyId: 'demo',
    name: 'Estudio de demostración ACTIVSg2000',
    networkLabel: 'Red sintética ACTIVSg2000',
    state: 'done',
    version: 1,
    resultsVersion: 1,
    jobId: null,
    progressPercent: 100,
    stage: null,
    error: null,
    scenarios: 2,
    years: [2027, 2028],
    busbars: 12,
    baseCaseId: null,
    contingencySet: null,
    baseFileName: 'case_ACTIVSg2000.m',
    createdAt: '2026-11-22T00:00:00.000Z',
    updatedAt: '2026-11-22T00:00:00.000Z',
    isDemo: true,
    ...over,
  });
}

/** `GET /api/studies/{id}` of `item` with `cases`. */
export function studyDetail(item: StudyListItem, cases: StudyCaseResult[]): StudyDetail {
  return studyDetailSchema.parse({
    ...item,
    description: '',
    study: { ...minimalStudyFile, name: item.name, networkLabel: item.networkLabel },
    cases,
  });
}
