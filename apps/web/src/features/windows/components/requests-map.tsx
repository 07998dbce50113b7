import type { WindowResultView, WindowRuleName } from '@holgura/contracts';
import { useMemo } from 'react';
import { Card } from '../../../components/ui/card';
import { useNetworkSlots, type BusMarker, type MapNetwork } from '../../../lib/network-slot';
import { esWindows } from '../../../strings/es-windows';
import { cn } from '../../../utils/cn';
import { mwText } from '../model/explanation';
import {
  markerCounts,
  markerLabel,
  markerStatuses,
  requestAtBus,
  requestsByBus,
  STATUS_MARKS,
  type BusRequests,
} from '../model/map-markers';

const t = esWindows.map;

/**
 * The case's network with each request's bus marked by its status under the rule chosen for the
 * whole view (colour, symbol and label), a legend that counts them, and the same marks as a list
 * of buttons: a click on the map or in the list selects the request the explanation shows.
 */
export function RequestsMap({
  network,
  result,
  rule,
  selectedId,
  onSelect,
  className,
}: {
  className?: string;
  /** The case's network, or the study's base network for a window over a study. */
  network: MapNetwork | null;
  result: WindowResultView;
  rule: WindowRuleName;
  selectedId: string | null;
  onSelect: (requestId: string) => void;
}) {
  const { CaseBusMarkersMap } = useNetworkSlots();
  const buses = useMemo(() => requestsByBus(result, rule), [result, rule]);
  const markers = useMemo<BusMarker[]>(
    () =>
      (buses ?? []).map((bus) => ({
        busNumber: bus.bus,
        color: STATUS_MARKS[bus.status].color,
        label: markerLabel(bus, t.more),
        detail: bus.requests
          .map((r) => t.request(r.id, r.status, mwText(r.awardedMw), mwText(r.requestedMw)))
          .join('; '),
      })),
    [buses],
  );
  const selectedBus =
    buses?.find((bus) => bus.requests.some((r) => r.id === selectedId))?.bus ?? null;

  return (
    <Card
      level={3}
      titleId="ventana-mapa"
      title={t.title}
      subtitle={t.caption(rule)}
      className={className}
    >
      <div className="mt-3" data-testid="window-map">
        {buses === null ? (
          <p className="text-sm text-slate-600">{t.ruleFailed}</p>
        ) : network === null ? (
          <p className="text-sm text-slate-600">{t.noCase}</p>
        ) : CaseBusMarkersMap === null ? (
          <p className="text-sm text-slate-600">{t.unavailable}</p>
        ) : (
          <CaseBusMarkersMap
            network={network}
            markers={markers}
            selectedBus={selectedBus}
            onSelectBus={(busNumber) => {
              const bus = buses.find((b) => b.bus === busNumber);
              if (bus !== undefined) onSelect(requestAtBus(bus, selectedId));
            }}
            detailLabel={t.detailLabel}
            searchName={t.searchName}
          >
            <MapLegend buses={buses} />
            <MarkerList buses={buses} selectedId={selectedId} onSelect={onSelect} />
          </CaseBusMarkersMap>
        )}
      </div>
    </Card>
  );
}

function Mark({ status }: { status: keyof typeof STATUS_MARKS }) {
  const { color, symbol } = STATUS_MARKS[status];
  return (
    <span
      aria-hidden="true"
      className="inline-flex h-4 w-4 shrink-0 items-center justify-center rounded-full text-[10px] font-bold leading-none text-white"
      style={{ backgroundColor: color }}
    >
      {symbol}
    </span>
  );
}

/** What each colour and symbol means, with how many requests (or buses) carry it. */
function MapLegend({ buses }: { buses: BusRequests[] }) {
  const counts = markerCounts(buses);
  return (
    <div>
      <h4
        id="ventana-mapa-leyenda"
        className="text-xs font-semibold uppercase tracking-wide text-slate-600"
      >
        {t.legendTitle}
      </h4>
      <ul
        aria-labelledby="ventana-mapa-leyenda"
        data-testid="window-map-legend"
        className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700"
      >
        {markerStatuses
          .filter((status) => status !== 'mixed' || counts.mixed > 0)
          .map((status) => (
            <li key={status} className="flex items-center gap-1.5" data-status={status}>
              <Mark status={status} />
              <span>{t.legend[status]}</span>
              <span className="tabular-nums text-slate-600">
                {status === 'mixed' ? t.busCount(counts.mixed) : t.requestCount(counts[status])}
              </span>
            </li>
          ))}
      </ul>
    </div>
  );
}

/** The marks as a list: the keyboard's and the screen reader's way to the same selection. */
function MarkerList({
  buses,
  selectedId,
  onSelect,
}: {
  buses: BusRequests[];
  selectedId: string | null;
  onSelect: (requestId: string) => void;
}) {
  return (
    <div>
      <h4
        id="ventana-mapa-lista"
        className="text-xs font-semibold uppercase tracking-wide text-slate-600"
      >
        {t.listTitle}
      </h4>
      <ul
        aria-labelledby="ventana-mapa-lista"
        className="mt-1 max-h-64 space-y-1 overflow-y-auto pr-1 text-sm"
      >
        {buses.map((bus) => (
          <li key={bus.bus} className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="text-xs text-slate-600">{t.bus(bus.bus, bus.busName)}</span>
            {bus.requests.map((request) => (
              <button
                key={request.id}
                type="button"
                aria-pressed={request.id === selectedId}
                onClick={() => onSelect(request.id)}
                className={cn(
                  'inline-flex items-center gap-1.5 rounded-md border px-2 py-0.5 text-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500',
                  request.id === selectedId
                    ? 'border-sky-600 bg-sky-50 font-semibold text-sky-900'
                    : 'border-slate-200 bg-white text-slate-800 hover:bg-slate-50',
                )}
              >
                <Mark status={request.status} />
                {t.request(
                  request.id,
                  request.status,
                  mwText(request.awardedMw),
                  mwText(request.requestedMw),
                )}
              </button>
            ))}
          </li>
        ))}
      </ul>
    </div>
  );
}
