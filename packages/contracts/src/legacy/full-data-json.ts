import { z } from 'zod';

/**
 * The original product's `fullDataJSON` (docs/product.md §3): an import/export format only
 * (docs/analysis.md §8). Holgura's own result is `analysis-result.v1`; this file holds the layout
 * and `full-data-json.read.ts` / `full-data-json.write.ts` the two adapters.
 *
 * The spec names the members but not every shape. Where it is silent we read it as follows
 * (and write exactly this):
 * - `pes` and `sensitivities` are lists of named value lists `{ name, values }`;
 * - `pes[1]` lists the element names (monitored and contingency), `pes[2]` the generator names;
 * - `sensitivities[1].values[i]` = [initial flow MW, maximum capacity, emergency capacity] of
 *   element `pes[1].values[i]`; `sensitivities[2].values[j]` = [initial power MW, maximum
 *   capacity MW, units in parallel] of generator `pes[2].values[j]`;
 * - a constraint's `model` gives each generator's sensitivity in `output`;
 * - a constraint's `scenarios` give each generator's dispatch where the overload starts
 *   (`output`) and at the maximum dispatch (`outputWorst`), with status 0 = in service.
 */
const looseNumber = z.union([z.number(), z.string()]);

export const legacyModelEntrySchema = z.object({
  generatorName: z.string(),
  output: looseNumber,
});

export const legacyScenarioEntrySchema = z.object({
  generatorName: z.string(),
  output: looseNumber,
  status_output: looseNumber,
  outputWorst: looseNumber,
  status_outputWorst: looseNumber,
});

export const legacyConstraintSchema = z.object({
  monitored: z.string().nullish(),
  contingency: z.string().nullish(),
  ranking: looseNumber.nullish(),
  model: z.array(legacyModelEntrySchema).nullish(),
  scenarios: z.array(legacyScenarioEntrySchema).nullish(),
});
export type LegacyConstraint = z.infer<typeof legacyConstraintSchema>;

export const legacyLayerSchema = z.object({
  level: looseNumber.nullish(),
  flexibility: looseNumber.nullish(),
  constraints: z.array(legacyConstraintSchema).nullish(),
});

const namedValuesSchema = z.object({ name: z.string(), values: z.array(z.unknown()) });

export const legacyLinealDescriptionSchema = z.object({
  pes: z.array(namedValuesSchema),
  sensitivities: z.array(namedValuesSchema),
});

export const fullDataJsonSchema = z.object({
  caseResult: z.array(
    z.object({
      caseName: z.string().nullish(),
      layers: z.array(legacyLayerSchema).nullish(),
      linealDescription: z.array(legacyLinealDescriptionSchema).nullish(),
    }),
  ),
});
export type FullDataJson = z.infer<typeof fullDataJsonSchema>;

/** Shown when a constraint has no contingency element (docs/product.md §3): the N-0 case. */
export const FULL_NETWORK_OVERLOAD = 'SOBRECARGA RED COMPLETA';

/** Spec §9: generators below this sensitivity do not count on the results cards. */
export const SENSITIVITY_THRESHOLD = 0.01;
