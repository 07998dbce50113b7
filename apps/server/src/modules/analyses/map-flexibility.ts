import { flexibilityToV1, type FlexibilityResult, type Network } from '@holgura/engine';
import { describeStudyGroup, flexibilitySchema, type Flexibility } from '@holgura/contracts';
import { setContingencyName } from '../contingency-sets/contingency-set-n1';

/**
 * The engine's flexibility result of `net` in the contract's form, checked against the schema;
 * a planner's contingency named as every table names it (issue #30).
 */
export function toContractFlexibility(result: FlexibilityResult, net: Network): Flexibility {
  return flexibilitySchema.parse(
    flexibilityToV1(result, describeStudyGroup, net, (c) => setContingencyName(net, c)),
  );
}
