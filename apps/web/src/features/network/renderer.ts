import type { NetworkViewV1 } from '@holgura/contracts';
import type Graph from 'graphology';
import type Sigma from 'sigma';
import type { NetworkFocus } from '../../lib/network-slot';
import { busIndexByNumber, kvLevels, type FilteredNetwork } from './filter-model';
import {
  BUS_COLOR,
  branchColor,
  branchState,
  GENERATOR_COLOR,
  MONITORED_COLOR,
  OUT_OF_SERVICE_COLOR,
} from './model';

/** Pale line between two drawn buses joined only through grouped lower-voltage buses. */
export const COLLAPSED_LINK_COLOR = '#cbd5e1';
/** Outline and label of an area's region on the area layout. */
const REGION_COLOR = '#94a3b8';
const REGION_LABEL_COLOR = '#334155';

/** What the view is asked to show; the renderer reads it on every frame through `get`. */
export type RenderState = {
  focus: NetworkFocus | null;
  /** Bus colours by number (the /resultados capacity map); others keep the default colour. */
  busColors: ReadonlyMap<number, string> | null;
  /** Bus found by the search, by number. */
  searchedBus: number | null;
  /**
   * Labels of their own for some buses (a window's requests: "◐ R1"), shown beside the colour
   * so a marker never relies on colour alone; always drawn when there are few.
   */
  busLabels?: ReadonlyMap<number, string> | null;
  /** The bus of the selected element (a window's request), drawn highlighted. */
  selectedBus?: number | null;
  /** What the filters leave drawn (issue #29); null draws everything. */
  filter?: FilteredNetwork | null;
};

export type Hover =
  | { kind: 'bus'; busNumber: number; x: number; y: number }
  | { kind: 'branch'; branch: number; x: number; y: number };

/**
 * The test hook (issue #9 item 5): what the renderer is drawing, as data — never pixels.
 * Written to `window.__holguraNetwork` after each render.
 */
export type NetworkTestHook = {
  ready: boolean;
  nodes: number;
  edges: number;
  renders: number;
  /** Time spent inside sigma's render calls, summed (the frame-time benchmark reads it). */
  renderMsTotal: number;
  monitored: { branch: number; color: string; loadingPercent: number | null } | null;
  contingency: { branch: number; dashed: boolean; outOfService: boolean } | null;
  generatorBuses: number[];
  searchedBus: number | null;
  coloredBuses: number;
  /** The colour a bus is given (the caller's `busColors`), or null (issue #31: tests read it). */
  colorOf: (bus: number) => string | null;
  /** Buses with a label of their own (markers), with their place in the drawing (CSS px). */
  markers: { bus: number; label: string; x: number; y: number }[];
  selectedBus: number | null;
  /** Sigma's camera after the render (framed-graph coordinates; ratio 1 shows the whole network). */
  camera: { x: number; y: number; ratio: number };
  /** The view's layout: 'areas', 'force' or 'geographic'. */
  layout: string;
  /** Buses and branches drawn under the filters (all of them without a filter). */
  drawnBuses: number;
  drawnBranches: number;
  /** Pale lines through grouped lower-voltage buses («Agrupar tensiones bajas»). */
  collapsedLinks: number;
  /** Whether the highlighted elements are drawn (null: nothing of that kind highlighted). */
  drawn: { monitored: boolean | null; contingency: boolean | null; searchedBus: boolean | null };
  /** The areas' labels drawn on the area layout, with their place (CSS px). */
  areaLabels: { area: number; label: string; x: number; y: number }[];
};

declare global {
  interface Window {
    __holguraNetwork?: NetworkTestHook;
  }
}

export function webglAvailable(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return (canvas.getContext('webgl2') ?? canvas.getContext('webgl')) !== null;
  } catch {
    return false;
  }
}

/** Up to this many markers their labels are always drawn; above, as sigma's zoom allows. */
export const FORCED_MARKER_LABELS_MAX = 60;
/** The test hook lists the places of at most this many markers. */
const HOOK_MARKERS_MAX = 200;

/** Above this many buses, hovering a branch shows nothing (see enableEdgeEvents below). */
export const EDGE_EVENTS_MAX_BUSES = 3000;

const busKey = (busNumber: number) => `b${busNumber}`;
const branchKey = (branch: number) => `r${branch}`;
const linkKey = (from: number, to: number) => `c${from}_${to}`;

/**
 * Size factor by voltage level (issue #29: the higher voltages prominent): the case's highest
 * level 2×, the next 1.5×, the third 1.2×, the rest 1× — all 1× for a case of one level.
 */
