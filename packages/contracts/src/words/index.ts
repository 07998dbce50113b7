/**
 * Words shared by the web and the server (issue #27): the server sends codes and data, and what
 * the user reads — on screen or in a downloaded file — is written here once.
 */
export * from './progress-stage';
export * from './progress-stage-words';
export * from './shared-words';
export * from './export-words';
export * from './study-workbook-words';
export * from './study-problem-words';
export * from './study-template-example';
export * from './window-words';
export * from './report-words';
export * from './input-check-words';
export * from './case-report-words';
export * from './contingency-set-words';
export * from './study-verification-words';
