// Public API of the transfer primitive (docs/analysis.md §4): source and sink weights, the
// screen context and its LODF stream, T(c), the FCITC sweep, pre-existing violations, the
// dispatch at a transfer and its AC check. 0-based indices throughout.
export type { ViolationCounts, ViolationEffect } from './pre-existing';
export type { Plant, Plants } from './plants';
export { groupPlants } from './plants';
export type {
  SinkRule,
  SinkSpec,
  StudyGroupRule,
  StudyGroupSpec,
  TransferErrorCode,
  TransferWeights,
} from './weights';
export { buildTransferWeights } from './weights';
export type { ScreenContext, ScreenOptions } from './screen';
export { buildScreenContext, postLimitMw } from './screen';
export type { FcitcOptions, FcitcResult } from './fcitc';
export type { RawConstraint } from './sweep';
export { computeFcitc } from './fcitc';
export type { TransferPattern } from './dispatch';
export { networkAtTransfer } from './dispatch';
export type { PlantSensitivityRow, SensitivityTarget } from './sensitivities';
export { constraintSensitivities } from './sensitivities';
export type { GeneratorOutageInput } from './generator-outages';
export type { AcCheck } from './ac-check';
export { AC_DC_FLAG_RATIO, acCheckAtTransfer } from './ac-check';
