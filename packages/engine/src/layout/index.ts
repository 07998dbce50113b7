export type { ForceLayoutOptions, NetworkLayout } from './force-layout';
export { busAdjacency, computeForceLayout, defaultIterations } from './force-layout';
export type { BusCoordinate } from './geographic';
export { geographicLayout, parseBusCoordinatesCsv } from './geographic';
