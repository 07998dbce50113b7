export {
  shortCircuitStrength,
  type ShortCircuitOptions,
  type ShortCircuitResult,
  type ShortCircuitStatus,
} from './scc';
