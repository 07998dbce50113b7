import type { BusbarCapacityMapResponse } from '@holgura/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { SegmentedToggle } from '../../components/ui/segmented-toggle';
import { Spinner } from '../../components/ui/spinner';
import type { CaseCapacityMapProps } from '../../lib/network-slot';
import { esNetwork } from '../../strings/es-network';
import { formatFixed, formatInteger } from '../../utils/format';
import {
  caseCapacityMapQueryOptions,
  caseNetworkQueryOptions,
  studyNetworkQueryOptions,
} from './api';
import {
  bandCounts,
  bandIndex,
  capacityBands,
  OUTSIDE_ISLAND_COLOR,
  type CapacityBand,
} from '../../utils/capacity-bands';
import {
  VARIABLE_COLORS,
  variableCategories,
  variableCategory,
  type VariableCategory,
} from '../../utils/limiting-variable-colors';
import { NetworkView } from './network-view';

const t = esNetwork.capacityMap;

/**
 * «Capacidad por barra»: the case's network with every bus coloured by its connection capacity
 * in the figure chosen (issue #17), with a legend in MW up to the cap that counts the buses of
 * each band — the words for what the colours show. In /analisis the case's own view; in
 * /resultados, for a study's case, the study's network (its buses are the case's).
 */
export function CaseCapacityMap({ caseId, figure, study }: CaseCapacityMapProps) {
  const ofCase = useQuery({ ...caseNetworkQueryOptions(caseId), enabled: study === undefined });
  const ofStudy = useQuery({
    ...studyNetworkQueryOptions(study?.studyId ?? '', study?.version ?? null),
    enabled: study !== undefined,
  });
  const network = study === undefined ? ofCase : ofStudy;
  const map = useQuery(caseCapacityMapQueryOptions(caseId, figure));
  /** Issue #31: by MW bands, or by what sets each bus's capacity. */
  const [colourBy, setColourBy] = useState<'mw' | 'variable'>('mw');
  const byVariable = colourBy === 'variable';
  const failed = network.error ?? map.error;
  const ready =
    network.data !== undefined && map.data !== undefined && map.data.capMw !== null
      ? { view: network.data, map: map.data, capMw: map.data.capMw }
      : null;
  return (
    <Card
      level={3}
      titleId="mapa-capacidad-barras-titulo"
      title={t.title}
      subtitle={byVariable ? t.variableCaption : t.caption(figure === 'strict')}
    >
      <div className="mt-3">
        <SegmentedToggle
          label={t.colourBy}
          value={colourBy}
          options={[
            ['mw', t.colourByMw],
            ['variable', t.colourByVariable],
          ]}
          onChange={setColourBy}
        />
      </div>
      <div className="mt-3">
        {failed !== null ? (
          <p role="alert" className="rounded-xl bg-amber-50 p-4 text-sm text-amber-900">
            {t.error(failed.message)}
          </p>
        ) : network.isPending || map.isPending ? (
          <Spinner label={t.loading} className="py-10" />
        ) : ready === null || ready.map.state !== 'done' ? (
          <p className="text-sm text-slate-600">{t.notReady}</p>
        ) : byVariable ? (
          <VariableNetwork view={ready.view} map={ready.map} strict={figure === 'strict'} />
        ) : (
          <ColouredNetwork
            view={ready.view}
            map={ready.map}
            capMw={ready.capMw}
            strict={figure === 'strict'}
          />
        )}
      </div>
    </Card>
  );
}

function ColouredNetwork({
  view,
  map,
  capMw,
  strict,
}: {
  view: Parameters<typeof NetworkView>[0]['view'];
  map: BusbarCapacityMapResponse;
  capMw: number;
  strict: boolean;
}) {
  const bands = useMemo(() => capacityBands(capMw), [capMw]);
  const { colors, capacityOf } = useMemo(() => {
    const byBus = new Map<number, string>();
    const capacity = new Map<number, number | null>();
    map.bus.forEach((bus, i) => {
      const mw = map.capacityMw[i] ?? null;
      const index = bandIndex(bands, mw);
      byBus.set(bus, index < 0 ? OUTSIDE_ISLAND_COLOR : bands[index]!.color);
      capacity.set(bus, mw);
    });
    return { colors: byBus, capacityOf: capacity };
  }, [map, bands]);
  const counts = useMemo(() => bandCounts(bands, map.capacityMw), [bands, map]);
  return (
    <NetworkView
      view={view}
      focus={null}
      busColors={colors}
      busDetail={(busNumber) => {
        if (!capacityOf.has(busNumber)) return null;
        const mw = capacityOf.get(busNumber) ?? null;
        return {
          label: t.tooltip(strict),
          value: mw === null ? t.outsideIsland : t.mw(formatFixed(mw, 1)),
        };
      }}
      legend={null}
      searchName={t.searchName}
    >
      <BandsLegend bands={bands} counts={counts} strict={strict} />
    </NetworkView>
  );
}

function bandLabel(band: CapacityBand): string {
  if (band.kind === 'zero') return t.bandZero;
  if (band.kind === 'cap') return t.bandCap(formatFixed(band.fromMw, 0));
  return t.bandRange(formatFixed(band.fromMw, 0), formatFixed(band.toMw, 0));
}

