export type { DescribeStudyGroup, FlexibilityV1, StudyGroupWords } from './flexibility-v1';
export { flexibilityToV1 } from './flexibility-v1';
