// Public API of the flexibility analysis (docs/analysis.md §5): a study group's transfer, its
// FCITC both ways, the levels and the generators of each constraint. 0-based indices.
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
} from './result';
export type { FlexibilityOptions } from './analyse';
export { analyseFlexibility } from './analyse';
