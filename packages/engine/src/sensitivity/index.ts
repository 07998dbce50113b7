export { findBridges } from './bridges';
export type { Dfactors } from './dfactors';
export { lodfColumn, makeDfactors, ptdfColumn, ptdfRow, solveBranchTransfer } from './dfactors';
