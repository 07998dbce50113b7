import type { NetworkViewV1 } from '@holgura/contracts';
import type Graph from 'graphology';
import type Sigma from 'sigma';
import type { NetworkFocus } from '../../lib/network-slot';
import {
  BUS_COLOR,
  branchColor,
  branchState,
  GENERATOR_COLOR,
  MONITORED_COLOR,
  OUT_OF_SERVICE_COLOR,
} from './model';

/** What the view is asked to show; the renderer reads it on every frame through `get`. */
export type RenderState = {
  focus: NetworkFocus | null;
  /** Bus colours by number (the /resultados capacity map); others keep the default colour. */
  busColors: ReadonlyMap<number, string> | null;
  /** Bus found by the search, by number. */
  searchedBus: number | null;
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
  /** Sigma's camera after the render (framed-graph coordinates; ratio 1 shows the whole network). */
  camera: { x: number; y: number; ratio: number };
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

/** Above this many buses, hovering a branch shows nothing (see enableEdgeEvents below). */
export const EDGE_EVENTS_MAX_BUSES = 3000;

const busKey = (busNumber: number) => `b${busNumber}`;
const branchKey = (branch: number) => `r${branch}`;

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
  /** Colour of buses without a colour of their own (the capacity map pales them). */
  baseBusColor?: string;
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
  for (let i = 0; i < busCount; i++) {
    graph.addNode(busKey(view.buses.number[i]!), {
      x: view.buses.x[i]!,
      // Screen y grows downwards; the layout's y grows upwards (north on a geographic layout).
      y: view.buses.y[i]!,
      size: nodeSize,
      color: options.baseBusColor ?? BUS_COLOR,
      label: `${view.buses.name[i]!} (${view.buses.number[i]!})`,
    });
  }
  const edgeSize = busCount > 3000 ? 0.6 : 1.2;
  for (let k = 0; k < view.branches.from.length; k++) {
    const from = busKey(view.branches.from[k]!);
    const to = busKey(view.branches.to[k]!);
    if (from === to || !graph.hasNode(from) || !graph.hasNode(to)) continue;
    const state = branchState(view, k + 1, null);
    graph.addEdgeWithKey(branchKey(k + 1), from, to, {
      size: edgeSize,
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
      const { busColors, searchedBus } = get();
      const color = busColors?.get(number);
      const result = { ...data };
      if (color !== undefined) {
        result.color = color;
        result.size = Math.max(nodeSize * 2.5, 4);
        result.zIndex = 1;
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
      const branch = Number(edge.slice(1));
      const { focus } = get();
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
    camera: { x: 0.5, y: 0.5, ratio: 1 },
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
    const contingency = focus?.contingency;
    if (contingency === undefined || contingency === null) return;
    const key = branchKey(contingency.branch);
    if (!graph.hasEdge(key)) return;
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

  const publish = () => {
    const { focus, busColors, searchedBus } = get();
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
            dashed: graph.hasEdge(branchKey(focus.contingency.branch)),
            outOfService: focus.contingency.outOfService,
          };
    hook.generatorBuses = [...highlightedGenerators];
    hook.searchedBus = searchedBus;
    hook.coloredBuses = busColors?.size ?? 0;
    const { x, y, ratio } = sigma.getCamera().getState();
    hook.camera = { x, y, ratio };
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
  sigma.on('enterEdge', ({ edge, event }) =>
    onHover({ kind: 'branch', branch: Number(edge.slice(1)), x: event.x, y: event.y }),
  );
  sigma.on('leaveNode', () => onHover(null));
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

  return {
    sigma,
    refresh: () => {
      highlightedGenerators = generatorBuses();
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
