import type { Network } from '../model/network';
import { adjacencyOf, forceLayoutOf, type NetworkLayout } from './force-layout';

/** What the area layout reads: one entry per bus (area, base kV), branch ends as bus indices. */
export interface AreaLayoutTopology {
  readonly area: ArrayLike<number>;
  readonly baseKv: ArrayLike<number>;
  readonly fromBus: ArrayLike<number>;
  readonly toBus: ArrayLike<number>;
}

export interface AreaLayoutOptions {
  /**
   * Share of an area's buses its backbone holds at least: the area's highest voltage levels
   * down to the first that reaches this share (0.05: on ACTIVSg10k its 765, 500 and 345 kV
   * buses, ~1,300 of 10,000, and 230 kV where an area has nothing above).
   */
  readonly backboneShare?: number;
}

/**
 * Up to this many buses an area is its own backbone: a force layout of the whole area (on
 * case118, ACTIVSg200 and case300 it draws connected buses closer than the fans do).
 */
const SMALL_AREA = 300;
/** A backbone has at least this many buses (an area's top level may be one or two buses). */
const MIN_BACKBONE = 8;
/** More areas than this and regions stop being readable: the network is one region. */
const MAX_REGIONS = 400;
/** ForceAtlas2 iterations that settle one area's backbone from the whole picture. */
const REFINE_ITERATIONS = 60;
/** Backbone branch length in layout units: edges look alike in every area. */
const UNIT = 10;
/** An area of n buses wants a disc this many branch lengths × √n in radius. */
const REGION_SIZE = 0.32;
/** Empty space between two areas' discs, in units of the backbone branch length. */
const AREA_GAP = 3;

/** The areas of a case in ascending order, and each bus's index among them. */
export function areasOf(area: ArrayLike<number>): { areas: number[]; areaOfBus: Int32Array } {
  const areas = [...new Set(Array.from(area))].sort((a, b) => a - b);
  const index = new Map(areas.map((value, i) => [value, i]));
  const areaOfBus = Int32Array.from(Array.from(area), (value) => index.get(value)!);
  return { areas, areaOfBus };
}

/**
 * A planner's overview of a network without coordinates (issue #29): every area a region of
 * its own, and inside an area its transmission backbone (its highest voltage levels) laid out
 * first, each lower-voltage bus then placed in a small fan beside the backbone bus it hangs from
 * (the nearest one by branches). The backbones of all areas are laid out together by force once
 * (so each area faces the areas it ties to), each area's backbone is settled on its own from
 * there, and the regions, sized by their bus count, are spread until no two overlap. An area of
 * up to SMALL_AREA buses is all backbone; a case of one such area gets the force layout of the
 * whole network (`source: 'force'`). Deterministic, and fast: ForceAtlas2 runs on the
 * backbones only (ACTIVSg10k: ~1,300 of its 10,000 buses).
 */
export function computeAreaLayout(net: Network, options: AreaLayoutOptions = {}): NetworkLayout {
  return areaLayoutOf(
    {
      area: net.buses.area,
      baseKv: net.buses.baseKv,
      fromBus: net.branches.fromBus,
      toBus: net.branches.toBus,
    },
    options,
  );
}

