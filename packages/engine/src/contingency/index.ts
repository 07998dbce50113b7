export type { IslandingOutage, Loading, N1Options, N1Result, PostRating } from './n1';
export { screenN1 } from './n1';
export type { Ranked } from './top-k';
export { TopK } from './top-k';
export type {
  Contingency,
  ContingencyCounts,
  ContingencySet,
  UnresolvedCode,
  UnresolvedLine,
} from './sets/contingency-set';
export { countContingencies } from './sets/contingency-set';
export { readContab } from './sets/contab';
export type { GenerationPickup, OutageEvaluator, OutageOutcome } from './sets/outage-flows';
export { makeOutageEvaluator } from './sets/outage-flows';
export type { SetLoading, SetScreenOptions, SetScreenResult } from './sets/screen-set';
export { screenContingencySet } from './sets/screen-set';
export type { Subsystem, SubsystemSet } from './sets/psse-sub';
export { readSubsystems } from './sets/psse-sub';
export type {
  InterfaceMember,
  MonitoredDefinition,
  MonitoredInterface,
  MonitoredOptions,
  VoltageRange,
} from './sets/psse-mon';
export { readMonitored } from './sets/psse-mon';
export type { ExpandedRule, PsseContingencyOptions, PsseContingencySet } from './sets/psse-con';
export { DEFAULT_MAX_EXPANSION, readPsseContingencies } from './sets/psse-con';
export type { BusbarOnSetOptions, BusbarOnSetResult, SetConstraint } from './sets/busbar-on-set';
export {
  busbarCapacityOnSet,
  interfaceMonitored,
  interfaceOfMonitored,
} from './sets/busbar-on-set';
export type { BusbarAcCheckOnSet } from './sets/ac-check-on-set';
export { busbarAcCheckOnSet } from './sets/ac-check-on-set';
export type { AcCapacityOnSetOptions } from './sets/ac-capacity-on-set';
export { acVerifiedCapacityOnSet } from './sets/ac-capacity-on-set';
export type { WatchedFlow } from './sets/set-sensitivity';
export { setSensitivityTarget } from './sets/set-sensitivity';
export type {
  AllBusbarsOnSetOptions,
  AllBusbarsOnSetResult,
  NotScreened,
} from './sets/busbars-on-set';
export { allBusbarCapacitiesOnSet, SET_CONTINGENCY } from './sets/busbars-on-set';
export type {
  BundleUnresolvedLine,
  ContingencyDefinitionOptions,
  DefinitionBundle,
  DefinitionFile,
  DefinitionFileKind,
} from './sets/read-definitions';
export {
  contingencyName,
  definitionFileKind,
  readContingencyDefinitions,
  readDefinitionBundle,
} from './sets/read-definitions';
export type { ContingencyRules } from './sets/rules';
export { expandContingencyRules } from './sets/rules';
