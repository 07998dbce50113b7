import { z } from 'zod';
import { caseIdSchema } from './cases';

/**
 * `GET /api/cases/{caseId}/short-circuit` (issue #31): the three-phase short-circuit power of
 * every bus of an analysed case — the maximum (c = 1.1) and the N-1 minimum (c = 1.0) with the
 * outage that gives it — and the maximum's fault current. A case without machine impedances (a
 * MATPOWER case) or whose units all carry the RAW export placeholder needs `xd`, the
 * subtransient reactance in p.u. on each unit's MBASE for the units without data; without it
 * the answer is 422 with the reason, never a figure that means nothing.
 */
export const shortCircuitParamsSchema = z.object({
  caseId: caseIdSchema.describe('Identificador del caso'),
});

export const shortCircuitQuerySchema = z.object({
  xd: z.coerce
    .number({ error: 'La reactancia subtransitoria debe ser un número' })
    .gt(0, 'La reactancia subtransitoria debe ser mayor que 0 (p.u. sobre MBASE)')
    .lt(10, 'La reactancia subtransitoria debe ser menor que 10 (p.u. sobre MBASE)')
    .optional()
    .describe(
      'Reactancia subtransitoria (p.u. sobre el MBASE de cada unidad) de las unidades sin datos',
    ),
});

export const shortCircuitBusSchema = z.object({
  bus: z.number().int(),
  name: z.string(),
  baseKv: z.number(),
  /** MVA, c = 1.1; 0 where no unit reaches the bus. */
  sccMaxMva: z.number(),
  /** MVA, c = 1.0: the least of the base case and every branch outage that islands nothing. */
  sccMinMva: z.number(),
  /**
   * MW an inverter-based plant may connect with SCR = sccMinMva / P ≥ scrMin (the weak-grid
   * limit, beside the thermal figure of «Capacidad por barra»).
   */
  weakGridMw: z.number(),
  /** The branch whose outage gives sccMinMva; null: the base case. */
  minOutage: z.object({ branch: z.number().int().positive(), name: z.string() }).nullable(),
  /** kA of the maximum; null where the bus has no base kV. */
  faultCurrentKa: z.number().nullable(),
});
export type ShortCircuitBus = z.infer<typeof shortCircuitBusSchema>;

export const shortCircuitResponseSchema = z.object({
  caseId: z.string(),
  xdPu: z.number().nullable(),
  voltageFactor: z.object({ max: z.number(), min: z.number() }),
  /** The least short-circuit ratio weakGridMw keeps (3). */
  scrMin: z.number(),
  /** In-service units by where their impedance came from. */
  machines: z.object({
    fromFile: z.number().int().nonnegative(),
    fromXd: z.number().int().nonnegative(),
    without: z.number().int().nonnegative(),
    placeholder: z.number().int().nonnegative(),
  }),
  buses: z.array(shortCircuitBusSchema),
  seconds: z.number(),
});
export type ShortCircuitResponse = z.infer<typeof shortCircuitResponseSchema>;