/** `computeAreaLayout` from columns (a stored view, a test's hand-made network). */
export function areaLayoutOf(
  topology: AreaLayoutTopology,
  options: AreaLayoutOptions = {},
): NetworkLayout {
  const n = topology.area.length;
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  if (n === 0) return { x, y, source: 'force' };
  const adjacency = adjacencyOf(n, topology.fromBus, topology.toBus);
  let { areas, areaOfBus } = areasOf(topology.area);
  if (areas.length > MAX_REGIONS) {
    areas = [0];
    areaOfBus = new Int32Array(n);
  }
  const k = areas.length;
  const members: number[][] = areas.map(() => []);
  for (let i = 0; i < n; i++) members[areaOfBus[i]].push(i);

  // 1. Each area's backbone, and the backbone bus every other bus hangs from.
  const share = options.backboneShare ?? 0.05;
  const tree = hangFromBackbones(members, areaOfBus, adjacency, topology.baseKv, share);
  const { backbone, anchor } = tree;

  // 2. The backbones of all areas laid out together: a branch between two buses links their
  //    backbone buses (a 138 kV path between two 345 kV substations keeps them close, a tie
  //    line turns each area towards its neighbours).
  const slot = new Int32Array(n).fill(-1);
  backbone.forEach((b, s) => (slot[b] = s));
  const links: Set<number>[] = backbone.map(() => new Set<number>());
  for (let i = 0; i < n; i++) {
    for (const o of adjacency[i]) {
      const a = slot[anchor[i]];
      const b = slot[anchor[o]];
      if (a !== b) links[a].add(b);
    }
  }
  const linked = links.map((set) => [...set].sort((p, q) => p - q));
  const whole = forceLayoutOf(linked, { iterations: backboneIterations(backbone.length) });

  // 3. Each area's backbone settled on its own from there, then its hanging buses in fans.
  const radius = new Float64Array(k);
  const place = new Float64Array(2 * k);
  for (let a = 0; a < k; a++) {
    const own = backbone.filter((b) => areaOfBus[b] === a);
    const local = new Map(own.map((b, s) => [b, s]));
    const near = own.map((b) =>
      linked[slot[b]]
        .map((s) => local.get(backbone[s]))
        .filter((s): s is number => s !== undefined),
    );
    let gx = 0;
    let gy = 0;
    for (const b of own) {
      gx += whole.x[slot[b]] / own.length;
      gy += whole.y[slot[b]] / own.length;
    }
    place[2 * a] = gx;
    place[2 * a + 1] = gy;
    const settled =
      k === 1
        ? { x: whole.x, y: whole.y }
        : forceLayoutOf(near, {
            iterations: REFINE_ITERATIONS,
            start: {
              x: own.map((b) => whole.x[slot[b]]),
              y: own.map((b) => whole.y[slot[b]]),
            },
          });
    radius[a] = placeArea(members[a], own, near, settled, tree, x, y);
  }
  // One area that is all backbone is the force layout of the whole network (a small case).
  if (k === 1) return { x, y, source: backbone.length === n ? 'force' : 'areas' };

  // 4. The regions where the whole picture put them, spread until tied areas about touch and
  //    no two overlap.
  const ties = tieCounts(k, areaOfBus, topology.fromBus, topology.toBus);
  const centre = arrangeAreas(radius, ties, place);
  separateBoxes(members, centre, x, y);
  for (let i = 0; i < n; i++) {
    x[i] += centre.x[areaOfBus[i]];
    y[i] += centre.y[areaOfBus[i]];
  }
  return { x, y, source: 'areas' };
}

/** Each area's backbone buses (global indices) and, for every bus, where it hangs. */
interface Hanging {
  /** Backbone buses, area by area. */
  readonly backbone: number[];
  /** The backbone bus each bus hangs from (itself for a backbone bus). */
  readonly anchor: Int32Array;
  /** The bus each hanging bus was reached from (−1 for a backbone bus). */
  readonly parent: Int32Array;
  /** Every bus, parents before children. */
  readonly order: number[];
}

/**
 * The backbone of an area: its buses at or above the highest voltage level that reaches
 * `share` of the area (at least MIN_BACKBONE buses; all of a small area). Every other bus
 * hangs from the backbone bus nearest to it by branches inside the area (breadth first, so
 * ties go to the lower index); a part of the area no backbone bus reaches gets its
 * highest-voltage bus as one.
 */
function hangFromBackbones(
  members: number[][],
  areaOfBus: Int32Array,
  adjacency: number[][],
  baseKv: ArrayLike<number>,
  share: number,
): Hanging {
  const n = areaOfBus.length;
  const kv = (i: number) => (Number.isFinite(baseKv[i]) ? baseKv[i] : 0);
  const anchor = new Int32Array(n).fill(-1);
  const parent = new Int32Array(n).fill(-1);
  const order: number[] = [];
  const backbone: number[] = [];
  const visit = (sources: number[]) => {
    const start = order.length;
    for (const s of sources) {
      anchor[s] = s;
      order.push(s);
      backbone.push(s);
    }
    for (let head = start; head < order.length; head++) {
      const b = order[head];
      for (const o of adjacency[b]) {
        if (anchor[o] >= 0 || areaOfBus[o] !== areaOfBus[b]) continue;
        anchor[o] = anchor[b];
        parent[o] = b;
        order.push(o);
      }
    }
  };
  for (const bus of members) {
    const size = bus.length;
    const threshold = backboneKv(
      bus.map(kv),
      size <= SMALL_AREA ? size : Math.max(MIN_BACKBONE, Math.ceil(share * size)),
    );
    visit(bus.filter((b) => kv(b) >= threshold));
    const rest = bus.filter((b) => anchor[b] < 0).sort((a, b) => kv(b) - kv(a) || a - b);
    for (const b of rest) if (anchor[b] < 0) visit([b]);
  }
  return { backbone, anchor, parent, order };
}

