export type {
  StudyInterchange,
  StudyProject,
  StudyProjectBranch,
  StudyProjectUnit,
  StudyScenario,
  StudySpec,
} from './types';
export type { StudyCase } from './build-study-case';
export { buildStudyCase } from './build-study-case';
export type {
  StudyBusbar,
  StudyBusbarVerification,
  StudyCaseResult,
  StudyContingencySet,
  StudyLimitingVariable,
  StudyOptions,
  StudyVerification,
} from './run-study';
export type { BusbarGenerator } from '../busbar/generators';
export { busbarLimitingGenerators, GENERATOR_SENSITIVITY_THRESHOLD } from '../busbar/generators';
export { runStudy, runStudyCase } from './run-study';
export type { ProjectEffect } from './project-effects';
export { projectEffects } from './project-effects';
