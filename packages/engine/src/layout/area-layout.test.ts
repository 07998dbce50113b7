import { readReferenceText } from '@holgura/test-fixtures';
import { describe, expect, it } from 'vitest';
import { readMatpower } from '../io/matpower/read-matpower';
import type { Network } from '../model/network';
import { areaLayoutOf, areasOf, backboneKv, computeAreaLayout } from './area-layout';
import { computeForceLayout, type NetworkLayout } from './force-layout';

const reference = (name: 'case118' | 'case_ACTIVSg2000' | 'case_ACTIVSg10k'): Network =>
  readMatpower(readReferenceText(`cases/${name}.m`)).network;

type Box = { x0: number; x1: number; y0: number; y1: number };

/** Each area's box over the 1st to 99th percentile of its buses (what the layout separates). */
function areaBoxes(net: Network, { x, y }: NetworkLayout): Map<number, Box> {
  const byArea = new Map<number, number[]>();
  for (let i = 0; i < net.buses.count; i++) {
    const list = byArea.get(net.buses.area[i]) ?? [];
    list.push(i);
    byArea.set(net.buses.area[i], list);
  }
  const span = (values: number[]): [number, number] => {
    values.sort((a, b) => a - b);
    const cut = values.length >= 100 ? Math.floor(0.01 * values.length) : 0;
    return [values[cut]!, values[values.length - 1 - cut]!];
  };
  const boxes = new Map<number, Box>();
  for (const [area, buses] of byArea) {
    const [x0, x1] = span(buses.map((b) => x[b]));
    const [y0, y1] = span(buses.map((b) => y[b]));
    boxes.set(area, { x0, x1, y0, y1 });
  }
  return boxes;
}

/** The largest overlap of two areas' boxes, as a share of the smaller box. */
function worstOverlap(boxes: Map<number, Box>): number {
  const list = [...boxes.values()];
  let worst = 0;
  for (let a = 0; a < list.length; a++) {
    for (let b = a + 1; b < list.length; b++) {
      const A = list[a]!;
      const B = list[b]!;
      const ox = Math.max(0, Math.min(A.x1, B.x1) - Math.max(A.x0, B.x0));
      const oy = Math.max(0, Math.min(A.y1, B.y1) - Math.max(A.y0, B.y0));
      const smaller = Math.min((A.x1 - A.x0) * (A.y1 - A.y0), (B.x1 - B.x0) * (B.y1 - B.y0));
      if (smaller > 0) worst = Math.max(worst, (ox * oy) / smaller);
    }
  }
  return worst;
}

/** Mean branch length over the mean distance of sampled bus pairs (lower: neighbours closer). */
function locality(net: Network, { x, y }: NetworkLayout): number {
  let connected = 0;
  for (let k = 0; k < net.branches.count; k++) {
    const a = net.branches.fromBus[k];
    const b = net.branches.toBus[k];
    connected += Math.hypot(x[a] - x[b], y[a] - y[b]);
  }
  connected /= net.branches.count;
  let all = 0;
  let pairs = 0;
  const stride = Math.max(1, Math.floor(net.buses.count / 150));
  for (let a = 0; a < net.buses.count; a += stride) {
    for (let b = a + 1; b < net.buses.count; b += stride) {
      all += Math.hypot(x[a] - x[b], y[a] - y[b]);
      pairs++;
    }
  }
  return connected / (all / pairs);
}

function timed<T>(run: () => T): { value: T; ms: number } {
  const t0 = performance.now();
  const value = run();
  return { value, ms: performance.now() - t0 };
}

