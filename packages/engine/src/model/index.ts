export type {
  Branches,
  Buses,
  BusIndex,
  BusNumber,
  BusTypeCode,
  Generators,
  Network,
  Warning,
} from './network';
export { BusType, busDisplayName, busIndex, busNumber } from './network';
export type { InService } from './indexing';
export { inServiceMask, indexOfBus, makeBusLookup } from './indexing';
export type { Islands } from './islands';
export { findIslands } from './islands';
export { branchDisplayName, busLabel } from './display-names';
