export { findBridges } from './bridges';
export type { Dfactors } from './dfactors';
export {
  lodfColumn,
  lodfRow,
  makeDfactors,
  ptdfColumn,
  ptdfRow,
  solveBranchTransfer,
} from './dfactors';
