import type { NetworkViewV1 } from '@holgura/contracts';
import { Maximize2, Minus, Plus, Search } from 'lucide-react';
import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import type { NetworkFocus } from '../../lib/network-slot';
import { esNetwork } from '../../strings/es-network';
import { formatFixed, formatInteger } from '../../utils/format';
import {
  areaList,
  busIndexByNumber,
  filterNetwork,
  isFiltering,
  NO_FILTER,
  widenFilter,
  type FilteredNetwork,
  type NetworkFilter,
} from './filter-model';
import { HiddenFocus, NetworkFilters } from './network-filters';
import { branchState, generationByBus, searchBuses } from './model';
import {
  createNetworkRenderer,
  webglAvailable,
  type Hover,
  type NetworkRenderer,
  type RenderState,
} from './renderer';

const t = esNetwork;

/** One arrow press moves the drawing by this fraction of its size. */
const KEYBOARD_PAN_STEP = 0.15;

type NetworkViewProps = {
  view: NetworkViewV1;
  focus: NetworkFocus | null;
  /** Bus colours by number (capacity map): drawn larger than the others. */
  busColors?: ReadonlyMap<number, string> | null;
  /** Colour of the other buses. */
  baseBusColor?: string;
  /** An extra tooltip line per bus (capacity map: the busbar's capacity). */
  busDetail?: (busNumber: number) => { label: string; value: string } | null;
  legend: ReactNode;
  /** Under the canvas: the accessible list of what is highlighted. */
  children?: ReactNode;
  /** The bus search's landmark name, when a page shows two views (landmarks must differ). */
  searchName?: string;
  /** Labels of some buses' own (markers: never colour alone). */
  busLabels?: ReadonlyMap<number, string> | null;
  /** The bus drawn highlighted (the selected marker). */
  selectedBus?: number | null;
  /** A click on a bus of the drawing. */
  onClickBus?: (busNumber: number) => void;
};

/**
 * The interactive network (issue #9 item 1): WebGL drawing with zoom, pan, search and hover
 * details. Everything the drawing shows that matters is also said in text (legend, highlighted
 * elements, search result), so keyboard and screen-reader users lose nothing but the picture.
 */
