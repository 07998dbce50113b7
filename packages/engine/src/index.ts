// Public API of @holgura/engine. Everything else is internal and may change.
export * from './util/index';
export * from './linalg/index';
export * from './model/index';
export * from './io/index';
export * from './powerflow/index';
export * from './shortcircuit/index';
export * from './base/index';
export * from './sensitivity/index';
export * from './contingency/index';
export * from './transfer/index';
export * from './study-group/index';
export * from './flexibility/index';
export * from './busbar/index';
export * from './window/index';
export * from './study/index';
export * from './hours/index';
// The contracts' study file in engine terms (src/cli may read the contracts; types only here).
export { toStudySpec } from './cli/study-spec';
export * from './report/index';
export * from './layout/index';
