export type { DescribeStudyGroup, FlexibilityV1, StudyGroupWords } from './flexibility-v1';
export { flexibilityToV1 } from './flexibility-v1';
export type { BaseCaseV1 } from './base-case-v1';
export { baseCaseSummary, baseCaseToV1 } from './base-case-v1';
