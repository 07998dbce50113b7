import { flexibilityToV1, type FlexibilityResult } from '@holgura/engine';
import { describeStudyGroup, flexibilitySchema, type Flexibility } from '@holgura/contracts';

/** The engine's flexibility result in the contract's form, checked against the schema. */
export function toContractFlexibility(result: FlexibilityResult): Flexibility {
  return flexibilitySchema.parse(flexibilityToV1(result, describeStudyGroup));
}
