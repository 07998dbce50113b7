import { z } from 'zod';
import { acCheckSchema } from './flexibility.v1';
import { studyBusbarVerificationSchema } from './study-verification.v1';

/**
 * Connection capacity at one busbar in one scenario × year case (docs/analysis.md §6): the FCITC of
 * a new unit at the bus, with what limits it. One stored case per (busbar, scenario, year); the
 * busbar is the case family.
 */
/** Spec §5: only generators whose sensitivity exceeds this (in absolute value) count. */
export const GENERATOR_SENSITIVITY_THRESHOLD = 0.01;

/**
 * A plant (the units of one bus) that moves the limiting constraint (docs/product.md §3 generator chart
 * item): its sensitivity is the MW the constraint's post-contingency flow moves per MW it rises,
 * balanced by the same sink as the busbar transfer, so Σ sensitivity·ΔP is the what-if exactly
 * in the DC model.
 */
export const busbarGeneratorSchema = z.object({
  name: z.string(),
  busNumber: z.number().int(),
  /** potenciaInicial. */
  initialMw: z.number(),
  /** capacidadMaxima. */
  maxMw: z.number().nonnegative(),
  /** sensibilidad, |s| > GENERATOR_SENSITIVITY_THRESHOLD. */
  sensitivity: z
    .number()
    .refine((s) => Math.abs(s) > GENERATOR_SENSITIVITY_THRESHOLD, 'sensibilidad ≤ 0,01'),
  /**
   * despachoSobrecarga: its output at which the constraint reaches its limit with no new unit
   * at the busbar, if it alone moves; null when outside [0, Pmax].
   */
  dispatchAtLimitMw: z.number().nullable(),
});
export type BusbarGenerator = z.infer<typeof busbarGeneratorSchema>;

export const busbarConstraintSchema = z.object({
  /** 1-based branch row; null: an interface of the planner's .mon (issue #30), named. */
  monitoredBranch: z.number().int().positive().nullable(),
  monitoredName: z.string(),
  /**
   * 1-based branch row of a one-branch contingency; null: the base case (N-0, name null) or a
   * contingency of the planner's set that takes out several elements (named).
   */
  contingencyBranch: z.number().int().positive().nullable(),
  contingencyName: z.string().nullable(),
  /** MW of new generation at the bus at which this constraint reaches its limit. */
  transferAtLimitMw: z.number().nonnegative(),
  distributionFactor: z.number(),
  limitMw: z.number(),
  preExistingViolation: z.boolean(),
  /**
   * Post-contingency flow with no new unit, MW (signed as the distribution factor). Optional:
   * results stored before it was added parse without it.
   */
  flowAtZeroMw: z.number().optional(),
  /** Present on the limiting constraint. */
  acCheck: acCheckSchema.optional(),
  /**
   * On the limiting constraint: the plants above the sensitivity threshold, |s| descending.
   * Absent in results stored before the generator chart existed.
   */
  generators: z.array(busbarGeneratorSchema).optional(),
});
export type BusbarConstraint = z.infer<typeof busbarConstraintSchema>;

export const busbarCapacitySchema = z.object({
  busNumber: z.number().int(),
  busName: z.string(),
  /** The bus's base kV (issue #29: «NOMBRE (número, kV)»); absent on results stored before. */
  baseKv: z.number().optional(),
  scenario: z.string(),
  year: z.number().int(),
  /** The scenario's condición text, for the result card. */
  condition: z.string(),
  /** Capped at the study's Tmax (default 2000 MW). */
  capacityMw: z.number().nonnegative(),
  tmaxMw: z.number().positive(),
  /** The constraint that sets the capacity; null when the cap binds first. */
  limiting: busbarConstraintSchema.nullable(),
  /** The five tightest constraints, by transferAtLimitMw ascending. */
  topConstraints: z.array(busbarConstraintSchema).max(5),
  /** Projects in service in this case (by name). */
  projectsInService: z.array(z.string()),
  /** The interchanges of the scenario, for the simulation-conditions card. */
  interchanges: z.array(
    z.object({ name: z.string(), busNumber: z.number().int(), mw: z.number() }),
  ),
  networkLabel: z.string(),
  /**
   * Issue #31: the figure checked beyond DC thermal (AC, weak grid) when the study asks for it;
   * absent on studies without it and on results stored before.
   */
  verification: studyBusbarVerificationSchema.optional(),
});
export type BusbarCapacity = z.infer<typeof busbarCapacitySchema>;