export function kvScale(view: NetworkViewV1): (kv: number) => number {
  const levels = kvLevels(view).map((level) => level.kv);
  const factors = [2, 1.5, 1.2];
  return (kv) => {
    if (levels.length < 2) return 1;
    const rank = levels.indexOf(kv);
    return rank >= 0 && rank < factors.length ? factors[rank]! : 1;
  };
}

/** An area's region: the box of most of its buses (1st to 99th percentile), in layout units. */
export function areaRegions(
  view: NetworkViewV1,
): Map<number, { x0: number; x1: number; y0: number; y1: number }> {
  const byArea = new Map<number, number[]>();
  const area = view.buses.area ?? [];
  area.forEach((value, i) => {
    const list = byArea.get(value);
    if (list === undefined) byArea.set(value, [i]);
    else list.push(i);
  });
  const span = (values: number[]): [number, number] => {
    values.sort((a, b) => a - b);
    const cut = values.length >= 100 ? Math.floor(0.01 * values.length) : 0;
    return [values[cut]!, values[values.length - 1 - cut]!];
  };
  const regions = new Map<number, { x0: number; x1: number; y0: number; y1: number }>();
  for (const [value, buses] of byArea) {
    const [x0, x1] = span(buses.map((i) => view.buses.x[i]!));
    const [y0, y1] = span(buses.map((i) => view.buses.y[i]!));
    regions.set(value, { x0, x1, y0, y1 });
  }
  return regions;
}

export type NetworkRenderer = {
  sigma: Sigma;
  refresh: () => void;
  centreOnBus: (busNumber: number) => void;
  /** Moves the view by fractions of its width and height (keyboard panning). */
  pan: (dxFraction: number, dyFraction: number) => void;
  kill: () => void;
};

/**
 * Builds the graphology graph and the sigma renderer (both loaded on demand: they are the
 * heavy part of the view and stay out of every other chunk). Buses are nodes keyed `b<number>`,
 * branches edges keyed `r<1-based index>`; parallel branches are separate edges of a multigraph.
 */