/** The MW bands with their colours and how many buses each holds (shown without WebGL too). */
function BandsLegend({
  bands,
  counts,
  strict,
}: {
  bands: CapacityBand[];
  counts: { counts: number[]; outside: number };
  strict: boolean;
}) {
  const items = bands.map((band, i) => ({
    key: `${band.kind}-${band.fromMw}`,
    color: band.color,
    label: bandLabel(band),
    count: counts.counts[i] ?? 0,
  }));
  if (counts.outside > 0) {
    items.push({
      key: 'outside',
      color: OUTSIDE_ISLAND_COLOR,
      label: t.outsideIsland,
      count: counts.outside,
    });
  }
  return (
    <div>
      <h4
        id="leyenda-capacidad-barras"
        className="text-xs font-semibold uppercase tracking-wide text-slate-600"
      >
        {t.legendTitle(strict)}
      </h4>
      <ul
        aria-labelledby="leyenda-capacidad-barras"
        className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700"
        data-testid="capacity-map-legend"
      >
        {items.map((item) => (
          <li key={item.key} className="flex items-center gap-1.5" data-color={item.color}>
            <span
              aria-hidden="true"
              className="inline-block h-3 w-3 rounded-full"
              style={{ backgroundColor: item.color }}
            />
            <span>{item.label}</span>
            <span className="tabular-nums text-slate-600" data-testid="band-count">
              {t.buses(item.count, formatInteger(item.count))}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What is drawn for the buses of a category left out while the legend shows only one. */
const DIMMED_COLOR = '#e2e8f0';

/**
 * Issue #31: the network coloured by «Variable limitante» — each bus's category (the map's
 * columns: what sets its capacity, whether AC verified it) —, with a legend that counts the
 * buses of each and, by click or keyboard, shows one category alone.
 */
function VariableNetwork({
  view,
  map,
  strict,
}: {
  view: Parameters<typeof NetworkView>[0]['view'];
  map: BusbarCapacityMapResponse;
  strict: boolean;
}) {
  const [only, setOnly] = useState<VariableCategory | null>(null);
  const supported =
    map.limitMw !== undefined && map.limitingVariable !== undefined && map.acVerified !== undefined;
  const { categoryOf, counts } = useMemo(() => {
    const byBus = new Map<number, { category: VariableCategory; mw: number | null }>();
    const count = new Map<VariableCategory, number>();
    map.bus.forEach((bus, i) => {
      const mw = map.limitMw?.[i] ?? null;
      const category = variableCategory(
        mw,
        map.limitingVariable?.[i] ?? null,
        map.acVerified?.[i] ?? false,
      );
      byBus.set(bus, { category, mw });
      count.set(category, (count.get(category) ?? 0) + 1);
    });
    return { categoryOf: byBus, counts: count };
  }, [map]);
  const colors = useMemo(() => {
    const out = new Map<number, string>();
    for (const [bus, { category }] of categoryOf) {
      out.set(bus, only === null || only === category ? VARIABLE_COLORS[category] : DIMMED_COLOR);
    }
    return out;
  }, [categoryOf, only]);
  if (!supported) return <p className="text-sm text-slate-600">{t.noVariables}</p>;
  return (
    <NetworkView
      view={view}
      focus={null}
      busColors={colors}
      busDetail={(busNumber) => {
        const found = categoryOf.get(busNumber);
        if (found === undefined) return null;
        const label = t.variables[found.category];
        return {
          label: t.variableTooltip,
          value: found.mw === null ? label : t.variableDetail(label, formatFixed(found.mw, 1)),
        };
      }}
      legend={null}
      searchName={t.searchName}
    >
      <VariableLegend counts={counts} only={only} onOnly={setOnly} strict={strict} />
    </NetworkView>
  );
}

/**
 * The variables with their colours and counts (shown without WebGL too): each a toggle button
 * — Tab to reach it, Enter or Space to show its buses alone, again to show all.
 */
function VariableLegend({
  counts,
  only,
  onOnly,
  strict,
}: {
  counts: Map<VariableCategory, number>;
  only: VariableCategory | null;
  onOnly: (category: VariableCategory | null) => void;
  strict: boolean;
}) {
  const shown = variableCategories.filter(
    (category) => category !== 'outside' || (counts.get('outside') ?? 0) > 0,
  );
  return (
    <div>
      <h4
        id="leyenda-variable-limitante"
        className="text-xs font-semibold uppercase tracking-wide text-slate-600"
      >
        {t.variableLegendTitle(strict)}
      </h4>
      <ul
        aria-labelledby="leyenda-variable-limitante"
        className="mt-1 flex flex-wrap gap-x-2 gap-y-1 text-xs text-slate-700"
        data-testid="variable-map-legend"
      >
        {shown.map((category) => {
          const count = counts.get(category) ?? 0;
          const label = t.variables[category];
          const pressed = only === category;
          return (
            <li key={category} data-category={category} data-color={VARIABLE_COLORS[category]}>
              <button
                type="button"
                aria-pressed={pressed}
                aria-label={t.showOnly(label, t.buses(count, formatInteger(count)))}
                onClick={() => onOnly(pressed ? null : category)}
                className="flex items-center gap-1.5 rounded-md px-1.5 py-0.5 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500 aria-pressed:bg-slate-200"
              >
                <span
                  aria-hidden="true"
                  className="inline-block h-3 w-3 rounded-full ring-1 ring-slate-300"
                  style={{ backgroundColor: VARIABLE_COLORS[category] }}
                />
                <span>{label}</span>
                <span className="tabular-nums text-slate-600" data-testid="variable-count">
                  {t.buses(count, formatInteger(count))}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {only !== null && (
        <p
          className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-700"
          aria-live="polite"
        >
          {t.showingOnly(t.variables[only])}
          <Button variant="ghost" size="sm" onClick={() => onOnly(null)}>
            {t.showAll}
          </Button>
        </p>
      )}
    </div>
  );
}
