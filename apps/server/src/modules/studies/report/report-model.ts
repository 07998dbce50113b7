import {
  DEMO_STUDY_ID,
  reportWords,
  type NetworkViewV1,
  type StudyDetail,
  type StudyFile,
  type StudyLimitingVariable,
  type StudyShortCircuit,
} from '@holgura/contracts';
import { fileSlug } from '../../export/export-table';
import { bogotaDateTime, esNumber } from '../../report/report-text';

const w = reportWords;

/** A candidate busbar as the report names it: «NOMBRE (número, kV)». */
export interface ReportBusbar {
  bus: number;
  name: string;
  /** From the study's stored network view; null when it is not stored. */
  baseKv: number | null;
  label: string;
}

/** What sets a figure: an element (with its contingency), the study's cap, or the sink's room. */
export type ReportLimit = 'element' | 'cap' | 'sink-room';

/** One busbar in one scenario × year case: the figure /resultados shows on its card. */
export interface ReportFigure {
  bus: number;
  caseName: string;
  scenario: string;
  year: number;
  /** «Capacidad»: the least of the DC (or AC) and weak-grid figures; the DC one unchecked. */
  capacityMw: number;
  /** The DC thermal figure. */
  dcMw: number;
  /** Issue #31, when the study asks for it; null: DC only. */
  verification: {
    /** null: AC not asked. */
    acMw: number | null;
    /** null: not asked, or the case has no short-circuit figure. */
    weakGridMw: number | null;
    sccMinMva: number | null;
    variable: StudyLimitingVariable | null;
    /** What stops the AC flow just above acMw; null when AC confirms the DC figure. */
    acLimiting: {
      variable: string;
      elementName: string | null;
      contingencyName: string | null;
    } | null;
  } | null;
  tmaxMw: number;
  limit: ReportLimit;
  /** The monitored element; null unless `limit` is 'element'. */
  limitingElement: string | null;
  /** The contingency (SOBRECARGA RED COMPLETA for N-0); null unless `limit` is 'element'. */
  contingency: string | null;
  preExistingViolation: boolean;
  acCheck: 'agrees' | 'differs' | 'not-converged' | null;
}

export interface ReportCase {
  name: string;
  scenario: string;
  year: number;
  condition: string;
  projectsInService: string[];
}

/** The study's base network, drawn once: bus positions and branches between bus indices. */
export interface ReportMap {
  layout: NetworkViewV1['layout'];
  x: number[];
  y: number[];
  /** Bus indices (into x and y) of each in-service branch's ends. */
  from: number[];
  to: number[];
  /** Index of each candidate busbar's bus, in the order of `StudyReport.busbars` (-1: absent). */
  busbarIndex: number[];
}

/**
 * Everything a study's report shows, plain data (it crosses to the report thread): the study
 * as GET /api/studies/{id} gives it — the same figures /resultados shows — with each busbar's
 * voltage and the map from its stored network view, and the moment it was generated.
 */
export interface StudyReport {
  /** ISO; the files' metadata. */
  generatedAt: string;
  /** es-CO, Bogotá time: «5 de marzo de 2026, 3:04 p. m.». */
  generatedText: string;
  studyId: string;
  name: string;
  description: string;
  networkLabel: string;
  /** The demo study, or a network its label calls synthetic: the report says so up front. */
  synthetic: boolean;
  isDemo: boolean;
  baseFileName: string;
  resultsVersion: number;
  /** The study file of the version shown: inputs and options. */
  study: StudyFile;
  busbars: ReportBusbar[];
  cases: ReportCase[];
  /** Issue #31: whether the study checks its figures beyond DC (the extra columns). */
  verified: boolean;
  /** Each case's short-circuit computation, by case name, when the study asks for it. */
  shortCircuit: Record<string, StudyShortCircuit>;
  /** Busbar by busbar in the study's order, then scenario and year in the study's order. */
  figures: ReportFigure[];
  map: ReportMap | null;
  /** ASCII file name without extension. */
  fileStem: string;
}

/** A label the user wrote that calls the network synthetic (Spanish or English). */
const SYNTHETIC = /sint[ée]tic|synthetic/i;

/** Below this the figure equals the cap (stored figures are exact copies of it). */
const AT_CAP_TOLERANCE_MW = 1e-6;

