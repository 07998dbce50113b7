export type { AreaProfile, HourlyProfiles, UnitProfile, UnitStatusProfile } from './profiles';
export { readChangeTableProfiles, readCsvProfiles, readProfiles } from './profiles';
export type { HourDispatch, HourlyDispatch } from './hourly-dispatch';
export { hourlyDispatch } from './hourly-dispatch';
export type {
  BusHours,
  HourlyCapacityOptions,
  HourlyCapacityResult,
  HourlyConstraint,
  InfeasibleHour,
} from './hourly-capacity';
export { hourlyCapacities, infeasibleHours } from './hourly-capacity';
export type { PlantCurtailment } from './curtailment';
export {
  durationCurve,
  firmMw,
  monthHourMean,
  monthOfHour,
  mwAtCurtailment,
  plantCurtailment,
} from './curtailment';
export type { PlantProfile, PlantProfileSpec } from './plant-profile';
export { plantProfile, readPlantProfileValues } from './plant-profile';
export { CURTAILMENT_SHARES, constraintsOutput, yearFigures } from './year-figures';
