import { z } from 'zod';

/**
 * Issue #31: a study's busbar figure checked beyond DC thermal in its scenario × year case — the
 * AC verification (AC power flows with reactive limits in N-0 and the first contingencies) and
 * the weak-grid limit from the case's short-circuit strength (its N-1 minimum Scc / SCR_min) —
 * combined into one figure with its limiting variable, stored with the busbar case's result.
 *
 * The AC part has the shape of api/busbar-capacities.ts `acCapacitySchema` (the server writes it
 * with the same converter). It is repeated here because that file imports api/cases.ts, which
 * imports the result schemas: a stored result importing it back would be a cycle
 * (study-verification.test.ts keeps the two shapes equal).
 */

/** What sets a study busbar's verified figure: the AC variables, or the weak grid. */
export const studyLimitingVariables = [
  'thermal',
  'voltage',
  'reactive-power',
  'non-convergence',
  'weak-grid',
] as const;
export const studyLimitingVariableSchema = z.enum(studyLimitingVariables);
export type StudyLimitingVariable = z.infer<typeof studyLimitingVariableSchema>;

const storedAcViolationSchema = z.object({
  variable: z.enum(['thermal', 'voltage', 'reactive-power', 'non-convergence']),
  elementName: z.string().nullable(),
  contingencyName: z.string().nullable(),
  value: z.number().nullable(),
  limit: z.number().nullable(),
  unit: z.enum(['MVA', 'pu', 'Mvar']).nullable(),
});

/** api/busbar-capacities.ts acCapacitySchema, as a study busbar case stores it. */
export const storedAcCapacitySchema = z.object({
  dcMw: z.number(),
  acMw: z.number(),
  limitingVariable: storedAcViolationSchema.shape.variable.nullable(),
  acLimiting: storedAcViolationSchema.nullable(),
  checkedContingencies: z.number().int().nonnegative(),
  preExisting: z.object({
    count: z.number().int().nonnegative(),
    items: z.array(storedAcViolationSchema),
  }),
  powerFlows: z.number().int().nonnegative(),
});

/**
 * Why a case has (or lacks) a short-circuit strength: 'ok'; 'unavailable' — no unit has a source
 * impedance (a MATPOWER case, without the study's X″d); 'placeholder' — every unit carries the
 * RAW export's ZX = 1,0 placeholder, which would give a figure that means nothing.
 */
export const studyShortCircuitStatuses = ['ok', 'unavailable', 'placeholder'] as const;
export const studyShortCircuitStatusSchema = z.enum(studyShortCircuitStatuses);
export type StudyShortCircuitStatus = z.infer<typeof studyShortCircuitStatusSchema>;

/** In-service units of the case by where their source impedance came from. */
export const studyShortCircuitMachinesSchema = z.object({
  fromFile: z.number().int().nonnegative(),
  fromXd: z.number().int().nonnegative(),
  without: z.number().int().nonnegative(),
  placeholder: z.number().int().nonnegative(),
});
export type StudyShortCircuitMachines = z.infer<typeof studyShortCircuitMachinesSchema>;

/** The case's short-circuit computation, as every busbar case of it stores it. */
export const studyShortCircuitSchema = z.object({
  status: studyShortCircuitStatusSchema,
  machines: studyShortCircuitMachinesSchema,
  /** The study's X″d for units without machine data; null: none given. */
  xdPu: z.number().nullable(),
  scrMin: z.number().positive(),
});
export type StudyShortCircuit = z.infer<typeof studyShortCircuitSchema>;

export const studyBusbarVerificationSchema = z.object({
  /** The AC verification; null when the study did not ask for it. */
  ac: storedAcCapacitySchema.nullable(),
  /** The case's short-circuit computation; null when the study did not ask for it. */
  shortCircuit: studyShortCircuitSchema.nullable(),
  /** Scc at the bus and the weak-grid MW (Scc min / SCR_min); null unless shortCircuit is ok. */
  strength: z
    .object({
      sccMaxMva: z.number(),
      sccMinMva: z.number(),
      weakGridMw: z.number(),
    })
    .nullable(),
  /** The least of the DC (or AC) figure and the weak-grid MW. */
  capacityMw: z.number(),
  /** What sets it; null where the cap or the sink's room does and nothing else is lower. */
  limitingVariable: studyLimitingVariableSchema.nullable(),
});
export type StudyBusbarVerification = z.infer<typeof studyBusbarVerificationSchema>;