export function studyReportModel(
  detail: StudyDetail,
  network: NetworkViewV1 | null,
  generatedAt: Date,
): StudyReport {
  const { study } = detail;
  const busIndex = new Map<number, number>();
  network?.buses.number.forEach((number, index) => busIndex.set(number, index));

  const namesFromResults = new Map<number, string>();
  for (const item of detail.cases) {
    for (const busbar of item.busbars) namesFromResults.set(busbar.bus, busbar.name);
  }
  const busbars = study.busbars.map((bus): ReportBusbar => {
    const index = busIndex.get(bus);
    const name =
      namesFromResults.get(bus) ??
      (index === undefined ? `B${bus}` : (network!.buses.name[index] ?? `B${bus}`));
    const baseKv = index === undefined ? null : (network!.buses.baseKv[index] ?? null);
    const kv = baseKv === null || baseKv <= 0 ? null : esNumber(baseKv, 2);
    return { bus, name, baseKv, label: w.busbar(name, bus, kv) };
  });

  const scenarioRank = new Map(study.scenarios.map((s, i) => [s.name, i]));
  const busRank = new Map(study.busbars.map((bus, i) => [bus, i]));
  const cases: ReportCase[] = detail.cases.map((item) => ({
    name: item.name,
    scenario: item.scenario,
    year: item.year,
    condition: item.condition,
    projectsInService: item.projectsInService,
  }));
  const figures = detail.cases.flatMap((item) =>
    item.busbars.map((busbar): ReportFigure => {
      const limited = busbar.limitingElement !== null;
      const limit: ReportLimit = limited
        ? 'element'
        : busbar.capacityMw >= busbar.tmaxMw - AT_CAP_TOLERANCE_MW
          ? 'cap'
          : 'sink-room';
      const v = busbar.verification;
      return {
        bus: busbar.bus,
        caseName: item.name,
        scenario: item.scenario,
        year: item.year,
        capacityMw: v?.capacityMw ?? busbar.capacityMw,
        dcMw: busbar.capacityMw,
        verification:
          v === undefined
            ? null
            : {
                acMw: v.acMw,
                weakGridMw: v.weakGridMw,
                sccMinMva: v.sccMinMva,
                variable: v.limitingVariable,
                acLimiting: v.acLimiting,
              },
        tmaxMw: busbar.tmaxMw,
        limit,
        limitingElement: limited ? busbar.limitingElement : null,
        contingency: limited ? (busbar.contingency ?? w.fullNetwork) : null,
        preExistingViolation: busbar.preExistingViolation,
        acCheck: busbar.acCheck ?? null,
      };
    }),
  );
  figures.sort(
    (a, b) =>
      (busRank.get(a.bus) ?? Infinity) - (busRank.get(b.bus) ?? Infinity) ||
      a.bus - b.bus ||
      (scenarioRank.get(a.scenario) ?? Infinity) - (scenarioRank.get(b.scenario) ?? Infinity) ||
      a.year - b.year,
  );

  return {
    generatedAt: generatedAt.toISOString(),
    generatedText: bogotaDateTime(generatedAt),
    studyId: detail.studyId,
    name: detail.name,
    description: detail.description,
    networkLabel: detail.networkLabel,
    synthetic: detail.isDemo || SYNTHETIC.test(detail.networkLabel),
    isDemo: detail.isDemo,
    baseFileName: detail.baseFileName,
    resultsVersion: detail.resultsVersion ?? detail.version,
    study,
    busbars,
    cases,
    verified: figures.some((f) => f.verification !== null),
    shortCircuit: Object.fromEntries(
      detail.cases.flatMap((item) =>
        item.shortCircuit === undefined ? [] : [[item.name, item.shortCircuit] as const],
      ),
    ),
    figures,
    map: network === null ? null : reportMap(network, busbars, busIndex),
    fileStem: w.fileStem(
      detail.studyId === DEMO_STUDY_ID ? 'estudio-demostracion' : fileSlug(detail.name),
    ),
  };
}

function reportMap(
  network: NetworkViewV1,
  busbars: readonly ReportBusbar[],
  busIndex: ReadonlyMap<number, number>,
): ReportMap {
  const from: number[] = [];
  const to: number[] = [];
  const { branches } = network;
  for (let k = 0; k < branches.from.length; k++) {
    if (!branches.inService[k]) continue;
    const a = busIndex.get(branches.from[k]!);
    const b = busIndex.get(branches.to[k]!);
    if (a === undefined || b === undefined || a === b) continue;
    from.push(a);
    to.push(b);
  }
  return {
    layout: network.layout,
    x: network.buses.x,
    y: network.buses.y,
    from,
    to,
    busbarIndex: busbars.map(({ bus }) => busIndex.get(bus) ?? -1),
  };
}
