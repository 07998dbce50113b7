import { lazy, Suspense, type ReactNode } from 'react';
import { Spinner } from '../components/ui/spinner';
import {
  NetworkSlotContext,
  type BusbarCapacityMapProps,
  type CaseBusMarkersMapProps,
  type CaseCapacityMapProps,
  type CaseNetworkProps,
  type NetworkSlots,
} from '../lib/network-slot';
import { es } from '../strings/es';

// The network feature (and sigma behind it) loads only when a screen shows a network; this file
// is in the shared bundle, so it imports nothing of the feature's (not even its strings).
const LazyCaseNetwork = lazy(() =>
  import('../features/network').then((module) => ({ default: module.CaseNetwork })),
);
const LazyBusbarCapacityMapGate = lazy(() => import('./network-map-gate'));
const LazyCaseCapacityMap = lazy(() =>
  import('../features/network').then((module) => ({ default: module.CaseCapacityMap })),
);

const LazyCaseBusMarkersMap = lazy(() =>
  import('../features/network').then((module) => ({ default: module.CaseBusMarkersMap })),
);

function CaseNetworkSlot(props: CaseNetworkProps) {
  return (
    <Suspense fallback={<Spinner label={es.auth.loadingForms} className="py-10" />}>
      <LazyCaseNetwork {...props} />
    </Suspense>
  );
}

function BusbarCapacityMapSlot(props: BusbarCapacityMapProps) {
  return (
    <Suspense fallback={null}>
      <LazyBusbarCapacityMapGate {...props} />
    </Suspense>
  );
}

function CaseCapacityMapSlot(props: CaseCapacityMapProps) {
  return (
    <Suspense fallback={<Spinner label={es.auth.loadingForms} className="py-10" />}>
      <LazyCaseCapacityMap {...props} />
    </Suspense>
  );
}

function CaseBusMarkersMapSlot(props: CaseBusMarkersMapProps) {
  return (
    <Suspense fallback={<Spinner label={es.auth.loadingForms} className="py-10" />}>
      <LazyCaseBusMarkersMap {...props} />
    </Suspense>
  );
}

const slots: NetworkSlots = {
  CaseNetwork: CaseNetworkSlot,
  BusbarCapacityMap: BusbarCapacityMapSlot,
  CaseCapacityMap: CaseCapacityMapSlot,
  CaseBusMarkersMap: CaseBusMarkersMapSlot,
};

/** Gives /analisis, /resultados and /ventanas the network feature without them importing it. */
export function NetworkSlotsProvider({ children }: { children: ReactNode }) {
  return <NetworkSlotContext.Provider value={slots}>{children}</NetworkSlotContext.Provider>;
}
