// Public API of connection windows (issue #28): the joint N-1 allocation of many requests under
// the rules order, max and fair, with why each request got what it got. 0-based rows.
export type {
  RequestStatus,
  WindowAward,
  WindowBinding,
  WindowOptions,
  WindowResult,
  WindowSituation,
  WindowStats,
  PreparedWindow,
} from './allocate';
export {
  allocateFirmWindow,
  allocatePrepared,
  allocateWindow,
  bindingOneBased,
  prepareWindow,
} from './allocate';
export { studySituations } from './situations';
export type { WindowRequest } from './requests';
export { MAX_WINDOW_REQUESTS } from './requests';
export type { WindowRule } from './rules';
export { loadSolver, LpNotOptimal, SolverAborted } from './lp';
