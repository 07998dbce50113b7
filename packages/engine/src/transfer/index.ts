// Public API of the transfer module (docs/analysis.md §4–§6). 0-based indices throughout.
export type {
  ConstraintResult,
  ElementState,
  FlexibilityExtra,
  FlexibilityLevelResult,
  FlexibilityFigure,
  FlexibilityResult,
  GeneratorOutageState,
  PlantResult,
  PlantSensitivity,
  PreExistingResult,
  PreExistingViolationResult,
  StudyGroupResult,
} from './types';
export type {
  RenewableFacts,
  StudyGroupChoice,
  StudyGroupKind,
  StudyGroupReasonCode,
} from './study-group';
export {
  headroomIsMeaningful,
  MEANINGFUL_HEADROOM_MW,
  MEANINGFUL_HEADROOM_SHARE,
  RENEWABLE_FUELS,
  resolveStudyGroup,
} from './study-group';
export type { ViolationCounts, ViolationEffect } from './pre-existing';
export type { CatalogOption, GeneratorCatalog } from './group-catalog';
export { generatorCatalog } from './group-catalog';
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
export type { FlexibilityOptions } from './flexibility';
export { analyseFlexibility } from './flexibility';
export type { TransferPattern } from './dispatch';
export { networkAtTransfer } from './dispatch';
export type {
  BusbarCapacity,
  BusbarCapacityOptions,
  BusbarCapacityResult,
  BusbarConstraint,
} from './busbar-capacity';
export { busbarCapacity } from './busbar-capacity';
export type {
  AllBusbarOptions,
  AllBusbarResult,
  AllBusbarStats,
  BusbarFigures,
} from './all-busbars';
export { BusbarStatus, allBusbarCapacities } from './all-busbars';
export type { WorsenedViolations } from './all-busbars-bus';
export type { HelperSpawn } from './all-busbars-threads';
export type { BusbarSetupOptions } from './busbar-setup';
export type { PlantSensitivityRow, SensitivityTarget } from './sensitivities';
export { constraintSensitivities } from './sensitivities';
export type { GeneratorOutageInput } from './generator-outages';
export type { AcCheck, BusbarAcCheck } from './ac-check';
export { AC_DC_FLAG_RATIO, acCheckAtTransfer, busbarAcCheck } from './ac-check';
