import {
  sharedWords,
  studyVerificationWords,
  type StudyLimitingVariable,
  type StudyShortCircuitStatus,
  type StatsResponse,
  type StudyBusbarResult,
  type StudyCaseResult,
  type StudyDetail,
  reachesCap,
} from '@holgura/contracts';
import { es } from '../../strings/es';
import { busLabel } from '../../utils/format';

/** Spec §3: a case family (one busbar of the study), derived from the study's cases. */
export type Family = {
  familyId: string;
  familyName: string;
  caseCount: number;
  cases: { caseId: string; caseName: string }[];
};

/** Compares family ids numerically when both are numbers (bus numbers), else as text. */
function compareIds(a: string, b: string): number {
  const x = Number(a);
  const y = Number(b);
  if (a.trim() !== '' && b.trim() !== '' && Number.isFinite(x) && Number.isFinite(y)) return x - y;
  return a.localeCompare(b, 'es');
}

/**
 * Spec §3: one family per busbar (familyId = bus number, familyName = bus name, docs/analysis.md
 * §6), its cases the study's scenario × year cases that have the busbar; sorted by familyId.
 */
export function studyFamilies(cases: readonly StudyCaseResult[]): Family[] {
  const byId = new Map<string, Family>();
  for (const item of cases) {
    for (const busbar of item.busbars) {
      const familyId = String(busbar.bus);
      let family = byId.get(familyId);
      if (family === undefined) {
        family = { familyId, familyName: busbar.name, caseCount: 0, cases: [] };
        byId.set(familyId, family);
      }
      family.cases.push({ caseId: busbar.caseId, caseName: item.name });
      family.caseCount += 1;
    }
  }
  return [...byId.values()].sort((a, b) => compareIds(a.familyId, b.familyId));
}

/**
 * Spec §5 card rules: the year is the second part of the case name split at '_' when numeric,
 * otherwise the current year; the scenario is the first part, or 'desconocido'.
 */
export function scenarioAndYear(
  caseName: string,
  currentYear = new Date().getFullYear(),
): { scenario: string; year: number } {
  const parts = caseName.split('_');
  const first = parts[0]?.trim() ?? '';
  const second = parts[1]?.trim() ?? '';
  const year = /^\d+$/.test(second) ? Number(second) : currentYear;
  return { scenario: first === '' ? es.resultsDemo.results.unknownScenario : first, year };
}

/** Spec §3 case result card (one busbar in one scenario × year case of the study). */
export type ResultCard = {
  /** The stored busbar case: `GET /api/cases/{id}/data` has its generators. */
  id: string;
  caseName: string;
  familyId: string;
  busNumber: number;
  barra: string;
  /** «NOMBRE (número, kV)» (issue #29); «NOMBRE (número)» on results stored without the kV. */
  barraEtiqueta: string;
  /** «Capacidad»: the least of the DC (or AC) and weak-grid figures; the DC one unchecked. */
  capacidad: number;
  /** The DC thermal figure. */
  capacidadDc: number;
  /** Issue #31: the checks beyond DC, when the study asks for them; null: DC only. */
  verificacion: CardVerification | null;
  elementoLimitante: string | null;
  contingencia: string | null;
  scenario: string;
  anio: number;
  condicion: string;
  /** No element limits the connection: the study's cap (Tmax) binds. */
  capReached: boolean;
  /**
   * No element limits it and it stays below the cap: the compensating generation's room (down to
   * its Pmin) is what binds (issue #25), not the study's cap.
   */
  sinkRoomReached: boolean;
  preExistingViolation: boolean;
  tmaxMw: number;
};

/** A card's figures beyond DC thermal (issue #31). */
export type CardVerification = {
  variable: StudyLimitingVariable | null;
  /** «tensión en BARRA tras LÍNEA»; null when AC confirms the DC figure or was not run. */
  limiteAc: string | null;
  /** null: AC not asked. */
  ac: number | null;
  /** Outages checked in AC besides N-0; null: AC not asked. */
  acContingencias: number | null;
  /** null: see `cortocircuito`. */
  redDebil: number | null;
  /**
   * The case's short-circuit computation: null — not asked; otherwise its status ('unavailable',
   * 'placeholder': no figure, and why).
   */
  cortocircuito: StudyShortCircuitStatus | null;
};

/** Spec §3: a constraint without a contingency element (the words the exports use too). */
export const FULL_NETWORK = sharedWords.fullNetwork;

/** «Variable limitante» in words (issue #31). */
export function variableText(variable: StudyLimitingVariable | null): string {
  return variable === null
    ? studyVerificationWords.noVariable
    : studyVerificationWords.variables[variable];
}

/** A busbar's figures beyond DC as its card shows them; null when the study has none. */
function cardVerification(
  item: Pick<StudyCaseResult, 'shortCircuit'>,
  busbar: StudyBusbarResult,
): CardVerification | null {
  const v = busbar.verification;
  if (v === undefined) return null;
  const ac = v.acLimiting;
  return {
    variable: v.limitingVariable,
    limiteAc:
      ac === null
        ? null
        : studyVerificationWords.acWhere(
            studyVerificationWords.variables[ac.variable],
            ac.elementName,
            ac.contingencyName,
          ),
    ac: v.acMw,
    acContingencias: v.acContingencies,
    redDebil: v.weakGridMw,
    cortocircuito: item.shortCircuit?.status ?? null,
  };
}

