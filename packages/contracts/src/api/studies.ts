import { z } from 'zod';
import { contingencyCountsSchema, contingencyFileFormats } from './contingency-sets';
import { studyFileSchema } from './study';
import {
  studyLimitingVariableSchema,
  studyShortCircuitSchema,
} from '../result/study-verification.v1';

/**
 * A user's capacity studies through the API (docs/product.md § "Studies", issue #15): create one
 * from a network file (or an analysed case) and a study file, follow its job, read its results,
 * edit it into a new version, cancel or delete it.
 */

/** Study ids travel in URLs: UUIDs for users' studies, `demo` for the bundled one. */
export const studyIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9-]{1,64}$/, 'El identificador del estudio no es válido');

/** The public demo study's id in these routes. */
export const DEMO_STUDY_ID = 'demo';

/** Largest study file accepted (JSON or Excel workbook). */
export const MAX_STUDY_FILE_BYTES = 5 * 1024 * 1024;

/** Media type of the Excel workbook (upload, template, download). */
export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * One problem in a study, in Spanish, with where it is: a field of the study file (dotted path,
 * `scenarios.1.name`), or a sheet, row and cell of the workbook it came from.
 */
export const studyProblemSchema = z.object({
  message: z.string(),
  field: z.string().nullable(),
  sheet: z.string().nullable(),
  row: z.number().int().nullable(),
  cell: z.string().nullable(),
});
export type StudyProblem = z.infer<typeof studyProblemSchema>;

/** What running the study will take, shown before it runs. */
export const studyRunSummarySchema = z.object({
  scenarios: z.number().int().nonnegative(),
  years: z.array(z.number().int()),
  /** scenarios × years. */
  cases: z.number().int().nonnegative(),
  busbars: z.number().int().nonnegative(),
  /** cases × busbars: the capacity figures the study produces. */
  busbarCases: z.number().int().nonnegative(),
  projects: z.number().int().nonnegative(),
  network: z.object({
    buses: z.number().int().nonnegative(),
    branches: z.number().int().nonnegative(),
    generators: z.number().int().nonnegative(),
  }),
  /** A rough estimate from the network's size and the counts above, seconds. */
  estimatedSeconds: z.number().nonnegative(),
});
export type StudyRunSummary = z.infer<typeof studyRunSummarySchema>;

/** `POST /api/studies/validate`: every problem at once, or what the run will take. */
export const studyValidationResponseSchema = z.object({
  valid: z.boolean(),
  problems: z.array(studyProblemSchema),
  /** The study as it will run (defaults filled in); null when it cannot be read. */
  study: studyFileSchema.nullable(),
  summary: studyRunSummarySchema.nullable(),
});
export type StudyValidationResponse = z.infer<typeof studyValidationResponseSchema>;

/**
 * A study the server refused: the error envelope plus every problem (`error.message` names
 * them all, one per line, so a client that shows only the message still shows everything).
 */
export const studyInvalidResponseSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
  problems: z.array(studyProblemSchema),
});
export type StudyInvalidResponse = z.infer<typeof studyInvalidResponseSchema>;

/** `POST /api/studies` (and a new version): the study and the job computing it. */
export const createStudyResponseSchema = z.object({
  studyId: z.string(),
  version: z.number().int().positive(),
  jobId: z.string(),
});
export type CreateStudyResponse = z.infer<typeof createStudyResponseSchema>;

/**
 * - queued / running: its newest version is being computed (the previous version's results, if
 *   any, are still the ones shown);
 * - done: every case of the shown version is computed;
 * - failed / cancelled: the newest version stopped; an earlier version's results stay.
 */
export const studyStateSchema = z.enum(['queued', 'running', 'done', 'failed', 'cancelled']);
export type StudyState = z.infer<typeof studyStateSchema>;

/** The planner's set a study version is computed on (issue #30): which files, what they give. */
export const studyContingencySetSchema = z.object({
  fileName: z.string(),
  format: z.enum(contingencyFileFormats),
  /** As read against the base case; each scenario × year case reads the files again. */
  counts: contingencyCountsSchema,
  subsystemsFileName: z.string().nullable(),
  monitoredFileName: z.string().nullable(),
});
export type StudyContingencySet = z.infer<typeof studyContingencySetSchema>;

export const studyListItemSchema = z.object({
  studyId: z.string(),
  name: z.string(),
  networkLabel: z.string(),
  state: studyStateSchema,
  /** The newest version (being computed, or done). */
  version: z.number().int().positive(),
  /** The version whose results are shown; null until one is complete. */
  resultsVersion: z.number().int().positive().nullable(),
  jobId: z.string().nullable(),
  progressPercent: z.number().int().min(0).max(100),
  stage: z.string().nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  scenarios: z.number().int().nonnegative(),
  years: z.array(z.number().int()),
  busbars: z.number().int().nonnegative(),
  /** The case the study was built on, when it is one of the user's analysed cases. */
  baseCaseId: z.string().nullable(),
  /**
   * Issue #30: the contingency set of that case when the newest version was sent — every
   * scenario × year case is computed on it, read again against its own network; null: every
   * in-service branch, one at a time.
   */
  contingencySet: studyContingencySetSchema.nullable(),
  baseFileName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The bundled demo study: public and read-only. */
  isDemo: z.boolean(),
});
export type StudyListItem = z.infer<typeof studyListItemSchema>;

