import { z } from 'zod';

/**
 * The routes and shapes of the original product's calculation API ("SAX API", docs/product.md §7), which
 * Holgura keeps so existing clients go on working.
 */
export const legacyApiCaseSchema = z.object({
  _id: z.string(),
  caseResult: z.array(
    z.object({
      caseName: z.string(),
      caseDescription: z.string().nullable(),
      creationDate: z.string(),
      process: z.string().nullable(),
      familyId: z.string().nullable(),
      familyName: z.string().nullable(),
    }),
  ),
});
export type LegacyApiCase = z.infer<typeof legacyApiCaseSchema>;

/** GET /cases */
export const legacyCasesResponseSchema = z.object({ response: z.array(legacyApiCaseSchema) });

/** POST /download-excel/api-results (and under /api) */
export const legacyResultsRequestSchema = z.object({
  cases: z.array(z.string().min(1)).min(1, 'Indica al menos un caso').max(100),
});

export const legacyResultsResponseSchema = z.object({
  response: z.object({
    /** Per requested case, in request order: its fullDataJSON and extras. */
    case: z.array(
      z.object({
        caseId: z.string(),
        fullDataJSON: z.unknown().nullable(),
        extras: z.unknown().nullable(),
      }),
    ),
    /** One list of rows: the requested cases as table rows. */
    listCases: z.array(
      z.object({
        rows: z.array(
          z.object({
            caseId: z.string(),
            caseName: z.string(),
            creationDate: z.string(),
            familyId: z.string().nullable(),
            familyName: z.string().nullable(),
          }),
        ),
      }),
    ),
  }),
});
export type LegacyResultsResponse = z.infer<typeof legacyResultsResponseSchema>;
