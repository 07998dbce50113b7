import { readReferenceText } from '@holgura/test-fixtures';
import { describe, expect, it } from 'vitest';
import { readMatpower } from '../io/matpower/read-matpower';
import type { Network } from '../model/network';
import { isEngineError } from '../util/engine-error';
import { computeForceLayout } from './force-layout';
import { geographicLayout, parseBusCoordinatesCsv } from './geographic';

const CASE9 = `function mpc = case9
mpc.baseMVA = 100;
mpc.bus = [
1 3 0 0 0 0 1 1 0 345 1 1.1 0.9;
2 2 0 0 0 0 1 1 0 345 1 1.1 0.9;
3 2 0 0 0 0 1 1 0 345 1 1.1 0.9;
4 1 0 0 0 0 1 1 0 345 1 1.1 0.9;
5 1 90 30 0 0 1 1 0 345 1 1.1 0.9;
6 1 0 0 0 0 1 1 0 345 1 1.1 0.9;
7 1 100 35 0 0 1 1 0 345 1 1.1 0.9;
8 1 0 0 0 0 1 1 0 345 1 1.1 0.9;
9 1 125 50 0 0 1 1 0 345 1 1.1 0.9;
];
mpc.gen = [
1 72.3 27.03 300 -300 1.04 100 1 250 10 0 0 0 0 0 0 0 0 0 0 0;
2 163 6.54 300 -300 1.025 100 1 300 10 0 0 0 0 0 0 0 0 0 0 0;
3 85 -10.95 300 -300 1.025 100 1 270 10 0 0 0 0 0 0 0 0 0 0 0;
];
mpc.branch = [
1 4 0 0.0576 0 250 250 250 0 0 1 -360 360;
4 5 0.017 0.092 0.158 250 250 250 0 0 1 -360 360;
5 6 0.039 0.17 0.358 150 150 150 0 0 1 -360 360;
3 6 0 0.0586 0 300 300 300 0 0 1 -360 360;
6 7 0.0119 0.1008 0.209 150 150 150 0 0 1 -360 360;
7 8 0.0085 0.072 0.149 250 250 250 0 0 1 -360 360;
8 2 0 0.0625 0 250 250 250 0 0 1 -360 360;
8 9 0.032 0.161 0.306 250 250 250 0 0 1 -360 360;
9 4 0.01 0.085 0.176 250 250 250 0 0 1 -360 360;
];
`;

const case9 = (): Network => readMatpower(CASE9).network;

function distance(x: Float64Array, y: Float64Array, a: number, b: number): number {
  return Math.hypot(x[a] - x[b], y[a] - y[b]);
}

function engineCode(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    if (isEngineError(error)) return `${error.code}@${error.line ?? '-'}:${error.field ?? '-'}`;
    throw error;
  }
  return undefined;
}

describe('computeForceLayout', () => {
  it('gives every bus a finite position, the same on every run', () => {
    const first = computeForceLayout(case9());
    const second = computeForceLayout(case9());
    expect(first.source).toBe('force');
    expect(first.x).toHaveLength(9);
    for (let i = 0; i < 9; i++) {
      expect(Number.isFinite(first.x[i]) && Number.isFinite(first.y[i])).toBe(true);
    }
    expect([...second.x]).toEqual([...first.x]);
    expect([...second.y]).toEqual([...first.y]);
  });

  it('does not stack buses on one point', () => {
    const { x, y } = computeForceLayout(case9());
    for (let a = 0; a < 9; a++) {
      for (let b = a + 1; b < 9; b++) expect(distance(x, y, a, b)).toBeGreaterThan(1e-3);
    }
  });

  it.each(['case118', 'case_ACTIVSg2000'] as const)(
    'places connected buses of %s much closer than random pairs',
    (name) => {
      const text = readReferenceText(`cases/${name}.m`);
      const net = readMatpower(text).network;
      const { x, y } = computeForceLayout(net);
      let connected = 0;
      for (let k = 0; k < net.branches.count; k++) {
        connected += distance(x, y, net.branches.fromBus[k], net.branches.toBus[k]);
      }
      connected /= net.branches.count;
      let all = 0;
      let pairs = 0;
      // Every pair of 118 buses; a fixed stride of pairs for larger cases.
      const stride = Math.max(1, Math.floor(net.buses.count / 150));
      for (let a = 0; a < net.buses.count; a += stride) {
        for (let b = a + 1; b < net.buses.count; b += stride) {
          all += distance(x, y, a, b);
          pairs++;
        }
      }
      all /= pairs;
      expect(connected).toBeLessThan(all / 5);
    },
  );
});