/**
 * Writes one area's positions around 0 (the middle of its bounding box) from its settled
 * backbone, and returns the radius of the disc that holds them. The backbone is scaled so its
 * median link is UNIT long; each hanging bus goes in a fan on the side of its parent that faces
 * away from where the parent is joined (its backbone neighbours, or its own parent).
 */
function placeArea(
  bus: number[],
  own: number[],
  near: number[][],
  settled: { x: ArrayLike<number>; y: ArrayLike<number> },
  tree: Hanging,
  x: Float64Array,
  y: Float64Array,
): number {
  const { parent, order } = tree;
  const lengths: number[] = [];
  near.forEach((list, a) => {
    for (const b of list) {
      if (b > a) {
        lengths.push(Math.hypot(settled.x[a] - settled.x[b], settled.y[a] - settled.y[b]));
      }
    }
  });
  lengths.sort((p, q) => p - q);
  const median = lengths.length === 0 ? 0 : lengths[Math.floor(lengths.length / 2)];
  const scale = median > 1e-9 ? UNIT / median : 1;
  const spot = new Map(own.map((b, s) => [b, s]));
  let cx = 0;
  let cy = 0;
  own.forEach((b, s) => {
    x[b] = settled.x[s] * scale;
    y[b] = settled.y[s] * scale;
    cx += x[b] / own.length;
    cy += y[b] / own.length;
  });

  const inArea = new Set(bus);
  const children = new Map<number, number[]>();
  for (const i of order) {
    if (!inArea.has(i) || parent[i] < 0) continue;
    const list = children.get(parent[i]);
    if (list === undefined) children.set(parent[i], [i]);
    else list.push(i);
  }
  for (const p of order) {
    const kids = children.get(p);
    if (kids === undefined) continue;
    let fromX = cx;
    let fromY = cy;
    if (parent[p] >= 0) {
      fromX = x[parent[p]];
      fromY = y[parent[p]];
    } else {
      const around = near[spot.get(p)!];
      if (around.length > 0) {
        fromX = 0;
        fromY = 0;
        for (const o of around) {
          fromX += x[own[o]] / around.length;
          fromY += y[own[o]] / around.length;
        }
      }
    }
    const heading =
      y[p] === fromY && x[p] === fromX
        ? (p * 2.399963) % (2 * Math.PI)
        : Math.atan2(y[p] - fromY, x[p] - fromX);
    const first = parent[p] < 0;
    const count = kids.length;
    const spread = first
      ? Math.min(2 * Math.PI * (count / (count + 1)), 0.7 * count)
      : Math.min(0.9 * Math.PI, 0.5 * count);
    const reach = (first ? 0.4 : 0.3) * UNIT * (count > 6 ? Math.sqrt(count / 6) : 1);
    kids.forEach((kid, i) => {
      const angle = count === 1 ? heading : heading - spread / 2 + (spread * i) / (count - 1);
      // Alternate near and far so a wide fan's neighbours do not touch.
      const r = reach * (count > 8 && i % 2 === 1 ? 1.35 : 1);
      x[kid] = x[p] + r * Math.cos(angle);
      y[kid] = y[p] + r * Math.sin(angle);
    });
  }

  // Centred on the middle of its bounding box (a few far buses left out: a long radial chain
  // would otherwise set the size of the whole region), sized by its bus count (a sparse area's
  // long chains would make it huge, a dense one's fans a knot) within a factor of its own size.
  const [x0, x1] = span(bus.map((b) => x[b]));
  const [y0, y1] = span(bus.map((b) => y[b]));
  const mx = (x0 + x1) / 2;
  const my = (y0 + y1) / 2;
  const reach = Math.hypot(x1 - x0, y1 - y0) / 2;
  const wanted = REGION_SIZE * UNIT * Math.sqrt(bus.length);
  const fit = reach > 0 ? Math.min(2.5, Math.max(0.35, wanted / reach)) : 1;
  for (const b of bus) {
    x[b] = (x[b] - mx) * fit;
    y[b] = (y[b] - my) * fit;
  }
  return Math.max(UNIT / 2, reach * fit);
}

