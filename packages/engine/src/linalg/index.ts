export type { Csc } from './csc';
export { fromTriplets, matTVec, matVec, submatrix, toDense, transpose } from './csc';
export { minimumDegree, minimumDegreeOfGraph } from './minimum-degree';
export type { LuFactors, LuOptions } from './lu';
export { luFactor, luNonzeros, luRefactor, luSolve } from './lu';
export type { Batch4Workspace, SparseBatch4Workspace } from './lu-batch';
export {
  BATCH,
  factorStepOf,
  luSolve4,
  luSolve4Sparse,
  makeBatch4Workspace,
  makeSparseBatch4Workspace,
} from './lu-batch';
