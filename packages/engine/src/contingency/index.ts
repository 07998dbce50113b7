export type { IslandingOutage, Loading, N1Options, N1Result, PostRating } from './n1';
export { screenN1 } from './n1';
export type { Ranked } from './top-k';
export { TopK } from './top-k';
