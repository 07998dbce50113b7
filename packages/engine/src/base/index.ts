// The base case every analysis starts from: effective limits, base dispatch, input checks.
export type { BaseCase, BaseCaseOptions, BaseCaseReport } from './base-case';
export { prepareBaseCase } from './base-case';
export type { BaseDispatch, IslandDispatch, SlackRule, UnitChange } from './base-dispatch';
export { MISMATCH_WARNING_SHARE, baseDispatch } from './base-dispatch';
export type { EffectiveLimits } from './generator-limits';
export {
  UNBOUNDED_HEADROOM_MW,
  UNBOUNDED_LIMIT_MW,
  effectiveLimits,
  isUnboundedMax,
  isUnboundedMin,
} from './generator-limits';
export type { CheckedFigure, InputCheck, InputCheckCode } from './input-checks';
export { INPUT_CHECK_CODES, inputChecks, refuseNonFinite } from './input-checks';
