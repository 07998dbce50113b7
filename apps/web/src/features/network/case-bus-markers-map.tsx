import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Spinner } from '../../components/ui/spinner';
import type { CaseBusMarkersMapProps } from '../../lib/network-slot';
import { esNetwork } from '../../strings/es-network';
import { mapNetworkQueryOptions } from './api';
import { NOT_EVALUATED_COLOR } from './model';
import { NetworkView } from './network-view';

const t = esNetwork;

/**
 * The case's stored network (the view /analisis draws), or a study's base network (the one
 * /resultados draws), with the caller's buses marked: each in
 * its colour and with its label, the selected one highlighted, a click selecting it. The other
 * buses are paled so the marks stand out. What the marks mean is the caller's (`children`).
 */
export function CaseBusMarkersMap({
  network: source,
  markers,
  selectedBus,
  onSelectBus,
  detailLabel,
  searchName,
  children,
}: CaseBusMarkersMapProps) {
  const network = useQuery(mapNetworkQueryOptions(source));
  const { colors, labels, details } = useMemo(() => {
    const byColor = new Map<number, string>();
    const byLabel = new Map<number, string>();
    const byDetail = new Map<number, string>();
    for (const marker of markers) {
      byColor.set(marker.busNumber, marker.color);
      byLabel.set(marker.busNumber, marker.label);
      byDetail.set(marker.busNumber, marker.detail);
    }
    return { colors: byColor, labels: byLabel, details: byDetail };
  }, [markers]);

  if (network.isPending) return <Spinner label={t.loading} className="py-10" />;
  if (network.isError) {
    return (
      <div className="space-y-3">
        <p role="alert" className="rounded-xl bg-amber-50 p-4 text-sm text-amber-900">
          {t.error(network.error.message)}
        </p>
        {children}
      </div>
    );
  }
  return (
    <NetworkView
      view={network.data}
      focus={null}
      busColors={colors}
      busLabels={labels}
      selectedBus={selectedBus}
      onClickBus={(bus) => {
        if (labels.has(bus)) onSelectBus(bus);
      }}
      baseBusColor={NOT_EVALUATED_COLOR}
      busDetail={(bus) => {
        const detail = details.get(bus);
        return detail === undefined ? null : { label: detailLabel, value: detail };
      }}
      legend={null}
      searchName={searchName}
    >
      {children}
    </NetworkView>
  );
}