/** The figure a busbar's card shows: verified when the study checks beyond DC. */
export const shownCapacity = (busbar: StudyBusbarResult) =>
  busbar.verification?.capacityMw ?? busbar.capacityMw;

/** A card from a study case and one of its busbars (an N-0 limit shows as the spec says). */
export function toResultCard(
  item: Pick<StudyCaseResult, 'name' | 'condition'> &
    Partial<Pick<StudyCaseResult, 'shortCircuit'>>,
  busbar: StudyBusbarResult,
  currentYear = new Date().getFullYear(),
): ResultCard {
  const { scenario, year } = scenarioAndYear(item.name, currentYear);
  // An interface of the planner's .mon limits with no branch row: the element names it.
  const limited = busbar.limitingElement !== null;
  return {
    id: busbar.caseId,
    caseName: item.name,
    familyId: String(busbar.bus),
    busNumber: busbar.bus,
    barra: busbar.name,
    barraEtiqueta: busLabel(busbar.name, busbar.bus, busbar.baseKv ?? 0),
    capacidad: shownCapacity(busbar),
    capacidadDc: busbar.capacityMw,
    verificacion: cardVerification(item, busbar),
    elementoLimitante: limited ? busbar.limitingElement : null,
    contingencia: limited ? (busbar.contingency ?? FULL_NETWORK) : null,
    scenario,
    anio: year,
    condicion: item.condition,
    capReached: !limited && reachesCap(busbar.capacityMw, busbar.tmaxMw),
    sinkRoomReached: !limited && !reachesCap(busbar.capacityMw, busbar.tmaxMw),
    preExistingViolation: busbar.preExistingViolation,
    tmaxMw: busbar.tmaxMw,
  };
}

/**
 * Every card of the study (or of one family), busbar by busbar in the families' order, then in
 * the study's order of cases (scenario, then year).
 */
export function studyCards(
  cases: readonly StudyCaseResult[],
  familyId: string | null = null,
  currentYear = new Date().getFullYear(),
): ResultCard[] {
  const cards = cases.flatMap((item) =>
    item.busbars
      .filter((busbar) => familyId === null || String(busbar.bus) === familyId)
      .map((busbar) => toResultCard(item, busbar, currentYear)),
  );
  const order = new Map(studyFamilies(cases).map((family, index) => [family.familyId, index]));
  // Stable: within a busbar the cases keep the study's order.
  return cards.sort((a, b) => (order.get(a.familyId) ?? 0) - (order.get(b.familyId) ?? 0));
}

/** The distinct years of the cards, ascending (one tab each). */
export function yearsOf(cards: readonly { anio: number }[]): number[] {
  return [...new Set(cards.map((card) => card.anio))].sort((a, b) => a - b);
}

export type ChartSeries = { scenario: string; points: { year: number; mw: number | null }[] };

/** One line per scenario across the years, for one family. */
export function chartSeries(cards: readonly ResultCard[]): {
  years: number[];
  series: ChartSeries[];
} {
  const years = yearsOf(cards);
  const scenarios = [...new Set(cards.map((card) => card.scenario))];
  const series = scenarios.map((scenario) => ({
    scenario,
    points: years.map((year) => ({
      year,
      mw: cards.find((card) => card.scenario === scenario && card.anio === year)?.capacidad ?? null,
    })),
  }));
  return { years, series };
}

/**
 * The stats strip of the chosen study, with the definitions of decision 004 applied to its
 * cases: the largest capacity of each busbar summed, distinct years and busbars, the
 * contingencies of each scenario × year case once, and the busbar cases.
 */
export function studyStats(detail: Pick<StudyDetail, 'cases'>): StatsResponse {
  const best = new Map<number, number>();
  let busbarCases = 0;
  for (const item of detail.cases) {
    for (const busbar of item.busbars) {
      busbarCases += 1;
      best.set(busbar.bus, Math.max(best.get(busbar.bus) ?? 0, shownCapacity(busbar)));
    }
  }
  return {
    totalCapacityMw: [...best.values()].reduce((sum, mw) => sum + mw, 0),
    projectionYears: new Set(detail.cases.map((item) => item.year)).size,
    busbarsEvaluated: best.size,
    contingenciesAnalysed: detail.cases.reduce((sum, item) => sum + item.contingencies, 0),
    scenariosAnalysed: busbarCases,
  };
}

/**
 * Each case's short-circuit computation in words (issue #31), cases with the same answer
 * together: the units behind the weak-grid figures, or why a case has none.
 */
export function shortCircuitLines(
  cases: readonly Pick<StudyCaseResult, 'name' | 'shortCircuit'>[],
): { text: string; ok: boolean; cases: string[] }[] {
  const lines = new Map<string, { text: string; ok: boolean; cases: string[] }>();
  for (const item of cases) {
    const sc = item.shortCircuit;
    if (sc === undefined) continue;
    const ok = sc.status === 'ok';
    const text =
      sc.status === 'ok'
        ? studyVerificationWords.machines(sc.machines, sc.xdPu)
        : studyVerificationWords.shortCircuitReasons[sc.status];
    const line = lines.get(text) ?? { text, ok, cases: [] };
    line.cases.push(item.name);
    lines.set(text, line);
  }
  return [...lines.values()];
}
