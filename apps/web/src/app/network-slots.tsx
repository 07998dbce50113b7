import { MapPin } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import {
  NetworkSlotContext,
  type BusbarCapacityMapProps,
  type CaseNetworkProps,
  type NetworkSlots,
} from '../lib/network-slot';
import { es } from '../strings/es';
import { esNetworkSlot } from '../strings/es-network-slot';

// The network feature (and sigma behind it) loads only when a screen shows a network; this file
// is in the shared bundle, so it imports nothing of the feature's (not even its strings).
const LazyCaseNetwork = lazy(() =>
  import('../features/network').then((module) => ({ default: module.CaseNetwork })),
);
const LazyBusbarCapacityMap = lazy(() =>
  import('../features/network').then((module) => ({ default: module.BusbarCapacityMap })),
);

function CaseNetworkSlot(props: CaseNetworkProps) {
  return (
    <Suspense fallback={<Spinner label={es.auth.loadingForms} className="py-10" />}>
      <LazyCaseNetwork {...props} />
    </Suspense>
  );
}

/**
 * The map is asked for, not drawn with every visit: /resultados is read mostly for its cards, and
 * the map costs the renderer and the study network (megabytes for a large system).
 */
function BusbarCapacityMapSlot(props: BusbarCapacityMapProps) {
  const [shown, setShown] = useState(false);
  if (!shown) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" size="sm" onClick={() => setShown(true)}>
          <MapPin aria-hidden="true" className="h-4 w-4" />
          {esNetworkSlot.showCapacityMap}
        </Button>
        <p className="text-sm text-slate-600">{esNetworkSlot.showCapacityMapHint}</p>
      </div>
    );
  }
  return (
    <Suspense fallback={<Spinner label={es.auth.loadingForms} className="py-10" />}>
      <LazyBusbarCapacityMap {...props} />
    </Suspense>
  );
}

const slots: NetworkSlots = {
  CaseNetwork: CaseNetworkSlot,
  BusbarCapacityMap: BusbarCapacityMapSlot,
};

/** Gives /analisis and /resultados the network feature without them importing it. */
export function NetworkSlotsProvider({ children }: { children: ReactNode }) {
  return <NetworkSlotContext.Provider value={slots}>{children}</NetworkSlotContext.Provider>;
}
