export type { ForceLayoutOptions, NetworkLayout } from './force-layout';
export { adjacencyOf, busAdjacency, computeForceLayout, defaultIterations } from './force-layout';
export type { BusCoordinate, LayoutTopology } from './geographic';
export { geographicLayout, geographicLayoutOf, parseBusCoordinatesCsv } from './geographic';
