import { z } from 'zod';

/**
 * A case's contingency definitions (issue #30, docs/analysis.md §3.5):
 *   PUT    /api/cases/{caseId}/contingency-set        body: the file, x-file-name → 200;
 *                                                     or multipart/form-data with the .con and
 *                                                     its .sub and .mon (told apart by content);
 *                                                     or JSON { rules } (contingencies by rule)
 *   GET    /api/cases/{caseId}/contingency-set        → 200 (set null: every branch, one at a time)
 *   DELETE /api/cases/{caseId}/contingency-set        → 200 (back to every branch)
 *   GET    /api/cases/{caseId}/contingency-set/file   → the file as it was sent
 *                                                     (?part=subsystems|monitored: the others)
 * The file is a MATPOWER change table (contab, .m) or a PSS/E contingency file (.con), read
 * against the case. A file with lines that name nothing in the case is refused whole (422, the
 * lines listed): nothing is ever computed on part of a planner's list. Putting or deleting one
 * computes the case's busbar capacities again on the new set (`capacityJobId`).
 */

/** How many contingencies of each kind the file gives (its N-0 base case is always added). */
export const contingencyCountsSchema = z.object({
  total: z.number().int().nonnegative(),
  /** One branch. */
  branch: z.number().int().nonnegative(),
  /** Several branches at once (double circuits, N-2 and more). */
  multiBranch: z.number().int().nonnegative(),
  /** Units only. */
  generator: z.number().int().nonnegative(),
  /** Branches and units together. */
  mixed: z.number().int().nonnegative(),
});
export type ContingencyCounts = z.infer<typeof contingencyCountsSchema>;

export const contingencyFileFormats = ['contab', 'psse-con', 'rules'] as const;

/**
 * Contingencies by rule instead of a file (engine's ContingencyRules): each in-service branch,
 * parallel circuits out together, each producing unit; only elements of at least `minKv` and
 * with a bus in `areas` / `zones` when given.
 */
export const contingencyRulesSchema = z
  .strictObject({
    singleBranches: z.boolean(),
    parallelCircuits: z.boolean(),
    units: z.boolean(),
    minKv: z.number().min(0).max(2000).optional(),
    areas: z.array(z.number().int()).min(1).max(500).optional(),
    zones: z.array(z.number().int()).min(1).max(500).optional(),
  })
  .refine((r) => r.singleBranches || r.parallelCircuits || r.units, {
    error: 'Elige al menos una regla: cada rama, circuitos paralelos o cada unidad',
  });
export type ContingencyRules = z.infer<typeof contingencyRulesSchema>;

export const putContingencyRulesSchema = z.strictObject({ rules: contingencyRulesSchema });

/** A line of the file that names nothing Holgura can take out, and why (Spanish). */
export const unresolvedContingencyLineSchema = z.object({
  line: z.number().int().positive(),
  text: z.string(),
  /** The engine's code (contingency-set.ts: UnresolvedCode). */
  code: z.string(),
  message: z.string(),
  /** The file it is in, when several were sent (a .con with its .sub and .mon). */
  file: z.string().optional(),
});
export type UnresolvedContingencyLine = z.infer<typeof unresolvedContingencyLineSchema>;

/**
 * One monitored branch after one contingency of the set (or in the base case), as the N-1
 * screening on the set found it (engine's screenContingencySet).
 */
export const contingencySetLoadingSchema = z.object({
  /** 1-based branch row. */
  monitoredBranch: z.number().int().positive(),
  monitoredName: z.string(),
  /** The contingency's label in the file (or the rule's name); null: the base case (N-0). */
  contingencyLabel: z.string().nullable(),
  /** «Contingencia 12: A – B ckt 1 + unidad 40 en …»; null: the base case. */
  contingencyName: z.string().nullable(),
  flowMw: z.number(),
  /** The limit it is checked against (RATE_A in N-0, the post-contingency rating after). */
  limitMva: z.number(),
  loadingPercent: z.number(),
});
export type ContingencySetLoading = z.infer<typeof contingencySetLoadingSchema>;

/** A contingency of the set that splits the network: what it leaves without supply. */
export const contingencySetIslandingSchema = z.object({
  contingencyLabel: z.string(),
  contingencyName: z.string(),
  /** Buses cut off from the rest. */
  buses: z.number().int().nonnegative(),
  /** Load of those buses, MW. */
  disconnectedMw: z.number(),
});
export type ContingencySetIslanding = z.infer<typeof contingencySetIslandingSchema>;

/** At most this many loadings and islanding contingencies travel with a set. */
export const CONTINGENCY_SET_TOP = 50;

