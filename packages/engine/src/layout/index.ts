export type { ForceLayoutOptions, NetworkLayout } from './force-layout';
export type { AreaLayoutOptions, AreaLayoutTopology } from './area-layout';
export { areaLayoutOf, areasOf, computeAreaLayout } from './area-layout';
export {
  adjacencyOf,
  busAdjacency,
  computeForceLayout,
  defaultIterations,
  forceLayoutOf,
} from './force-layout';
export type { BusCoordinate, LayoutTopology } from './geographic';
export { geographicLayout, geographicLayoutOf, parseBusCoordinatesCsv } from './geographic';
