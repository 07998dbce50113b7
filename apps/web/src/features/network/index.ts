// The network feature's entry, loaded lazily by the app shell (sigma stays in its own chunk).
export { CaseBusMarkersMap } from './case-bus-markers-map';
export { BusbarCapacityMap } from './busbar-capacity-map';
export { CaseCapacityMap } from './case-capacity-map';
export { CaseNetwork } from './case-network';