/** The range of most values: all of a few, the 1st to the 99th percentile of many. */
function span(values: number[]): [number, number] {
  values.sort((p, q) => p - q);
  const cut = values.length >= 100 ? Math.floor(0.01 * values.length) : 0;
  return [values[cut], values[values.length - 1 - cut]];
}

/** The highest voltage level whose buses at or above it number at least `wanted`. */
export function backboneKv(kv: readonly number[], wanted: number): number {
  const levels = [...kv].sort((a, b) => b - a);
  const index = Math.min(levels.length, Math.max(1, wanted)) - 1;
  return levels[index] ?? 0;
}

/** Fewer iterations as a backbone grows: small ones settle fully, large ones from a good seed. */
function backboneIterations(count: number): number {
  if (count <= 300) return 600;
  if (count <= 600) return 250;
  if (count <= 1500) return 120;
  return 80;
}

/** Tie branches between each pair of areas (a symmetric matrix, row-major). */
function tieCounts(
  k: number,
  areaOfBus: Int32Array,
  fromBus: ArrayLike<number>,
  toBus: ArrayLike<number>,
): Float64Array {
  const ties = new Float64Array(k * k);
  for (let b = 0; b < fromBus.length; b++) {
    const p = areaOfBus[fromBus[b]];
    const q = areaOfBus[toBus[b]];
    if (p === q) continue;
    ties[p * k + q] += 1;
    ties[q * k + p] += 1;
  }
  return ties;
}

/**
 * Area centres: discs of the given radii placed by stress majorization (SMACOF) on the area
 * graph — two areas joined by tie lines want to touch, two areas h ties apart want h disc
 * widths between them, pairs with more ties pull harder — seeded on a golden-angle spiral in
 * breadth-first order from the most connected area, then pushed apart wherever two discs
 * would still overlap. Deterministic.
 */
