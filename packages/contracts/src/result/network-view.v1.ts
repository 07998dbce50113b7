import { z } from 'zod';

/**
 * What the network view draws for one case (issue #9 item 1), stored once per case by the
 * analysis worker. Columns of equal length rather than one object per element: a 10,000-bus
 * case stays a few hundred kilobytes. Branch k (1-based) is entry k − 1 of the branch columns,
 * the same numbering as the constraints' `monitored.branch` and `contingency.branch`.
 */
export const networkViewV1Schema = z
  .object({
    schemaVersion: z.literal(1),
    /**
     * 'areas': each area a region of its own, its highest voltages laid out first (cases
     * without coordinates, issue #29); 'force': the whole topology by force (a small case of
     * one area, and views stored before); 'geographic': from a companion coordinates file.
     */
    layout: z.enum(['force', 'areas', 'geographic']),
    /** The case's areas with a name (PSS/E area data); absent when the file names none. */
    areas: z.object({ number: z.array(z.number().int()), name: z.array(z.string()) }).optional(),
    buses: z.object({
      number: z.array(z.number().int()),
      /** Display name (docs/analysis.md §1): the file's name, else `B<number>`. */
      name: z.array(z.string()),
      baseKv: z.array(z.number()),
      x: z.array(z.number()),
      y: z.array(z.number()),
      /** MATPOWER bus type: 1 PQ, 2 PV, 3 reference, 4 isolated. */
      type: z.array(z.number().int().min(1).max(4)),
      /** Area number of each bus (absent in views stored before issue #29). */
      area: z.array(z.number().int()).optional(),
      /** Active load of each bus, MW (absent in views stored before issue #29). */
      loadMw: z.array(z.number()).optional(),
    }),
    branches: z.object({
      /** Bus numbers, not indices. */
      from: z.array(z.number().int()),
      to: z.array(z.number().int()),
      name: z.array(z.string()),
      /** RATE_A in MW (DC); 0 when the case gives no rating. */
      ratingMw: z.array(z.number().nonnegative()),
      /** DC flow of the base case (N-0) at the case dispatch, from-end, MW. */
      flowMw: z.array(z.number()),
      inService: z.array(z.boolean()),
    }),
    generators: z.object({
      bus: z.array(z.number().int()),
      pMw: z.array(z.number()),
      pMaxMw: z.array(z.number()),
      inService: z.array(z.boolean()),
    }),
  })
  .superRefine((view, ctx) => {
    const columns: [string, Record<string, unknown[] | undefined>][] = [
      ['buses', view.buses],
      ['branches', view.branches],
      ['generators', view.generators],
      ...(view.areas === undefined ? [] : [['areas', view.areas] as [string, typeof view.areas]]),
    ];
    for (const [group, table] of columns) {
      const lengths = new Set(
        Object.values(table)
          .filter((column) => column !== undefined)
          .map((column) => column.length),
      );
      if (lengths.size > 1) {
        ctx.addIssue({ code: 'custom', path: [group], message: 'columns differ in length' });
      }
    }
  });
export type NetworkViewV1 = z.infer<typeof networkViewV1Schema>;

/** `GET /api/cases/:caseId/network` and `GET /api/demo-study/network`. */
export const networkViewResponseSchema = z.object({ network: networkViewV1Schema });
export type NetworkViewResponse = z.infer<typeof networkViewResponseSchema>;
