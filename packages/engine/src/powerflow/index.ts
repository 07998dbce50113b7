export type { Bdc } from './make-bdc';
export { makeBdc } from './make-bdc';
export type { ReducedB } from './reduced-b';
export { factorReducedB, solveReducedB } from './reduced-b';
export type { DcModel, DcPowerFlow } from './dcpf';
export { buildDcModel, dcInjections, runDcPowerFlow } from './dcpf';