export async function createNetworkRenderer(options: {
  container: HTMLElement;
  overlay: HTMLCanvasElement;
  view: NetworkViewV1;
  get: () => RenderState;
  onHover: (hover: Hover | null) => void;
  /** A click on a bus (a window's map selects its request). */
  onClickBus?: (busNumber: number) => void;
  /** Colour of buses without a colour of their own (the capacity map pales them). */
  baseBusColor?: string;
  /** The areas' labels: their regions are outlined and named on the area layout. */
  regions?: readonly { area: number; label: string }[];
}): Promise<NetworkRenderer> {
  const [{ default: GraphClass }, { default: SigmaClass }] = await Promise.all([
    import('graphology'),
    import('sigma'),
  ]);
  const { container, overlay, view, get, onHover } = options;
  const graph: Graph = new GraphClass({ type: 'undirected', multi: true, allowSelfLoops: false });
  const busCount = view.buses.number.length;
  // Node size in screen pixels: small enough that 10,000 buses stay readable when zoomed out.
  const nodeSize = busCount > 3000 ? 1.5 : busCount > 500 ? 2.5 : 4;
  const scaleOf = kvScale(view);
  for (let i = 0; i < busCount; i++) {
    graph.addNode(busKey(view.buses.number[i]!), {
      x: view.buses.x[i]!,
      // Screen y grows downwards; the layout's y grows upwards (north on a geographic layout).
      y: view.buses.y[i]!,
      size: nodeSize * scaleOf(view.buses.baseKv[i]!),
      color: options.baseBusColor ?? BUS_COLOR,
      label: `${view.buses.name[i]!} (${view.buses.number[i]!})`,
    });
  }
  const edgeSize = busCount > 3000 ? 0.6 : 1.2;
  const indexOf = busIndexByNumber(view);
  const kvOf = (busNumber: number) => view.buses.baseKv[indexOf.get(busNumber) ?? -1] ?? 0;
  for (let k = 0; k < view.branches.from.length; k++) {
    const from = busKey(view.branches.from[k]!);
    const to = busKey(view.branches.to[k]!);
    if (from === to || !graph.hasNode(from) || !graph.hasNode(to)) continue;
    const state = branchState(view, k + 1, null);
    // A branch is as prominent as its lower end (a transformer as its secondary).
    const kv = Math.min(kvOf(view.branches.from[k]!), kvOf(view.branches.to[k]!));
    graph.addEdgeWithKey(branchKey(k + 1), from, to, {
      size: edgeSize * scaleOf(kv),
      color: branchColor(state),
    });
  }

  const generatorBuses = () => new Set(get().focus?.generators.map((g) => g.busNumber) ?? []);
  let highlightedGenerators = generatorBuses();

  const sigma: Sigma = new SigmaClass(graph, container, {
    // A window resize while the drawing is out of the layout (a collapsed section, a screenshot
    // resizing the viewport) would otherwise throw from sigma's listener; the observer below
    // draws it at its size when it has one again.
    allowInvalidContainer: true,
    defaultEdgeType: 'line',
    // Edge picking draws every edge a second time per frame; above a few thousand buses that
    // halves the frame rate, so branch hover is kept for the cases where it is cheap.
    enableEdgeEvents: busCount <= EDGE_EVENTS_MAX_BUSES,
    hideEdgesOnMove: busCount > 5000,
    hideLabelsOnMove: busCount > 5000,
    labelRenderedSizeThreshold: busCount > 500 ? 12 : 6,
    labelSize: 12,
    labelColor: { color: '#0f172a' },
    zIndex: true,
    nodeReducer: (node, data) => {
      const number = Number(node.slice(1));
      const { busColors, searchedBus, busLabels, selectedBus, filter } = get();
      if (filter != null && !filter.busShown[indexOf.get(number) ?? -1]) {
        return { ...data, hidden: true };
      }
      const color = busColors?.get(number);
      const result = { ...data };
      if (color !== undefined) {
        result.color = color;
        result.size = Math.max(nodeSize * 2.5, 4);
        result.zIndex = 1;
      }
      const label = busLabels?.get(number);
      if (label !== undefined) {
        result.label = label;
        result.forceLabel = busLabels!.size <= FORCED_MARKER_LABELS_MAX;
      }
      if (selectedBus === number) {
        result.highlighted = true;
        result.forceLabel = true;
        result.size = Math.max(nodeSize * 3.5, 9);
        result.zIndex = 3;
      }
      if (highlightedGenerators.has(number)) {
        result.color = GENERATOR_COLOR;
        result.size = Math.max(nodeSize * 3, 7);
        result.forceLabel = true;
        result.zIndex = 2;
      }
      if (searchedBus === number) {
        result.highlighted = true;
        result.forceLabel = true;
        result.size = Math.max(nodeSize * 3, 8);
        result.zIndex = 3;
      }
      return result;
    },
    edgeReducer: (edge, data) => {
      if (edge.startsWith('c')) return data;
      const branch = Number(edge.slice(1));
      const { focus, filter } = get();
      if (filter != null && !filter.branchShown[branch - 1]) return { ...data, hidden: true };
      if (focus === null) return data;
      if (focus.monitored.branch === branch) {
        return {
          ...data,
          color: branchColor(branchState(view, branch, focus)),
          size: Math.max(edgeSize * 5, 4),
          zIndex: 2,
        };
      }
      if (focus.contingency?.branch === branch) {
        // Drawn dashed on the overlay; the WebGL line is hidden under it.
        return { ...data, hidden: true };
      }
      return data;
    },
  });

  const hook: NetworkTestHook = {
    ready: false,
    nodes: graph.order,
    edges: graph.size,
    renders: 0,
    renderMsTotal: 0,
    monitored: null,
    contingency: null,
    generatorBuses: [],
    searchedBus: null,
    coloredBuses: 0,
    colorOf: () => null,
    markers: [],
    selectedBus: null,
    camera: { x: 0.5, y: 0.5, ratio: 1 },
    layout: view.layout,
    drawnBuses: busCount,
    drawnBranches: view.branches.from.length,
    collapsedLinks: 0,
    drawn: { monitored: null, contingency: null, searchedBus: null },
    areaLabels: [],
  };

  // The regions of the area layout, outlined and named on the overlay.
  const regionBoxes =
    view.layout === 'areas' && (options.regions?.length ?? 0) > 1 ? areaRegions(view) : null;
  let areaLabels: NetworkTestHook['areaLabels'] = [];
  const drawRegions = (context: CanvasRenderingContext2D) => {
    areaLabels = [];
    if (regionBoxes === null) return;
    const { filter } = get();
    const drawnAreas = new Set<number>();
    if (filter != null) {
      view.buses.area?.forEach((value, i) => {
        if (filter.busShown[i]) drawnAreas.add(value);
      });
    }
    context.save();
    context.font = '600 12px system-ui, sans-serif';
    context.textBaseline = 'bottom';
    for (const { area, label } of options.regions ?? []) {
      const box = regionBoxes.get(area);
      if (box === undefined || (filter != null && !drawnAreas.has(area))) continue;
      const corners = [
        sigma.graphToViewport({ x: box.x0, y: box.y0 }),
        sigma.graphToViewport({ x: box.x1, y: box.y1 }),
      ];
      const left = Math.min(corners[0]!.x, corners[1]!.x) - 6;
      const right = Math.max(corners[0]!.x, corners[1]!.x) + 6;
      const top = Math.min(corners[0]!.y, corners[1]!.y) - 6;
      const bottom = Math.max(corners[0]!.y, corners[1]!.y) + 6;
      context.strokeStyle = REGION_COLOR;
      context.lineWidth = 1;
      context.setLineDash([4, 4]);
      context.strokeRect(left, top, right - left, bottom - top);
      context.setLineDash([]);
      context.fillStyle = REGION_LABEL_COLOR;
      context.fillText(label, left + 2, top - 2);
      areaLabels.push({ area, label, x: left + 2, y: top - 2 });
    }
    context.restore();
  };

  const drawOverlay = () => {
    const { focus } = get();
    const ratio = window.devicePixelRatio || 1;
    const { width, height } = container.getBoundingClientRect();
    if (overlay.width !== Math.round(width * ratio)) overlay.width = Math.round(width * ratio);
    if (overlay.height !== Math.round(height * ratio)) overlay.height = Math.round(height * ratio);
    const context = overlay.getContext('2d');
    if (context === null) return;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, width, height);
    drawRegions(context);
    const contingency = focus?.contingency;
    if (contingency === undefined || contingency === null) return;
    const key = branchKey(contingency.branch);
    if (!graph.hasEdge(key) || !shownBranch(contingency.branch)) return;
    const [source, target] = graph
      .extremities(key)
      .map((node) =>
        sigma.graphToViewport(graph.getNodeAttributes(node) as { x: number; y: number }),
      );
    context.strokeStyle = contingency.outOfService ? OUT_OF_SERVICE_COLOR : MONITORED_COLOR;
    context.lineWidth = 3;
    context.setLineDash([8, 6]);
    context.beginPath();
    context.moveTo(source!.x, source!.y);
    context.lineTo(target!.x, target!.y);
    context.stroke();
  };

  const shownBus = (busNumber: number) => {
    const { filter } = get();
    return (
      graph.hasNode(busKey(busNumber)) &&
      (filter == null || filter.busShown[indexOf.get(busNumber) ?? -1] === 1)
    );
  };
  const shownBranch = (branch: number) => {
    const { filter } = get();
    return (
      graph.hasEdge(branchKey(branch)) && (filter == null || filter.branchShown[branch - 1] === 1)
    );
  };

  const publish = () => {
    const { focus, busColors, searchedBus, busLabels, selectedBus, filter } = get();
    hook.renders += 1;
    hook.ready = true;
    hook.monitored =
      focus === null
        ? null
        : (() => {
            const state = branchState(view, focus.monitored.branch, focus);
            return {
              branch: focus.monitored.branch,
              color: branchColor(state),
              loadingPercent: state.loadingPercent,
            };
          })();
    hook.contingency =
      focus?.contingency == null
        ? null
        : {
            branch: focus.contingency.branch,
            dashed: shownBranch(focus.contingency.branch),
            outOfService: focus.contingency.outOfService,
          };
    hook.generatorBuses = [...highlightedGenerators];
    hook.searchedBus = searchedBus;
    hook.coloredBuses = busColors?.size ?? 0;
    hook.colorOf = (bus) => busColors?.get(bus) ?? null;
    hook.markers = [...(busLabels ?? new Map<number, string>())]
      .slice(0, HOOK_MARKERS_MAX)
      .filter(([bus]) => graph.hasNode(busKey(bus)))
      .map(([bus, label]) => {
        const { x, y } = sigma.graphToViewport(
          graph.getNodeAttributes(busKey(bus)) as { x: number; y: number },
        );
        return { bus, label, x, y };
      });
    hook.selectedBus = selectedBus ?? null;
    const { x, y, ratio } = sigma.getCamera().getState();
    hook.camera = { x, y, ratio };
    hook.drawnBuses = filter == null ? busCount : filter.drawnBuses;
    hook.drawnBranches = filter == null ? view.branches.from.length : filter.drawnBranches;
    hook.collapsedLinks = filter?.links.length ?? 0;
    hook.drawn = {
      monitored: focus === null ? null : shownBranch(focus.monitored.branch),
      contingency: focus?.contingency == null ? null : shownBranch(focus.contingency.branch),
      searchedBus: searchedBus === null ? null : shownBus(searchedBus),
    };
    hook.areaLabels = areaLabels;
    window.__holguraNetwork = hook;
    container.dataset.ready = 'true';
  };

  let renderStarted = 0;
  sigma.on('beforeRender', () => {
    renderStarted = performance.now();
  });
  sigma.on('afterRender', () => {
    drawOverlay();
    publish();
    hook.renderMsTotal += performance.now() - renderStarted;
  });
  sigma.on('enterNode', ({ node, event }) =>
    onHover({ kind: 'bus', busNumber: Number(node.slice(1)), x: event.x, y: event.y }),
  );
  sigma.on('enterEdge', ({ edge, event }) => {
    if (edge.startsWith('r')) {
      onHover({ kind: 'branch', branch: Number(edge.slice(1)), x: event.x, y: event.y });
    }
  });
  sigma.on('leaveNode', () => onHover(null));
  const { onClickBus } = options;
  if (onClickBus !== undefined) {
    sigma.on('clickNode', ({ node }) => onClickBus(Number(node.slice(1))));
  }
  sigma.on('leaveEdge', () => onHover(null));
  sigma.getCamera().on('updated', () => onHover(null));

  // sigma follows the window's size only; the container also changes with the layout.
  const resized =
    typeof ResizeObserver === 'undefined'
      ? null
      : new ResizeObserver(() => {
          if (container.offsetWidth > 0 && container.offsetHeight > 0) sigma.scheduleRender();
        });
  resized?.observe(container);

  // The pale lines of «Agrupar tensiones bajas» follow the filter; a change of the areas drawn
  // frames the drawing on them (0 and «Ver toda la red» then show what is drawn, not the case).
  let linkedFilter: FilteredNetwork | null = null;
  let framedAreas = '';
  const syncFilter = () => {
    const { filter = null } = get();
    if (filter === linkedFilter) return;
    linkedFilter = filter;
    for (const edge of graph.edges().filter((key) => key.startsWith('c'))) graph.dropEdge(edge);
    for (const [from, to] of filter?.links ?? []) {
      const key = linkKey(from, to);
      if (graph.hasEdge(key) || !graph.hasNode(busKey(from)) || !graph.hasNode(busKey(to))) {
        continue;
      }
      graph.addEdgeWithKey(key, busKey(from), busKey(to), {
        size: edgeSize,
        color: COLLAPSED_LINK_COLOR,
        zIndex: -1,
      });
    }
    const areas = filter?.areasKey ?? '';
    if (areas === framedAreas) return;
    framedAreas = areas;
    if (filter === null || areas === '') sigma.setCustomBBox(null);
    else {
      const box = { x: [Infinity, -Infinity], y: [Infinity, -Infinity] } as {
        x: [number, number];
        y: [number, number];
      };
      for (let i = 0; i < busCount; i++) {
        if (!filter.busShown[i]) continue;
        box.x = [Math.min(box.x[0], view.buses.x[i]!), Math.max(box.x[1], view.buses.x[i]!)];
        box.y = [Math.min(box.y[0], view.buses.y[i]!), Math.max(box.y[1], view.buses.y[i]!)];
      }
      sigma.setCustomBBox(Number.isFinite(box.x[0]) ? box : null);
    }
    sigma.getCamera().setState({ x: 0.5, y: 0.5, ratio: 1, angle: 0 });
  };

  return {
    sigma,
    refresh: () => {
      highlightedGenerators = generatorBuses();
      syncFilter();
      sigma.refresh();
    },
    centreOnBus: (busNumber: number) => {
      const display = sigma.getNodeDisplayData(busKey(busNumber));
      if (display === undefined) return;
      void sigma
        .getCamera()
        .animate({ x: display.x, y: display.y, ratio: 0.15 }, { duration: 400 });
    },
    pan: (dxFraction, dyFraction) => {
      // The viewport step converted to the camera's coordinates, as sigma's own mouse drag does.
      const { width, height } = sigma.getDimensions();
      const centre = { x: width / 2, y: height / 2 };
      const from = sigma.viewportToFramedGraph(centre);
      const to = sigma.viewportToFramedGraph({
        x: centre.x + dxFraction * width,
        y: centre.y + dyFraction * height,
      });
      const camera = sigma.getCamera();
      const state = camera.getState();
      void camera.animate(
        { x: state.x + to.x - from.x, y: state.y + to.y - from.y },
        { duration: 150 },
      );
    },
    kill: () => {
      resized?.disconnect();
      sigma.kill();
      if (window.__holguraNetwork === hook) delete window.__holguraNetwork;
    },
  };
}
