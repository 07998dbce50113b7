export {
  shortCircuitStrength,
  type ShortCircuitOptions,
  type ShortCircuitResult,
  type ShortCircuitStatus,
} from './scc';
export {
  readBreakerRatings,
  shortCircuitLimits,
  type PlantTechnology,
  type ShortCircuitLimitOptions,
  type ShortCircuitLimits,
} from './limits';
