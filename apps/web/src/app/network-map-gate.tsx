import { MapPin } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import type { BusbarCapacityMapProps } from '../lib/network-slot';
import { es } from '../strings/es';
import { esNetworkSlot } from '../strings/es-network-slot';

const LazyBusbarCapacityMap = lazy(() =>
  import('../features/network').then((module) => ({ default: module.BusbarCapacityMap })),
);

/**
 * The map is asked for, not drawn with every visit: /resultados is read mostly for its cards, and
 * the map costs the renderer and the study network (megabytes for a large system). Loaded with
 * /resultados, not with the shared bundle.
 */
export default function BusbarCapacityMapGate(props: BusbarCapacityMapProps) {
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