export const studyListResponseSchema = z.object({ studies: z.array(studyListItemSchema) });
export type StudyListResponse = z.infer<typeof studyListResponseSchema>;

/** A busbar's figures in one scenario × year case. */
export const studyBusbarResultSchema = z.object({
  bus: z.number().int(),
  name: z.string(),
  /** Base kV of the bus; absent on results stored before issue #29. */
  baseKv: z.number().optional(),
  /** The stored busbar case (`GET /api/cases/{caseId}/data` has its generators and checks). */
  caseId: z.string(),
  /** Capped at the study's Tmax. */
  capacityMw: z.number().nonnegative(),
  tmaxMw: z.number().positive(),
  /**
   * 1-based branch row of the monitored element; null when the cap binds first or the limit is
   * an interface of the planner's .mon (then `limitingElement` names it).
   */
  limitingBranch: z.number().int().positive().nullable(),
  limitingElement: z.string().nullable(),
  /** 1-based branch row of the contingency; null for the base case (N-0) or no limit. */
  contingencyBranch: z.number().int().positive().nullable(),
  /** The contingency's name; `SOBRECARGA RED COMPLETA` is the client's word for N-0. */
  contingency: z.string().nullable(),
  /** The limiting constraint was already over its limit before the connection. */
  preExistingViolation: z.boolean(),
  /**
   * The AC power flow at the figure's limit, where one was run (the demo study's): its loading
   * agrees with the DC one within 5 %, differs more, or did not converge. Absent: not checked.
   */
  acCheck: z.enum(['agrees', 'differs', 'not-converged']).optional(),
  /**
   * Issue #31: the figure checked beyond DC thermal, when the study asks for it (its
   * `options.verification`); absent on studies without it and on results stored before.
   */
  verification: z
    .object({
      /** The least of the DC (or AC) figure and the weak-grid MW: the busbar's «Capacidad». */
      capacityMw: z.number(),
      /** What sets it; null where the cap or the sink's room does and nothing else is lower. */
      limitingVariable: studyLimitingVariableSchema.nullable(),
      /** The figure verified in AC (≤ capacityMw above); null: AC not asked. */
      acMw: z.number().nullable(),
      /** What stops the AC flow just above acMw: the branch or bus, and the outage (null: N-0). */
      acLimiting: z
        .object({
          variable: z.enum(['thermal', 'voltage', 'reactive-power', 'non-convergence']),
          elementName: z.string().nullable(),
          contingencyName: z.string().nullable(),
        })
        .nullable(),
      /** Outages checked in AC besides N-0; null: AC not asked. */
      acContingencies: z.number().int().nonnegative().nullable(),
      /** Scc min (N-1) / SCR_min, MW; null: not asked or the case has no strength (see the case). */
      weakGridMw: z.number().nullable(),
      /** The N-1 minimum short-circuit power at the bus, MVA; null as weakGridMw. */
      sccMinMva: z.number().nullable(),
    })
    .optional(),
});
export type StudyBusbarResult = z.infer<typeof studyBusbarResultSchema>;

/** One scenario × year case of a study, named `<escenario>_<año>`. */
export const studyCaseResultSchema = z.object({
  caseId: z.string(),
  name: z.string(),
  scenario: z.string(),
  year: z.number().int(),
  condition: z.string(),
  projectsInService: z.array(z.string()),
  interchanges: z.array(
    z.object({ name: z.string(), busNumber: z.number().int(), mw: z.number() }),
  ),
  contingencies: z.number().int().nonnegative(),
  busbars: z.array(studyBusbarResultSchema),
  /**
   * Issue #31: the case's short-circuit computation when the study asks for it — its status
   * ('unavailable': no machine data and no X″d; 'placeholder': the RAW export's ZX = 1,0 on every
   * unit), the units by where their impedance came from, the X″d and SCR_min used.
   */
  shortCircuit: studyShortCircuitSchema.optional(),
});
export type StudyCaseResult = z.infer<typeof studyCaseResultSchema>;

/** `GET /api/studies/{studyId}`: the study, its file and every computed case. */
export const studyDetailSchema = studyListItemSchema.extend({
  description: z.string(),
  /** The study file of the version shown (or of the newest while none is complete). */
  study: studyFileSchema,
  cases: z.array(studyCaseResultSchema),
});
export type StudyDetail = z.infer<typeof studyDetailSchema>;

/** `GET /api/cases/{caseId}/buses`: what a busbar picker searches, columns of equal length. */
export const caseBusesResponseSchema = z.object({
  buses: z.object({
    number: z.array(z.number().int()),
    name: z.array(z.string()),
    baseKv: z.array(z.number()),
    area: z.array(z.number().int()),
    zone: z.array(z.number().int()),
  }),
  /** Area numbers present in the case, ascending. */
  areas: z.array(z.number().int()),
});
export type CaseBusesResponse = z.infer<typeof caseBusesResponseSchema>;