function arrangeAreas(
  radius: Float64Array,
  ties: Float64Array,
  place: Float64Array,
): { x: Float64Array; y: Float64Array } {
  const k = radius.length;
  const gap = AREA_GAP * UNIT;
  const meanWidth = (2 * radius.reduce((s, r) => s + r, 0)) / k + gap;
  let maxTie = 0;
  for (const t of ties) maxTie = Math.max(maxTie, t);

  // Hops between areas over tie lines; pairs in different islands count one more than the most.
  const hops = new Int32Array(k * k).fill(-1);
  let most = 1;
  for (let a = 0; a < k; a++) {
    hops[a * k + a] = 0;
    const queue = [a];
    for (let head = 0; head < queue.length; head++) {
      const p = queue[head];
      for (let q = 0; q < k; q++) {
        if (ties[p * k + q] === 0 || hops[a * k + q] >= 0) continue;
        hops[a * k + q] = hops[a * k + p] + 1;
        most = Math.max(most, hops[a * k + q]);
        queue.push(q);
      }
    }
  }
  const target = new Float64Array(k * k);
  const weight = new Float64Array(k * k);
  for (let a = 0; a < k; a++) {
    for (let b = 0; b < k; b++) {
      if (a === b) continue;
      const h = hops[a * k + b] < 0 ? most + 1 : hops[a * k + b];
      const d = Math.max(radius[a] + radius[b] + gap, (h - 1) * meanWidth + radius[a] + radius[b]);
      target[a * k + b] = d;
      const tie = ties[a * k + b];
      weight[a * k + b] = (tie > 0 ? 1 + 4 * Math.sqrt(tie / maxTie) : 1) / (d * d);
    }
  }

  // Seed: where the whole picture put each area, scaled so that tied areas about touch.
  const x = new Float64Array(k);
  const y = new Float64Array(k);
  const ratios: number[] = [];
  for (let a = 0; a < k; a++) {
    for (let b = a + 1; b < k; b++) {
      if (ties[a * k + b] === 0) continue;
      const d = Math.hypot(place[2 * a] - place[2 * b], place[2 * a + 1] - place[2 * b + 1]);
      if (d > 1e-9) ratios.push(target[a * k + b] / d);
    }
  }
  ratios.sort((p, q) => p - q);
  const spread = ratios.length === 0 ? 1 : ratios[Math.floor(ratios.length / 2)];
  for (let a = 0; a < k; a++) {
    x[a] = place[2 * a] * spread;
    y[a] = place[2 * a + 1] * spread;
  }
  // SMACOF: each round, every centre moves to the weighted mean of where its pairs want it.
  const nx = new Float64Array(k);
  const ny = new Float64Array(k);
  for (let round = 0; round < 400; round++) {
    let change = 0;
    for (let a = 0; a < k; a++) {
      let sx = 0;
      let sy = 0;
      let sw = 0;
      for (let b = 0; b < k; b++) {
        if (a === b) continue;
        const w = weight[a * k + b];
        const vx = x[a] - x[b];
        const vy = y[a] - y[b];
        const d = Math.hypot(vx, vy);
        const want = target[a * k + b];
        sx += w * (x[b] + (d > 1e-9 ? (want * vx) / d : want));
        sy += w * (y[b] + (d > 1e-9 ? (want * vy) / d : 0));
        sw += w;
      }
      nx[a] = sx / sw;
      ny[a] = sy / sw;
      change = Math.max(change, Math.hypot(nx[a] - x[a], ny[a] - y[a]));
    }
    x.set(nx);
    y.set(ny);
    if (change < 1e-3 * UNIT) break;
  }

  // Hard constraint: no two discs closer than their radii and half the gap.
  for (let pass = 0; pass < 1000; pass++) {
    let moved = false;
    for (let a = 0; a < k; a++) {
      for (let b = a + 1; b < k; b++) {
        const vx = x[b] - x[a];
        const vy = y[b] - y[a];
        let d = Math.hypot(vx, vy);
        const need = radius[a] + radius[b] + gap / 2;
        if (d >= need) continue;
        moved = true;
        let ux = vx;
        let uy = vy;
        if (d < 1e-9) {
          ux = Math.cos(a + b);
          uy = Math.sin(a + b);
          d = 1;
        }
        const push = (need - d) / 2 + 1e-6;
        x[a] -= (push * ux) / d;
        y[a] -= (push * uy) / d;
        x[b] += (push * ux) / d;
        y[b] += (push * uy) / d;
      }
    }
    if (!moved) break;
  }
  return { x, y };
}

/**
 * The final say on overlaps: each area's bounding box (as turned) kept at least half a gap away
 * from every other, moving both apart along the axis where they overlap least.
 */
function separateBoxes(
  members: number[][],
  centre: { x: Float64Array; y: Float64Array },
  x: Float64Array,
  y: Float64Array,
): void {
  const k = members.length;
  const margin = (AREA_GAP * UNIT) / 2;
  const box = members.map((bus) => {
    const [x0, x1] = span(bus.map((b) => x[b]));
    const [y0, y1] = span(bus.map((b) => y[b]));
    return { x0, x1, y0, y1 };
  });
  for (let pass = 0; pass < 1000; pass++) {
    let moved = false;
    for (let a = 0; a < k; a++) {
      for (let b = a + 1; b < k; b++) {
        const A = box[a];
        const B = box[b];
        const ox =
          Math.min(centre.x[a] + A.x1, centre.x[b] + B.x1) -
          Math.max(centre.x[a] + A.x0, centre.x[b] + B.x0) +
          margin;
        const oy =
          Math.min(centre.y[a] + A.y1, centre.y[b] + B.y1) -
          Math.max(centre.y[a] + A.y0, centre.y[b] + B.y0) +
          margin;
        if (ox <= 0 || oy <= 0) continue;
        moved = true;
        if (ox <= oy) {
          const side = centre.x[b] + (B.x0 + B.x1) / 2 >= centre.x[a] + (A.x0 + A.x1) / 2 ? 1 : -1;
          centre.x[a] -= (side * ox) / 2 + side * 1e-6;
          centre.x[b] += (side * ox) / 2 + side * 1e-6;
        } else {
          const side = centre.y[b] + (B.y0 + B.y1) / 2 >= centre.y[a] + (A.y0 + A.y1) / 2 ? 1 : -1;
          centre.y[a] -= (side * oy) / 2 + side * 1e-6;
          centre.y[b] += (side * oy) / 2 + side * 1e-6;
        }
      }
    }
    if (!moved) break;
  }
}
