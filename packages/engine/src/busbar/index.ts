// Public API of busbar connection capacity (docs/analysis.md §6): one bus (capacity.ts, its AC
// check) and every bus at once (all/). 0-based indices.
export type {
  BusbarCapacity,
  BusbarCapacityOptions,
  BusbarCapacityResult,
  BusbarConstraint,
} from './capacity';
export { busbarCapacity } from './capacity';
export type { BusbarSetupOptions } from './setup';
export type { BusbarAcCheck } from './ac-check';
export { busbarAcCheck } from './ac-check';
export type {
  AcCapacity,
  AcCapacityOptions,
  AcLimitingVariable,
  AcReuse,
  AcViolation,
} from './ac-capacity';
export { acVerifiedCapacity } from './ac-capacity';
export type { AcCapacitiesOptions, AcCapacitiesResult } from './ac-capacities';
export { acVerifiedCapacities } from './ac-capacities';
export type {
  AllBusbarOptions,
  AllBusbarResult,
  AllBusbarStats,
  BusbarFigures,
} from './all/capacities';
export { BusbarStatus, allBusbarCapacities } from './all/capacities';
export type { WorsenedViolations } from './all/bus';
export type { HelperSpawn } from './all/threads';