/**
 * The N-1 screening of the case on its set (issue #30, docs/analysis.md §3.5): each
 * contingency's exact post-outage DC flows against every rated branch's post-contingency limit,
 * a lost unit's output made up by the others' room up. Computed when the set is saved.
 */
export const contingencySetN1Schema = z.object({
  /** Contingencies whose flows were computed (the rest island buses or were skipped). */
  evaluated: z.number().int().nonnegative(),
  /** How many split the network, and the worst of them by MW cut off (CONTINGENCY_SET_TOP). */
  islandingCount: z.number().int().nonnegative(),
  islanding: z.array(contingencySetIslandingSchema),
  /** Contingencies naming only elements already out of service, or units nobody can replace. */
  skipped: z.number().int().nonnegative(),
  /** Contingencies whose lost units needed more than the others' room up (the rest unserved). */
  pickupShort: z.number().int().nonnegative(),
  monitored: z.number().int().nonnegative(),
  baseCaseOverloads: z.number().int().nonnegative(),
  overloadedPairs: z.number().int().nonnegative(),
  /** Worst loadings, base case and after each contingency together, descending. */
  top: z.array(contingencySetLoadingSchema),
  /** The monitored file's interfaces (flowgates): the sum of their members' flows. */
  interfaces: z.array(
    z.object({
      name: z.string(),
      /** MW; null: the file gives no rating, the flows are shown without a loading. */
      limitMw: z.number().nullable(),
      baseFlowMw: z.number(),
      /** The largest |flow| after a contingency; null when none was computed. */
      worst: z
        .object({ contingencyLabel: z.string(), contingencyName: z.string(), flowMw: z.number() })
        .nullable(),
      /** Contingencies after which |flow| exceeds the limit. */
      overloads: z.number().int().nonnegative(),
    }),
  ),
});
export type ContingencySetN1 = z.infer<typeof contingencySetN1Schema>;

export const contingencySetSummarySchema = z.object({
  /** The file's name; for rules, their description («Reglas: cada rama de 230 kV o más…»). */
  fileName: z.string(),
  format: z.enum(contingencyFileFormats),
  /** The rules, when the set is by rule. */
  rules: contingencyRulesSchema.optional(),
  uploadedAt: z.string(),
  counts: contingencyCountsSchema,
  /** The N-1 screening on the set; null for a set kept before it was computed with it. */
  n1: contingencySetN1Schema.nullable(),
  /** The PSS/E subsystem file (.sub) the contingency and monitored files name; null: none. */
  subsystemsFile: z.object({ fileName: z.string(), subsystems: z.number().int() }).nullable(),
  /**
   * The PSS/E monitored element file (.mon): only its branches and its rated interfaces are
   * watched (in the N-1 and the busbar capacities); its voltage ranges are read, never checked
   * (a DC flow has no voltages).
   */
  monitoredFile: z
    .object({
      fileName: z.string(),
      /** Branches it names (after EXCLUDE), and how many of them have no rating. */
      branches: z.number().int(),
      unrated: z.number().int(),
      interfaces: z.array(
        z.object({
          name: z.string(),
          limitMw: z.number().nullable(),
          members: z.number().int(),
        }),
      ),
      voltageRanges: z.number().int(),
    })
    .nullable(),
});
export type ContingencySetSummary = z.infer<typeof contingencySetSummarySchema>;

export const contingencySetResponseSchema = z.object({
  caseId: z.string(),
  /** null: every in-service branch, one at a time (the default). */
  set: contingencySetSummarySchema.nullable(),
  /** The capacity job computing the case's busbar capacities on this set; null when none ran. */
  capacityJobId: z.string().nullable(),
});
export type ContingencySetResponse = z.infer<typeof contingencySetResponseSchema>;

/** 422: the file was read but some lines name nothing in the case; nothing was kept. */
export const contingencySetRefusedSchema = z.object({
  error: z.object({ code: z.literal('CONTINGENCY_FILE_UNRESOLVED'), message: z.string() }),
  /** How many lines are unresolved, and the first 100 of them. */
  unresolvedCount: z.number().int().positive(),
  unresolved: z.array(unresolvedContingencyLineSchema),
  /** What the resolved lines give, for the planner to judge the rest. */
  counts: contingencyCountsSchema,
});
export type ContingencySetRefused = z.infer<typeof contingencySetRefusedSchema>;

/** At most this many unresolved lines travel with a 422 (the count says how many there are). */
export const MAX_UNRESOLVED_LINES_SHOWN = 100;
/** The files of one set at most: contingencies, subsystems (.sub), monitored elements (.mon). */
export const MAX_CONTINGENCY_FILES = 3;
/** The largest definitions file accepted, bytes (a 10,000-entry .con is about 1 MB). */
export const MAX_CONTINGENCY_FILE_BYTES = 10 * 1024 * 1024;
