import { z } from 'zod';
import { caseIdSchema } from './cases';

/**
 * A year of hours at a busbar (issue #32, docs/analysis.md §13):
 *   PUT    /api/cases/{caseId}/hourly-profiles          body: the profiles file, x-file-name → 200
 *   GET    /api/cases/{caseId}/hourly-profiles          → 200 (profiles null: none yet)
 *   DELETE /api/cases/{caseId}/hourly-profiles          → 200
 *   GET    /api/cases/{caseId}/hourly-profiles/template.csv → a CSV of 8,760 hours, one column
 *                                                       per area of the case at its case load (MW)
 *   GET    /api/cases/{caseId}/hourly-profiles/template.xlsx → the same as an Excel workbook
 *                                                       (sheet «Perfiles»), with «Instrucciones»
 *   POST   /api/cases/{caseId}/hourly-capacity          body: { bus, preExisting, plant } → 200
 * The profiles are a MATPOWER hourly change table (scenarios_ACTIVSg2000.m), a CSV or an Excel
 * workbook (its sheet «Perfiles», or its first, laid out as the CSV), read
 * against the case when they are put: a file naming an area or a unit the case lacks is refused
 * whole (422, with the line or column). A bus's hourly capacity is computed on its own thread,
 * the case and its profiles kept between requests, so a new plant size answers at once.
 */
export const hourlyProfilesParamsSchema = z.object({
  caseId: caseIdSchema.describe('Identificador del caso'),
});

export const hourlyProfilesFormats = ['matpower-chgtab', 'csv'] as const;

export const hourlyProfilesSummarySchema = z.object({
  fileName: z.string(),
  format: z.enum(hourlyProfilesFormats),
  hours: z.number().int().positive(),
  /** Each profiled area: its number, its case load (MW) and the range of its hourly factor. */
  areas: z.array(
    z.object({
      area: z.number().int(),
      caseLoadMw: z.number(),
      minFactor: z.number(),
      maxFactor: z.number(),
    }),
  ),
  /** Units with an output profile, and with a status profile. */
  units: z.number().int().nonnegative(),
  statuses: z.number().int().nonnegative(),
  /** Fuels (MATPOWER genfuel) with profiled units: the plant simulator's technologies. */
  technologies: z.array(z.string()),
  /** Hours the units without a profile cannot balance (reported, not computed). */
  infeasibleHours: z.number().int().nonnegative(),
  uploadedAt: z.string(),
});
export type HourlyProfilesSummary = z.infer<typeof hourlyProfilesSummarySchema>;

export const hourlyProfilesResponseSchema = z.object({
  caseId: z.string(),
  profiles: hourlyProfilesSummarySchema.nullable(),
});
export type HourlyProfilesResponse = z.infer<typeof hourlyProfilesResponseSchema>;

/** The plant whose curtailment is asked: its size and its output per MW installed. */
export const plantProfileSpecSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('flat') }),
  z.strictObject({
    kind: z.literal('technology'),
    fuel: z.string().trim().min(1).max(40),
  }),
  z.strictObject({
    kind: z.literal('values'),
    /** One value per hour: per MW installed (0–1), or MW of a reference plant (scaled). */
    values: z
      .array(z.number().min(0, 'El perfil de la planta no puede tener valores negativos'))
      .max(8784),
    label: z.string().trim().min(1).max(200),
  }),
]);
export type PlantProfileSpecInput = z.infer<typeof plantProfileSpecSchema>;

export const hourlyCapacityRequestSchema = z.strictObject({
  bus: z.number().int().describe('Número de la barra'),
  preExisting: z.enum(['ignore', 'limit']).default('ignore'),
  plant: z
    .strictObject({
      mw: z
        .number()
        .positive('El tamaño de la planta debe ser mayor que 0 MW')
        .max(100_000, 'El tamaño de la planta no puede pasar de 100.000 MW'),
      profile: plantProfileSpecSchema,
    })
    .optional(),
});
export type HourlyCapacityRequest = z.input<typeof hourlyCapacityRequestSchema>;

const perShare = z.object({
  '1': z.number().nullable(),
  '3': z.number().nullable(),
  '5': z.number().nullable(),
});

export const hourlyConstraintSchema = z.object({
  /** 1-based branch row. */
  monitoredBranch: z.number().int().positive(),
  monitoredName: z.string(),
  /** 1-based branch row of the outage; null: the base case (N-0). */
  contingency: z.number().int().positive().nullable(),
  contingencyName: z.string().nullable(),
  /** Hours in which it gives the bus's figure. */
  hours: z.number().int().nonnegative(),
});
export type HourlyConstraint = z.infer<typeof hourlyConstraintSchema>;

export const hourlyCapacityResponseSchema = z.object({
  caseId: z.string(),
  bus: z.number().int(),
  name: z.string(),
  hours: z.number().int().positive(),
  capMw: z.number(),
  preExisting: z.enum(['ignore', 'limit']),
  /** Per hour (0-based index = hour − 1), MW; null in an infeasible hour. */
  capacityMw: z.array(z.number().nullable()),
  /** Per hour, the index in `constraints` of what limits it; −1: the cap, or infeasible. */
  limiting: z.array(z.number().int()),
  constraints: z.array(hourlyConstraintSchema),
  /** 1-based hours the units without a profile cannot balance, with what they lacked (MW). */
  infeasibleHours: z.array(
    z.object({ hour: z.number().int().positive(), shortfallMw: z.number() }),
  ),
  /** Hours in which the sink's units had no room and the loads took the new unit's output. */
  sinkFallbackHours: z.number().int().nonnegative(),
  /** Mean capacity by month (12 rows) × hour of day (24), MW; null where every hour is infeasible. */
  byMonthHourMw: z.array(z.array(z.number().nullable())),
  /** The profile firmMw and mwAtCurtailment are for: the plant's, flat without a plant. */
  profile: z.object({
    /** The engine's English description (for logs and the CLI); the UI words it itself. */
    label: z.string(),
    units: z.number().int().nonnegative(),
    /** A technology's average: the bus's area when it had profiled units of it; null: the whole case. */
    area: z.number().int().nullable(),
    scaledFromMw: z.number().nullable(),
  }),
  /** null: at or past the cap (the study's most; the grid was not checked beyond it). */
  firmMw: z.number().nullable(),
  mwAtCurtailment: perShare,
  curtailment: z
    .object({
      plantMw: z.number(),
      energyMwh: z.number(),
      mwh: z.number(),
      percent: z.number(),
      hoursCurtailed: z.number().int().nonnegative(),
      byMonthHourMwh: z.array(z.array(z.number())),
    })
    .nullable(),
  /** What the bus's year took to compute (a new plant at the same bus reuses it). */
  seconds: z.number(),
});
export type HourlyCapacityResponse = z.infer<typeof hourlyCapacityResponseSchema>;