export function NetworkView({
  view,
  focus,
  busColors = null,
  baseBusColor,
  busDetail,
  legend,
  children,
  searchName,
  busLabels = null,
  selectedBus = null,
  onClickBus,
}: NetworkViewProps) {
  const [supported] = useState(webglAvailable);
  const containerRef = useRef<HTMLDivElement>(null);
  const overlayRef = useRef<HTMLCanvasElement>(null);
  const rendererRef = useRef<NetworkRenderer | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [hover, setHover] = useState<Hover | null>(null);
  const [searchedBus, setSearchedBus] = useState<number | null>(null);
  const [filter, setFilter] = useState<NetworkFilter>(NO_FILTER);
  // What the view highlights stays drawn whatever the filter (issue #29).
  const keep = useMemo(
    () => highlightedBuses(view, focus, searchedBus, selectedBus, busLabels),
    [view, focus, searchedBus, selectedBus, busLabels],
  );
  const filtered = useMemo(
    () => (isFiltering(filter) ? filterNetwork(view, filter, keep) : null),
    [view, filter, keep],
  );
  const regions = useMemo(
    () => areaList(view).map(({ area, name }) => ({ area, label: t.filter.areaLabel(area, name) })),
    [view],
  );
  const stateRef = useRef<RenderState>({
    focus,
    busColors,
    searchedBus,
    busLabels,
    selectedBus,
    filter: filtered,
  });
  // The latest handler, read at click time: a new one does not rebuild the drawing.
  const onClickBusRef = useRef(onClickBus);
  useEffect(() => {
    onClickBusRef.current = onClickBus;
  }, [onClickBus]);
  const clickable = onClickBus !== undefined;

  useEffect(() => {
    if (!supported) return;
    const container = containerRef.current;
    const overlay = overlayRef.current;
    if (container === null || overlay === null) return;
    let cancelled = false;
    createNetworkRenderer({
      container,
      overlay,
      view,
      get: () => stateRef.current,
      onHover: setHover,
      regions,
      ...(clickable ? { onClickBus: (bus: number) => onClickBusRef.current?.(bus) } : {}),
      ...(baseBusColor === undefined ? {} : { baseBusColor }),
    })
      .then((renderer) => {
        if (cancelled) renderer.kill();
        else {
          rendererRef.current = renderer;
          // Sigma draws once while it is built, before our listeners exist: draw again so the
          // overlay and the test hook follow (a new view keeps status 'ready', no effect runs).
          renderer.refresh();
          setStatus('ready');
        }
      })
      .catch(() => {
        if (!cancelled) setStatus('failed');
      });
    return () => {
      cancelled = true;
      rendererRef.current?.kill();
      rendererRef.current = null;
    };
  }, [supported, view, baseBusColor, clickable, regions]);

  // Focus, colours, search or filters changed (a new constraint, a dragged marker, a voltage
  // chosen): redraw, no rebuild.
  useEffect(() => {
    stateRef.current = { focus, busColors, searchedBus, busLabels, selectedBus, filter: filtered };
    rendererRef.current?.refresh();
  }, [focus, busColors, searchedBus, busLabels, selectedBus, filtered, status]);

  const camera = () => rendererRef.current?.sigma.getCamera();
  const hintId = useId();

  /** Keyboard users pan and zoom with the drawing focused, as mouse users drag and scroll. */
  const onCanvasKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const renderer = rendererRef.current;
    if (renderer === null || event.altKey || event.ctrlKey || event.metaKey) return;
    const step = KEYBOARD_PAN_STEP;
    const pans: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const pan = pans[event.key];
    if (pan !== undefined) renderer.pan(pan[0], pan[1]);
    else if (event.key === '+' || event.key === '=') void camera()?.animatedZoom({ duration: 200 });
    else if (event.key === '-' || event.key === '_') {
      void camera()?.animatedUnzoom({ duration: 200 });
    } else if (event.key === '0') void camera()?.animatedReset({ duration: 200 });
    else return;
    // The arrows would otherwise scroll the page under the drawing.
    event.preventDefault();
  };
  const canvasLabel = t.canvasLabel(view.buses.number.length, view.branches.from.length);

  if (!supported || status === 'failed') {
    return (
      <div className="space-y-3">
        <p role="alert" className="rounded-xl bg-amber-50 p-4 text-sm text-amber-900">
          {t.noWebgl}
        </p>
        {children}
      </div>
    );
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <BusSearch
          view={view}
          name={searchName}
          onFound={(bus) => {
            setSearchedBus(bus);
            if (bus !== null) rendererRef.current?.centreOnBus(bus);
          }}
        />
        <div className="ml-auto flex gap-1" role="group" aria-label="Zoom">
          {(
            [
              [t.zoomIn, Plus, 'animatedZoom'],
              [t.zoomOut, Minus, 'animatedUnzoom'],
              [t.zoomReset, Maximize2, 'animatedReset'],
            ] as const
          ).map(([label, Icon, move]) => (
            <Button
              key={move}
              variant="outline"
              size="icon"
              aria-label={label}
              title={label}
              disabled={status !== 'ready'}
              onClick={() => void camera()?.[move]({ duration: 200 })}
            >
              <Icon aria-hidden="true" className="h-4 w-4" />
            </Button>
          ))}
        </div>
      </div>
      <NetworkFilters view={view} filter={filter} onChange={setFilter} filtered={filtered} />
      <HiddenFocus
        view={view}
        filter={filter}
        focus={focus}
        searchedBus={searchedBus}
        selectedBus={selectedBus}
        busLabels={busLabels}
        onWiden={(buses) => setFilter(widenFilter(view, filter, buses))}
      />
      <div className="relative h-[28rem] overflow-hidden rounded-xl border border-slate-200 bg-slate-50">
        {/* An application (WAI-ARIA): with the drawing focused, the arrow keys and + − 0 pan
            and zoom it. jsx-a11y counts the role as non-interactive; it is the interactive one. */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
        <div
          ref={containerRef}
          role="application"
          aria-roledescription="dibujo de la red"
          aria-label={canvasLabel}
          aria-describedby={hintId}
          data-testid="network-canvas"
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          onKeyDown={onCanvasKey}
          className="absolute inset-0 rounded-xl focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-sky-600"
        />
        <canvas
          ref={overlayRef}
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 h-full w-full"
        />
        {status === 'loading' && (
          <Spinner label={t.rendererLoading} className="absolute inset-0 bg-slate-50/80" />
        )}
        {hover !== null && (
          <HoverCard
            view={view}
            hover={hover}
            focus={focus}
            busDetail={busDetail}
            filtered={filtered}
          />
        )}
      </div>
      <p id={hintId} className="text-xs text-slate-600">
        {t.keyboardHint}
      </p>
      <p className="text-xs text-slate-600">
        {view.layout === 'geographic'
          ? t.layoutGeographic
          : view.layout === 'areas'
            ? t.layoutAreas
            : t.layoutForce}{' '}
        {t.counts(
          formatInteger(view.buses.number.length),
          formatInteger(view.branches.from.length),
        )}
      </p>
      {legend}
      {children}
    </div>
  );
}

