import type { BusbarCapacity, CaseSummary } from '@holgura/contracts';
import { es } from '../../strings/es';

/** Spec §3: a case family (one busbar), derived from the case list. */
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

/** Spec §3: families sorted by familyId; cases without a familyId are excluded. */
export function deriveFamilies(cases: readonly CaseSummary[]): Family[] {
  const byId = new Map<string, Family>();
  for (const item of cases) {
    if (item.familyId === null || item.familyId.trim() === '') continue;
    let family = byId.get(item.familyId);
    if (family === undefined) {
      family = {
        familyId: item.familyId,
        familyName: item.familyName ?? item.familyId,
        caseCount: 0,
        cases: [],
      };
      byId.set(item.familyId, family);
    }
    family.cases.push({ caseId: item.caseId, caseName: item.caseName });
    family.caseCount += 1;
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

/** Spec §3 case result card, with what the simulation-conditions card needs. */
export type ResultCard = {
  id: string;
  caseName: string;
  familyId: string | null;
  barra: string;
  /** null: the case has no busbar-capacity result. */
  capacidad: number | null;
  elementoLimitante: string | null;
  contingencia: string | null;
  scenario: string;
  anio: number;
  condicion: string | null;
  capReached: boolean;
  preExistingViolation: boolean;
  tmaxMw: number | null;
  capacity: BusbarCapacity | null;
};

/** Builds a card from the case and its busbar-capacity result (N-0 shows as the spec says). */
export function toResultCard(
  summary: Pick<CaseSummary, 'caseId' | 'caseName' | 'familyId' | 'familyName'>,
  capacity: BusbarCapacity | null,
  currentYear = new Date().getFullYear(),
): ResultCard {
  const { scenario, year } = scenarioAndYear(summary.caseName, currentYear);
  const limiting = capacity?.limiting ?? null;
  return {
    id: summary.caseId,
    caseName: summary.caseName,
    familyId: summary.familyId,
    barra: capacity?.busName ?? summary.familyName ?? summary.familyId ?? summary.caseName,
    capacidad: capacity?.capacityMw ?? null,
    elementoLimitante: limiting?.monitoredName ?? null,
    contingencia: limiting === null ? null : (limiting.contingencyName ?? FULL_NETWORK),
    scenario,
    anio: year,
    condicion: capacity?.condition ?? null,
    capReached: capacity !== null && limiting === null,
    preExistingViolation: limiting?.preExistingViolation ?? false,
    tmaxMw: capacity?.tmaxMw ?? null,
    capacity,
  };
}

/** Spec §3: a constraint without a contingency element. */
export const FULL_NETWORK = 'SOBRECARGA RED COMPLETA';

/** The distinct years of the cards, ascending (one tab each). */
export function yearsOf(cards: readonly ResultCard[]): number[] {
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
