import type { NetworkViewV1 } from '@holgura/contracts';
import { useId, useMemo } from 'react';
import { Button } from '../../components/ui/button';
import type { NetworkFocus } from '../../lib/network-slot';
import { esNetwork } from '../../strings/es-network';
import { formatFixed, formatInteger } from '../../utils/format';
import {
  areaList,
  busIndexByNumber,
  isFiltering,
  kvLevels,
  NO_FILTER,
  outsideFilter,
  type FilteredNetwork,
  type NetworkFilter,
} from './filter-model';

const t = esNetwork;

/**
 * Minimum voltage, areas and «Agrupar tensiones bajas» (issue #29), with what they leave drawn
 * said in words. Each control shows only when the case has something to choose.
 */
export function NetworkFilters({
  view,
  filter,
  filtered,
  onChange,
}: {
  view: NetworkViewV1;
  filter: NetworkFilter;
  filtered: FilteredNetwork | null;
  onChange: (filter: NetworkFilter) => void;
}) {
  const levels = useMemo(() => kvLevels(view), [view]);
  const areas = useMemo(() => areaList(view), [view]);
  const kvId = useId();
  const collapseId = useId();
  const hintId = useId();
  if (levels.length < 2 && areas.length < 2) return null;
  const chosen = new Set(filter.areas ?? areas.map((a) => a.area));
  const setAreas = (next: Set<number>) =>
    onChange({
      ...filter,
      areas: next.size === areas.length ? null : [...next].sort((a, b) => a - b),
    });
  return (
    <div
      role="group"
      aria-label={t.filter.groupLabel}
      className="flex flex-wrap items-start gap-x-4 gap-y-2 rounded-xl border border-slate-200 bg-white p-3"
    >
      {levels.length >= 2 && (
        <div className="flex flex-col gap-1">
          <label htmlFor={kvId} className="text-xs font-medium text-slate-700">
            {t.filter.minKv}
          </label>
          <select
            id={kvId}
            value={filter.minKv === null ? '' : String(filter.minKv)}
            onChange={(event) =>
              onChange({
                ...filter,
                minKv: event.target.value === '' ? null : Number(event.target.value),
              })
            }
            className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500"
          >
            <option value="">{t.filter.minKvAll(formatInteger(view.buses.number.length))}</option>
            {levels.slice(0, -1).map((level) => (
              <option key={level.kv} value={String(level.kv)}>
                {t.filter.minKvOption(formatKv(level.kv), formatInteger(level.atOrAbove))}
              </option>
            ))}
          </select>
        </div>
      )}
      {areas.length >= 2 && (
        <details className="min-w-0 text-sm">
          <summary className="flex h-9 cursor-pointer items-center rounded-md border border-slate-300 px-3 text-sm text-slate-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500">
            {t.filter.areasSummary(chosen.size, areas.length)}
          </summary>
          <fieldset className="mt-2 max-h-64 overflow-y-auto rounded-md border border-slate-200 p-2">
            <legend className="sr-only">{t.filter.areas}</legend>
            <div className="mb-2 flex gap-2">
              <Button
                variant="outline"
                size="sm"
                onClick={() => setAreas(new Set(areas.map((a) => a.area)))}
              >
                {t.filter.areasAll}
              </Button>
              <Button variant="outline" size="sm" onClick={() => setAreas(new Set())}>
                {t.filter.areasNone}
              </Button>
            </div>
            <ul className="grid gap-1 sm:grid-cols-2">
              {areas.map(({ area, name, buses }) => (
                <li key={area}>
                  <label className="flex items-center gap-2 text-sm text-slate-800">
                    <input
                      type="checkbox"
                      checked={chosen.has(area)}
                      onChange={(event) => {
                        const next = new Set(chosen);
                        if (event.target.checked) next.add(area);
                        else next.delete(area);
                        setAreas(next);
                      }}
                      className="h-4 w-4 accent-sky-700"
                    />
                    {t.filter.areaOption(area, name, formatInteger(buses))}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        </details>
      )}
      {levels.length >= 2 && (
        <div className="flex max-w-md flex-col gap-1">
          <div className="flex h-9 items-center gap-2">
            <input
              id={collapseId}
              type="checkbox"
              checked={filter.collapse}
              disabled={filter.minKv === null}
              aria-describedby={hintId}
              onChange={(event) => onChange({ ...filter, collapse: event.target.checked })}
              className="h-4 w-4 accent-sky-700"
            />
            <label htmlFor={collapseId} className="text-sm text-slate-800">
              {t.filter.collapse}
            </label>
          </div>
          <p id={hintId} className="text-xs text-slate-600">
            {filter.minKv === null ? t.filter.collapseNeedsKv : t.filter.collapseHint}
          </p>
        </div>
      )}
      {isFiltering(filter) && (
        <Button variant="outline" size="sm" className="h-9" onClick={() => onChange(NO_FILTER)}>
          {t.filter.showAll}
        </Button>
      )}
      <p
        role="status"
        aria-live="polite"
        data-testid="network-drawn"
        className="basis-full text-xs text-slate-700"
      >
        {filtered === null
          ? ''
          : [
              t.filter.drawn(
                formatInteger(filtered.drawnBuses),
                formatInteger(view.buses.number.length),
                formatInteger(filtered.drawnBranches),
                formatInteger(view.branches.from.length),
              ),
              filtered.groups === null ? '' : groupedText(filtered),
              filtered.unreached > 0
                ? t.filter.unreached(filtered.unreached, formatInteger(filtered.unreached))
                : '',
            ]
              .filter((part) => part !== '')
              .join(' ')}
      </p>
    </div>
  );
}

function groupedText(filtered: FilteredNetwork): string {
  const buses = [...(filtered.groups?.values() ?? [])].reduce((sum, g) => sum + g.buses, 0);
  const links = filtered.links.length;
  return t.filter.grouped(buses, formatInteger(buses), links, formatInteger(links));
}

/** A kV figure as planners write it: 345, 13,8. */
export function formatKv(kv: number): string {
  return Number.isInteger(kv) ? formatInteger(kv) : formatFixed(kv, 1);
}

/**
 * What the view highlights that the filter would hide: it is drawn anyway, and said so here
 * with «Mostrar su entorno», which widens the filter just enough to show it with its
 * neighbours (issue #29).
 */
export function HiddenFocus({
  view,
  filter,
  focus,
  searchedBus,
  selectedBus,
  busLabels,
  onWiden,
}: {
  view: NetworkViewV1;
  filter: NetworkFilter;
  focus: NetworkFocus | null;
  searchedBus: number | null;
  selectedBus: number | null;
  busLabels: ReadonlyMap<number, string> | null;
  onWiden: (buses: number[]) => void;
}) {
  if (!isFiltering(filter)) return null;
  const nameOf = (bus: number) => view.buses.name[busIndexByNumber(view).get(bus) ?? -1] ?? '';
  const items: { key: string; what: string; buses: number[] }[] = [];
  const ends = (branch: number) =>
    [view.branches.from[branch - 1], view.branches.to[branch - 1]].filter(
      (bus): bus is number => bus !== undefined,
    );
  if (focus !== null) {
    items.push({
      key: 'monitored',
      what: t.filter.monitored(focus.monitored.name),
      buses: ends(focus.monitored.branch),
    });
    if (focus.contingency !== null) {
      items.push({
        key: 'contingency',
        what: t.filter.contingency(focus.contingency.name),
        buses: ends(focus.contingency.branch),
      });
    }
  }
  if (searchedBus !== null) {
    items.push({
      key: 'searched',
      what: t.filter.searched(nameOf(searchedBus)),
      buses: [searchedBus],
    });
  }
  if (selectedBus !== null) {
    items.push({
      key: 'selected',
      what: t.filter.selected(nameOf(selectedBus)),
      buses: [selectedBus],
    });
  }
  const outside = items.flatMap((item) => {
    const where = item.buses.map((bus) => outsideFilter(view, filter, bus)).find((w) => w !== null);
    return where === undefined
      ? []
      : [{ ...item, text: t.filter.outside(item.what, formatKv(where.kv), where.area) }];
  });
  // The generators in one line: up to five of them, all on the constraint's side.
  const generators = (focus?.generators ?? []).filter(
    (g) => outsideFilter(view, filter, g.busNumber) !== null,
  );
  if (generators.length === 1) {
    const where = outsideFilter(view, filter, generators[0]!.busNumber)!;
    outside.push({
      key: 'generators',
      what: '',
      buses: [generators[0]!.busNumber],
      text: t.filter.outside(
        t.filter.generator(generators[0]!.name),
        formatKv(where.kv),
        where.area,
      ),
    });
  } else if (generators.length > 1) {
    outside.push({
      key: 'generators',
      what: '',
      buses: generators.map((g) => g.busNumber),
      text: t.filter.outsideGenerators(generators.map((g) => g.name)),
    });
  }
  const markers = [...(busLabels?.keys() ?? [])].filter(
    (bus) => bus !== selectedBus && outsideFilter(view, filter, bus) !== null,
  );
  if (outside.length === 0 && markers.length === 0) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="network-hidden-focus"
      className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900"
    >
      <ul className="space-y-1">
        {outside.map(({ key, buses, text }) => (
          <li key={key} className="flex flex-wrap items-center gap-2">
            <span>{text}</span>
            <Button variant="outline" size="sm" onClick={() => onWiden(buses)}>
              {t.filter.showSurroundings}
            </Button>
          </li>
        ))}
        {markers.length > 0 && (
          <li className="flex flex-wrap items-center gap-2">
            <span>{t.filter.outsideMarkers(markers.length)}</span>
            <Button variant="outline" size="sm" onClick={() => onWiden(markers)}>
              {t.filter.showSurroundings}
            </Button>
          </li>
        )}
      </ul>
    </div>
  );
}