function BusSearch({
  view,
  name,
  onFound,
}: {
  view: NetworkViewV1;
  name: string | undefined;
  onFound: (busNumber: number | null) => void;
}) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [message, setMessage] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = searchBuses(view, query);
    const first = found[0];
    if (first === undefined) {
      setMessage(query.trim() === '' ? '' : t.searchNone(query.trim()));
      onFound(null);
      return;
    }
    const name = view.buses.name[first]!;
    const number = view.buses.number[first]!;
    setMessage(
      found.length > 1
        ? `${t.searchFound(name, number)} ${t.searchMany(found.length)}`
        : t.searchFound(name, number),
    );
    onFound(number);
  };
  return (
    <form
      role="search"
      aria-label={name}
      onSubmit={submit}
      className="flex w-full flex-col gap-1 sm:w-auto"
    >
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {t.searchLabel}
      </label>
      <div className="flex w-full gap-2">
        <input
          id={id}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t.searchPlaceholder}
          className="h-10 w-full min-w-0 rounded-lg border sm:w-56 border-slate-300 px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500"
        />
        <Button type="submit" variant="outline" size="sm" className="h-10">
          <Search aria-hidden="true" className="h-4 w-4" />
          {t.searchSubmit}
        </Button>
      </div>
      <p role="status" aria-live="polite" className="min-h-5 text-xs text-slate-700">
        {message}
      </p>
    </form>
  );
}

function HoverCard({
  view,
  hover,
  focus,
  busDetail,
  filtered,
}: {
  view: NetworkViewV1;
  hover: Hover;
  focus: NetworkFocus | null;
  busDetail: ((busNumber: number) => { label: string; value: string } | null) | undefined;
  filtered: FilteredNetwork | null;
}) {
  const generation = useMemo(() => generationByBus(view), [view]);
  const rows: [string, string][] = [];
  let title: string;
  if (hover.kind === 'bus') {
    const i = busIndexByNumber(view).get(hover.busNumber) ?? -1;
    title = t.tooltip.bus;
    const gen = generation.get(hover.busNumber);
    rows.push(
      [t.tooltip.number, String(hover.busNumber)],
      [t.tooltip.name, view.buses.name[i] ?? ''],
      [t.tooltip.kv, t.tooltip.kvValue(formatFixed(view.buses.baseKv[i] ?? 0, 1))],
      [
        t.tooltip.generation,
        gen === undefined
          ? t.tooltip.none
          : t.tooltip.generationValue(formatFixed(gen.pMw, 1), formatFixed(gen.pMaxMw, 1)),
      ],
    );
    const area = view.buses.area?.[i];
    if (area !== undefined) rows.push([t.tooltip.area, String(area)]);
    const load = view.buses.loadMw?.[i];
    if (load !== undefined) rows.push([t.tooltip.load, t.tooltip.mw(formatFixed(load, 1))]);
    const group = filtered?.groups?.get(hover.busNumber);
    if (group !== undefined) {
      rows.push(
        [t.tooltip.grouped, t.tooltip.groupedCount(formatInteger(group.buses))],
        [
          t.tooltip.groupedGeneration,
          t.tooltip.generationValue(
            formatFixed(group.generationMw, 1),
            formatFixed(group.pMaxMw, 1),
          ),
        ],
        [t.tooltip.groupedLoad, t.tooltip.mw(formatFixed(group.loadMw, 1))],
      );
    }
    const detail = busDetail?.(hover.busNumber);
    if (detail) rows.push([detail.label, detail.value]);
  } else {
    const state = branchState(view, hover.branch, focus);
    title = t.tooltip.branch;
    rows.push([t.tooltip.name, view.branches.name[hover.branch - 1] ?? '']);
    if (!state.inService) rows.push([t.tooltip.state, t.outOfService]);
    else {
      rows.push(
        [t.tooltip.flow, t.tooltip.mw(formatFixed(state.flowMw, 1))],
        [t.tooltip.rating, t.tooltip.mw(formatFixed(state.ratingMw, 1))],
        [
          t.tooltip.loading,
          state.loadingPercent === null
            ? t.noLoading
            : t.tooltip.percent(formatFixed(state.loadingPercent, 1)),
        ],
      );
    }
  }
  return (
    <div
      role="tooltip"
      data-testid="network-tooltip"
      className="pointer-events-none absolute z-10 max-w-xs rounded-lg bg-slate-900/95 px-3 py-2 text-xs text-white shadow-lg"
      style={{ left: hover.x + 12, top: hover.y + 12 }}
    >
      <p className="font-semibold">{title}</p>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-300">{label}</dt>
            <dd className="tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The buses of what the view highlights: they stay drawn whatever the filter. */
function highlightedBuses(
  view: NetworkViewV1,
  focus: NetworkFocus | null,
  searchedBus: number | null,
  selectedBus: number | null,
  busLabels: ReadonlyMap<number, string> | null,
): number[] {
  const buses: number[] = [];
  const branchEnds = (branch: number) => {
    const from = view.branches.from[branch - 1];
    const to = view.branches.to[branch - 1];
    if (from !== undefined && to !== undefined) buses.push(from, to);
  };
  if (focus !== null) {
    branchEnds(focus.monitored.branch);
    if (focus.contingency !== null) branchEnds(focus.contingency.branch);
    for (const g of focus.generators) buses.push(g.busNumber);
  }
  if (searchedBus !== null) buses.push(searchedBus);
  if (selectedBus !== null) buses.push(selectedBus);
  for (const bus of busLabels?.keys() ?? []) buses.push(bus);
  return buses;
}
