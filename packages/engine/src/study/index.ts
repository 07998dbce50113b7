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
export type { StudyCaseResult, StudyOptions } from './run-study';
export { runStudy } from './run-study';
export type { ProjectEffect } from './project-effects';
export { projectEffects } from './project-effects';
