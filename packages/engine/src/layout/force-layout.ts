import Graph from 'graphology';
import forceAtlas2 from 'graphology-layout-forceatlas2';
import type { Network } from '../model/network';

/** Bus positions in layout units, one entry per bus in file order. */
export interface NetworkLayout {
  readonly x: Float64Array;
  readonly y: Float64Array;
  /**
   * 'force' when computed from the whole topology, 'areas' when each area is laid out in a
   * region of its own (backbone first, `area-layout.ts`), 'geographic' when projected from
   * coordinates.
   */
  readonly source: 'force' | 'areas' | 'geographic';
}

export interface ForceLayoutOptions {
  /** ForceAtlas2 iterations; by default fewer as the case grows, so 10,000 buses stay in seconds. */
  readonly iterations?: number;
  /** Seed of the small jitter added to the BFS seed positions. */
  readonly seed?: number;
  /** Starting positions in place of the BFS rings (the area layout refines a global picture). */
  readonly start?: { readonly x: ArrayLike<number>; readonly y: ArrayLike<number> };
}

/** Iterations by size: small cases settle fully, large ones start from a good seed anyway. */
export function defaultIterations(busCount: number): number {
  if (busCount <= 300) return 600;
  if (busCount <= 2500) return 150;
  if (busCount <= 5000) return 100;
  return 60;
}

/**
 * Deterministic PRNG (mulberry32): the same case gets the same picture on every run, which the
 * stored result and the tests rely on.
 */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Bus adjacency with parallel branches collapsed into one edge (they would only pull harder). */
export function busAdjacency(net: Network): number[][] {
  return adjacencyOf(net.buses.count, net.branches.fromBus, net.branches.toBus);
}

/** The same, from branch ends given as bus indices. */
export function adjacencyOf(
  n: number,
  fromBus: ArrayLike<number>,
  toBus: ArrayLike<number>,
): number[][] {
  const neighbours: Set<number>[] = Array.from({ length: n }, () => new Set<number>());
  for (let k = 0; k < fromBus.length; k++) {
    const f = fromBus[k];
    const t = toBus[k];
    if (f === t) continue;
    neighbours[f].add(t);
    neighbours[t].add(f);
  }
  return neighbours.map((set) => [...set].sort((a, b) => a - b));
}

/**
 * Seed positions: each connected part laid out in rings by BFS depth from its best-connected
 * bus, so neighbours start near each other and ForceAtlas2 only has to untangle, not assemble.
 * Parts are placed side by side on a grid.
 */
function seedPositions(
  adjacency: readonly (readonly number[])[],
  random: () => number,
): { x: Float64Array; y: Float64Array } {
  const n = adjacency.length;
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const depth = new Int32Array(n).fill(-1);
  const parts: number[][] = [];
  // Visit roots by degree (then index) so the result does not depend on file order quirks.
  const order = Array.from({ length: n }, (_, i) => i).sort(
    (a, b) => adjacency[b].length - adjacency[a].length || a - b,
  );
  for (const root of order) {
    if (depth[root] >= 0) continue;
    const members: number[] = [root];
    depth[root] = 0;
    for (let head = 0; head < members.length; head++) {
      const bus = members[head];
      for (const next of adjacency[bus]) {
        if (depth[next] >= 0) continue;
        depth[next] = depth[bus] + 1;
        members.push(next);
      }
    }
    parts.push(members);
  }
  let cursorX = 0;
  let rowY = 0;
  let rowHeight = 0;
  const rowWidth = Math.max(100, Math.sqrt(n) * 20);
  for (const members of parts) {
    const layers = new Map<number, number[]>();
    for (const bus of members) {
      const layer = layers.get(depth[bus]);
      if (layer === undefined) layers.set(depth[bus], [bus]);
      else layer.push(bus);
    }
    const radiusStep = 10;
    const size = 2 * radiusStep * (layers.size - 1) + 10;
    if (cursorX + size > rowWidth && cursorX > 0) {
      cursorX = 0;
      rowY += rowHeight + 10;
      rowHeight = 0;
    }
    const cx = cursorX + size / 2;
    const cy = rowY + size / 2;
    for (const [d, layer] of layers) {
      const offset = random() * 2 * Math.PI;
      layer.forEach((bus, i) => {
        const angle = offset + (2 * Math.PI * i) / layer.length;
        const r = d * radiusStep + random();
        x[bus] = cx + r * Math.cos(angle);
        y[bus] = cy + r * Math.sin(angle);
      });
    }
    cursorX += size + 10;
    rowHeight = Math.max(rowHeight, size);
  }
  return { x, y };
}

/**
 * A picture of the network where connected buses sit near each other (issue #9 item 1):
 * BFS-ring seed, then ForceAtlas2 (Barnes-Hut above 500 buses). Deterministic for a given
 * case and options. Runs once per case in the analysis worker; the result is stored.
 */
export function computeForceLayout(net: Network, options: ForceLayoutOptions = {}): NetworkLayout {
  const { x, y } = forceLayoutOf(busAdjacency(net), options);
  return { x, y, source: 'force' };
}

/**
 * The force layout of any graph given as sorted adjacency lists (node i's neighbours): what
 * `computeForceLayout` runs on the whole network and the area layout on each area's backbone.
 */
export function forceLayoutOf(
  adjacency: readonly (readonly number[])[],
  options: ForceLayoutOptions = {},
): { x: Float64Array; y: Float64Array } {
  const n = adjacency.length;
  const seed =
    options.start === undefined
      ? seedPositions(adjacency, mulberry32(options.seed ?? 9))
      : { x: Float64Array.from(options.start.x), y: Float64Array.from(options.start.y) };
  if (n <= 1) return seed;
  const graph = new Graph({ type: 'undirected', multi: false, allowSelfLoops: false });
  for (let i = 0; i < n; i++) graph.addNode(String(i), { x: seed.x[i], y: seed.y[i] });
  for (let i = 0; i < n; i++) {
    for (const j of adjacency[i]) if (j > i) graph.addEdge(String(i), String(j));
  }
  const settings = {
    ...forceAtlas2.inferSettings(n),
    barnesHutOptimize: n > 500,
    // Weak gravity: enough to keep islands and isolated buses in the picture, weak enough not to
    // squeeze the grid into a ball (connected/random distance 0.21 → 0.12 on ACTIVSg200).
    gravity: 0.05,
    linLogMode: false,
  };
  const positions = forceAtlas2(graph, {
    iterations: options.iterations ?? defaultIterations(n),
    settings,
  });
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const p = positions[String(i)];
    x[i] = p.x;
    y[i] = p.y;
  }
  return { x, y };
}
