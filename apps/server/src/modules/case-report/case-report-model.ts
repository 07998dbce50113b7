import {
  caseReportWords,
  checksFor,
  type AnalysisOptions,
  type BaseCase,
  type BusbarCapacityOptions,
  type BusbarCapacityRow,
  type BusbarCapacitySummary,
  type BusbarHistogramBin,
  type CaseResultFacts,
  type FlexibilitySummary,
  type WeakGridStatus,
} from '@holgura/contracts';
import { fileSlug } from '../export/export-table';
import { bogotaDateTime } from '../report/report-text';

/** Every bus's capacity, as «Capacidad por barra» in /analisis shows it, once it is computed. */
export interface CaseReportCapacityDone {
  state: 'done';
  /** When the shown result was computed, es-CO in Bogotá time. */
  computedText: string;
  summary: BusbarCapacitySummary;
  options: BusbarCapacityOptions;
  histogram: {
    attributable: BusbarHistogramBin[];
    strict: BusbarHistogramBin[];
    total: number;
    outsideIsland: number;
  };
  /**
   * Every bus, as GET …/busbar-capacities?sort=capacity&order=asc&figure=attributable orders
   * them: the lowest attributable capacity first, the buses outside the island last.
   */
  rows: BusbarCapacityRow[];
  /** Buses whose attributable figure an AC check marks approximate (of every bus). */
  approximate: number;
  /**
   * Issue #31: the case's short-circuit strength behind each row's weak-grid MW and the least
   * figure with its limiting variable (the workbook's last columns); absent: none kept.
   */
  weakGrid?: WeakGridStatus;
  /** Buses whose least figure the weak grid sets (of every bus; 0 without a weak grid). */
  weakGridLimited: number;
}

export type CaseReportCapacity =
  | CaseReportCapacityDone
  /** Failed (its job's Spanish message), or never computed: the report says so. */
  | { state: 'failed' | 'absent'; message: string | null };

/**
 * Everything an uploaded case's report shows, plain data (it crosses to the report thread): the
 * case's result summary as GET /api/cases/{id}/result/summary answers it, its busbar capacities
 * as …/busbar-capacities and …/histogram read them, the upload, the options, and the moment it
 * was generated.
 */
export interface CaseReport {
  /** ISO; the files' metadata. */
  generatedAt: string;
  /** es-CO, Bogotá time: «5 de marzo de 2026, 3:04 p. m.». */
  generatedText: string;
  caseId: string;
  caseName: string;
  description: string | null;
  /** The upload: its file and when it arrived (Bogotá time). */
  file: { name: string; sizeBytes: number; uploadedText: string };
  /** The network's facts, the N-1 screening and the base case the analysis recorded. */
  facts: CaseResultFacts;
  /** The upload's group's flexibility summary; null when its group could not be computed. */
  flexibility: FlexibilitySummary | null;
  /** The analysis options of the figures shown (the capacity's run; else the upload's). */
  options: AnalysisOptions;
  capacity: CaseReportCapacity;
  /** ASCII file name without extension. */
  fileStem: string;
}

export interface CaseReportInput {
  caseId: string;
  caseName: string;
  description: string | null;
  file: { name: string; sizeBytes: number; uploadedAt: string };
  facts: CaseResultFacts;
  flexibility: FlexibilitySummary | null;
  options: AnalysisOptions;
  capacity:
    | (Omit<CaseReportCapacityDone, 'computedText' | 'approximate' | 'weakGridLimited'> & {
        computedAt: string;
      })
    | { state: 'failed' | 'absent'; message: string | null };
}

export function caseReportModel(input: CaseReportInput, generatedAt: Date): CaseReport {
  const { capacity } = input;
  return {
    generatedAt: generatedAt.toISOString(),
    generatedText: bogotaDateTime(generatedAt),
    caseId: input.caseId,
    caseName: input.caseName,
    description: input.description,
    file: {
      name: input.file.name,
      sizeBytes: input.file.sizeBytes,
      uploadedText: bogotaDateTime(new Date(input.file.uploadedAt)),
    },
    facts: input.facts,
    flexibility: input.flexibility,
    options: input.options,
    capacity:
      capacity.state === 'done'
        ? {
            state: 'done',
            computedText: bogotaDateTime(new Date(capacity.computedAt)),
            summary: capacity.summary,
            options: capacity.options,
            histogram: capacity.histogram,
            rows: capacity.rows,
            ...(capacity.weakGrid === undefined ? {} : { weakGrid: capacity.weakGrid }),
            weakGridLimited: capacity.rows.filter(
              (row) => row.attributable.limitingVariable === 'weak-grid',
            ).length,
            approximate: capacity.rows.filter((row) => {
              const check = row.attributable.acCheck;
              return check !== undefined && check !== null && (!check.converged || check.flagged);
            }).length,
          }
        : capacity,
    fileStem: caseReportWords.fileStem(fileSlug(input.caseName)),
  };
}

/** How many buses each of the PDF's two tables lists: the lowest and the highest. */
export const LISTED_BUSES = 50;

/** The buses with the least attributable capacity, least first (outside the island: none). */
export function lowestBuses(rows: readonly BusbarCapacityRow[], count = LISTED_BUSES) {
  return rows.filter((row) => row.attributable.capacityMw !== null).slice(0, count);
}

/**
 * The buses with the most attributable capacity, most first: GET …?order=desc's order (ties
 * by file order, the last first), which is `rows` backwards.
 */
export function highestBuses(rows: readonly BusbarCapacityRow[], count = LISTED_BUSES) {
  const out: BusbarCapacityRow[] = [];
  for (let i = rows.length - 1; i >= 0 && out.length < count; i--) {
    if (rows[i]!.attributable.capacityMw !== null) out.push(rows[i]!);
  }
  return out;
}

/** What the capacity figures rest on, as «Capacidad por barra» reads it. */
export interface CapacityContext {
  capMw: number;
  /** The sink's room when it is below the cap (issue #25): some buses stop there. */
  sinkRoomMw: number | null;
  /** No branch is rated: nothing limits, every figure is the cap. */
  noRatedBranch: boolean;
}

export function capacityContext(capacity: CaseReportCapacityDone): CapacityContext {
  const { options, summary } = capacity;
  const room = options.sinkRoomMw;
  return {
    capMw: summary.capMw,
    sinkRoomMw: room !== undefined && room !== null && room < summary.capMw ? room : null,
    noRatedBranch: checksFor(options.baseCase, 'capacity').some(
      (check) => check.code === 'NO_RATED_BRANCH',
    ),
  };
}

/** The base case the flexibility ran on: its own, else the upload's (as /analisis reads it). */
export function flexibilityBaseCase(report: CaseReport): BaseCase | null {
  return report.flexibility?.baseCase ?? report.facts.baseCase ?? null;
}

/**
 * The report the PDF needs: only the buses its two tables list (the workbook has every bus),
 * so a national case's 10,000 rows are not copied to the report thread for 100.
 */
export function pdfReport(report: CaseReport): CaseReport {
  const capacity = report.capacity;
  if (capacity.state !== 'done') return report;
  const lowest = lowestBuses(capacity.rows);
  const listed = new Set(lowest.map((row) => row.position));
  const highest = highestBuses(capacity.rows).filter((row) => !listed.has(row.position));
  return { ...report, capacity: { ...capacity, rows: [...lowest, ...highest.reverse()] } };
}
