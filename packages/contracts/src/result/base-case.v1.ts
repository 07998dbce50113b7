import { z } from 'zod';

/**
 * The base case an analysis ran on (issue #25, docs/analysis.md §3): who took the
 * file's generation–load mismatch, and the input checks — what the input does to the figures.
 * The engine's `baseCaseToV1` writes it; the web words each check from its code and params
 * (strings/es-input-checks.ts), beside the figures it `affects`.
 */

/** Mirrors the engine's INPUT_CHECK_CODES (a test ties the two lists). */
export const inputCheckCodes = [
  'GEN_LIMITS_UNBOUNDED',
  'GEN_LIMITS_INVERTED',
  'GEN_OUTPUT_OUTSIDE_LIMITS',
  'DISPATCH_MISMATCH_LARGE',
  'DISPATCH_UNABSORBED',
  'BRANCHES_UNRATED',
  'NO_RATED_BRANCH',
  'ISLANDS_WITHOUT_GENERATION',
  'DUPLICATE_CIRCUITS',
] as const;
export type InputCheckCode = (typeof inputCheckCodes)[number];

export const checkedFigures = ['n1', 'flexibility', 'capacity'] as const;
export type CheckedFigure = (typeof checkedFigures)[number];

export const inputCheckSchema = z.object({
  code: z.enum(inputCheckCodes),
  /** Where the web shows it: beside the N-1 figures, the flexibility, the busbar capacities. */
  affects: z.array(z.enum(checkedFigures)),
  /** English, for the CLI and logs; the screen words the code. */
  message: z.string(),
  params: z.record(z.string(), z.union([z.number(), z.string()])),
});
export type InputCheck = z.infer<typeof inputCheckSchema>;

export const slackRules = ['distributed', 'single'] as const;
export type SlackRule = (typeof slackRules)[number];

const unitSchema = z.object({
  /** 1-based generator row. */
  generator: z.number().int().positive(),
  busNumber: z.number().int(),
  busName: z.string(),
});

export const baseCaseSchema = z.object({
  /**
   * 'distributed': the mismatch shared by every in-service unit in proportion to its output,
   * within its limits; 'single': MATPOWER's rundcpf, the reference unit takes it all.
   */
  slack: z.enum(slackRules),
  loadMw: z.number(),
  generationMw: z.number(),
  /** generationMw − loadMw: the AC losses the file's dispatch covers, or worse. */
  mismatchMw: z.number(),
  mismatchPercent: z.number().nonnegative(),
  participants: z.number().int().nonnegative(),
  unitsAtLimit: z.number().int().nonnegative(),
  unabsorbedMw: z.number(),
  /** The biggest moves of the base dispatch, |Δ| descending (at most 5). */
  largestChanges: z.array(unitSchema.extend({ fromMw: z.number(), toMw: z.number() })),
  /** Each island's reference unit, and where a single slack would have put it. */
  referenceUnits: z.array(unitSchema.extend({ fileMw: z.number(), singleSlackMw: z.number() })),
  checks: z.array(inputCheckSchema),
});
export type BaseCase = z.infer<typeof baseCaseSchema>;

/** The checks that bear on one figure: what the screen shows beside it. */
export function checksFor(baseCase: BaseCase | null | undefined, figure: CheckedFigure) {
  return (baseCase?.checks ?? []).filter((check) => check.affects.includes(figure));
}
