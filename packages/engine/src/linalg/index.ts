export type { Csc } from './csc';
export { fromTriplets, matTVec, matVec, submatrix, toDense, transpose } from './csc';
export { minimumDegree, minimumDegreeOfGraph } from './minimum-degree';
export type { LuFactors, LuOptions } from './lu';
export { luFactor, luNonzeros, luRefactor, luSolve } from './lu';
export type { Batch4Workspace } from './lu-batch';
export { BATCH, luSolve4, makeBatch4Workspace } from './lu-batch';