describe('parseBusCoordinatesCsv', () => {
  it('reads rows with or without a header, commas or semicolons', () => {
    expect(parseBusCoordinatesCsv('1,40.4,-3.7\n2,41.4,2.17\n')).toEqual([
      { bus: 1, lat: 40.4, lon: -3.7 },
      { bus: 2, lat: 41.4, lon: 2.17 },
    ]);
    expect(parseBusCoordinatesCsv('\uFEFFlongitud;latitud;barra\r\n-3,7;40,4;1\r\n\r\n')).toEqual([
      { bus: 1, lat: 40.4, lon: -3.7 },
    ]);
    expect(parseBusCoordinatesCsv('# exported\nbus,lat,lon\n7,-33.45,-70.66')).toEqual([
      { bus: 7, lat: -33.45, lon: -70.66 },
    ]);
  });

  it('says where a bad file is wrong', () => {
    expect(engineCode(() => parseBusCoordinatesCsv(''))).toBe('PARSE_COORDINATES_EMPTY@-:-');
    expect(engineCode(() => parseBusCoordinatesCsv('bus,lat\n1,2'))).toBe(
      'PARSE_COORDINATES_HEADER@1:lon',
    );
    expect(engineCode(() => parseBusCoordinatesCsv('1,40,-3\n2,x,4'))).toBe(
      'PARSE_COORDINATES_FIELD_INVALID@2:lat',
    );
    expect(engineCode(() => parseBusCoordinatesCsv('1,95,-3'))).toBe(
      'PARSE_COORDINATES_FIELD_INVALID@1:lat',
    );
    expect(engineCode(() => parseBusCoordinatesCsv('1,40,-190'))).toBe(
      'PARSE_COORDINATES_FIELD_INVALID@1:lon',
    );
    expect(engineCode(() => parseBusCoordinatesCsv('1.5,40,-3'))).toBe(
      'PARSE_COORDINATES_FIELD_INVALID@1:bus',
    );
    expect(engineCode(() => parseBusCoordinatesCsv('1,40,-3\n1,41,-3'))).toBe(
      'PARSE_COORDINATES_BUS_DUPLICATE@2:bus',
    );
  });
});

describe('geographicLayout', () => {
  it('projects placed buses and puts the others by their neighbours', () => {
    const net = case9();
    const coords = [
      { bus: 1, lat: 40, lon: -4 },
      { bus: 4, lat: 40, lon: -3 },
      { bus: 5, lat: 41, lon: -3 },
    ];
    const { x, y, source } = geographicLayout(net, coords);
    expect(source).toBe('geographic');
    // One degree of longitude at 40.33° is cos(40.33°) of one degree of latitude.
    const lonStep = x[3] - x[0];
    const latStep = y[4] - y[3];
    expect(lonStep / latStep).toBeCloseTo(Math.cos((40.333333 * Math.PI) / 180), 4);
    // Bus 6 (index 5) hangs off bus 5: it lands within a couple of units of it.
    expect(distance(x, y, 5, 4)).toBeLessThan(2);
    for (let i = 0; i < 9; i++) expect(Number.isFinite(x[i]) && Number.isFinite(y[i])).toBe(true);
  });

  it('refuses a file that places none of the case buses', () => {
    expect(engineCode(() => geographicLayout(case9(), [{ bus: 99, lat: 1, lon: 1 }]))).toBe(
      'PARSE_COORDINATES_BUS_UNKNOWN@-:-',
    );
  });

  it('spreads every bus out from the only placed one, all finite', () => {
    const net = case9();
    const { x, y } = geographicLayout(net, [{ bus: 1, lat: 10, lon: 20 }]);
    for (let i = 0; i < 9; i++) expect(Number.isFinite(x[i]) && Number.isFinite(y[i])).toBe(true);
    // Each bus lands near a placed neighbour (outward from bus 1, ring by ring), never on it.
    for (let i = 1; i < 9; i++) expect(distance(x, y, 0, i)).toBeGreaterThan(0);
  });
});

describe('computeForceLayout on odd topologies', () => {
  it('keeps isolated buses and separate islands in the picture', () => {
    const base = case9();
    // The first seven branches only: bus 9 loses both of its branches.
    const net = {
      ...base,
      branches: {
        ...base.branches,
        count: 7,
        fromBus: base.branches.fromBus.slice(0, 7),
        toBus: base.branches.toBus.slice(0, 7),
      },
    } as typeof base;
    const { x, y } = computeForceLayout(net);
    const spread = Math.max(...Array.from(x, (v, i) => Math.hypot(v, y[i]!)));
    expect(Number.isFinite(spread)).toBe(true);
    // Bus 9 (index 8) only had branches 8 and 9: it is isolated now, yet near the others.
    const others = Array.from({ length: 8 }, (_, i) => distance(x, y, 8, i));
    expect(Math.min(...others)).toBeLessThan(spread * 4);
  });
});