describe('computeAreaLayout', () => {
  it.each(['case_ACTIVSg2000', 'case_ACTIVSg10k'] as const)(
    'places every bus of %s, the same on every run, each area in a region of its own',
    (name) => {
      const net = reference(name);
      const first = timed(() => computeAreaLayout(net));
      const force = timed(() => computeForceLayout(net));
      // Timing is printed, never asserted (docs/ARCHITECTURE.md §5).
      console.log(
        `${name}: area layout ${first.ms.toFixed(0)} ms, force layout ${force.ms.toFixed(0)} ms`,
      );
      const layout = first.value;
      expect(layout.source).toBe('areas');
      expect(layout.x).toHaveLength(net.buses.count);
      for (let i = 0; i < net.buses.count; i++) {
        expect(Number.isFinite(layout.x[i]) && Number.isFinite(layout.y[i])).toBe(true);
      }
      const again = computeAreaLayout(net);
      expect([...again.x]).toEqual([...layout.x]);
      expect([...again.y]).toEqual([...layout.y]);

      const boxes = areaBoxes(net, layout);
      expect(boxes.size).toBe(new Set(net.buses.area).size);
      expect(worstOverlap(boxes)).toBeLessThan(0.05);
      // The force layout mixes the areas; the area layout keeps connected buses closer too.
      expect(worstOverlap(areaBoxes(net, force.value))).toBeGreaterThan(0.3);
      expect(locality(net, layout)).toBeLessThan(locality(net, force.value));
    },
  );

  it('lays the backbone out first: on ACTIVSg10k every 13.8 kV bus sits by a backbone bus', () => {
    const net = reference('case_ACTIVSg10k');
    const { x, y } = computeAreaLayout(net);
    // A generator's step-up bus hangs from the bus its transformer meets: within a couple of
    // backbone branch lengths (10 units) of it, whatever the size of the area.
    let far = 0;
    let checked = 0;
    for (let k = 0; k < net.branches.count; k++) {
      const a = net.branches.fromBus[k];
      const b = net.branches.toBus[k];
      const low = net.buses.baseKv[a] === 13.8 ? a : net.buses.baseKv[b] === 13.8 ? b : -1;
      if (low < 0 || net.buses.area[a] !== net.buses.area[b]) continue;
      checked++;
      if (Math.hypot(x[a] - x[b], y[a] - y[b]) > 30) far++;
    }
    expect(checked).toBeGreaterThan(500);
    expect(far / checked).toBeLessThan(0.02);
  });

  it('is the force layout of the whole network for a small case of one area', () => {
    const net = reference('case118');
    const layout = computeAreaLayout(net);
    expect(layout.source).toBe('force');
    expect(locality(net, layout)).toBeCloseTo(locality(net, computeForceLayout(net)), 6);
  });

  it('separates hand-made areas joined by one tie line, with isolated buses placed', () => {
    // Two rings of 12 buses (areas 1 and 2) joined by one line, and an isolated bus in area 2.
    const area: number[] = [];
    const baseKv: number[] = [];
    const fromBus: number[] = [];
    const toBus: number[] = [];
    for (let ring = 0; ring < 2; ring++) {
      for (let i = 0; i < 12; i++) {
        area.push(ring + 1);
        baseKv.push(i % 3 === 0 ? 230 : 115);
        fromBus.push(ring * 12 + i);
        toBus.push(ring * 12 + ((i + 1) % 12));
      }
    }
    fromBus.push(0);
    toBus.push(12);
    area.push(2);
    baseKv.push(13.8);
    const layout = areaLayoutOf({ area, baseKv, fromBus, toBus });
    expect(layout.source).toBe('areas');
    for (let i = 0; i < 25; i++) {
      expect(Number.isFinite(layout.x[i]) && Number.isFinite(layout.y[i])).toBe(true);
    }
    const box = (from: number, to: number) => {
      const xs = Array.from(layout.x.slice(from, to));
      const ys = Array.from(layout.y.slice(from, to));
      return { x0: Math.min(...xs), x1: Math.max(...xs), y0: Math.min(...ys), y1: Math.max(...ys) };
    };
    const first = box(0, 12);
    const second = box(12, 25);
    const apart =
      first.x1 < second.x0 || second.x1 < first.x0 || first.y1 < second.y0 || second.y1 < first.y0;
    expect(apart).toBe(true);
  });
});

describe('backboneKv and areasOf', () => {
  it('picks the highest level that reaches the wanted count', () => {
    expect(backboneKv([500, 230, 230, 115, 115, 115], 1)).toBe(500);
    expect(backboneKv([500, 230, 230, 115, 115, 115], 2)).toBe(230);
    expect(backboneKv([500, 230, 230, 115, 115, 115], 4)).toBe(115);
    expect(backboneKv([500, 230], 10)).toBe(230);
  });

  it('numbers the areas in ascending order', () => {
    const { areas, areaOfBus } = areasOf([7, 2, 7, 5]);
    expect(areas).toEqual([2, 5, 7]);
    expect([...areaOfBus]).toEqual([2, 0, 2, 1]);
  });
});
