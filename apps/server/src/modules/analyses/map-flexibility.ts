import { flexibilityToV1, type FlexibilityResult, type Network } from '@holgura/engine';
import { describeStudyGroup, flexibilitySchema, type Flexibility } from '@holgura/contracts';

/** The engine's flexibility result of `net` in the contract's form, checked against the schema. */
export function toContractFlexibility(result: FlexibilityResult, net: Network): Flexibility {
  return flexibilitySchema.parse(flexibilityToV1(result, describeStudyGroup, net));
}
