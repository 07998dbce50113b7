export type { FlexibilityV1 } from './flexibility-v1';
export { flexibilityToV1 } from './flexibility-v1';
