import { describe, expect, it } from 'vitest';
import { windowResult } from '../windows.test-support';
import {
  markerCounts,
  markerLabel,
  requestAtBus,
  requestsByBus,
  STATUS_MARKS,
} from './map-markers';

const more = (n: number) => `+${n}`;

/** case30's four requests, with R5 beside R1 at bus 2 (complete under max, R1 partial). */
function withSecondRequestAtBus2() {
  const result = windowResult();
  result.requests.push({
    ...result.requests[0]!,
    id: 'R5',
    name: null,
    technology: null,
    requestedMw: 5,
    standaloneMw: 5,
    rank: 5,
  });
  const max = result.rules.max;
  if (!max.ok) throw new Error('the test data has every rule');
  max.awards.push({ id: 'R5', awardedMw: 5, status: 'complete', binding: [], competitors: [] });
  return result;
}

describe('the map of a window’s requests', () => {
  it('marks each request’s bus with its status under the rule, buses in rank order', () => {
    const buses = requestsByBus(windowResult(), 'max')!;
    expect(buses.map((b) => [b.bus, b.status, b.requests.map((r) => r.id)])).toEqual([
      [5, 'none', ['R2']],
      [2, 'partial', ['R1']],
      [13, 'complete', ['R3']],
      [22, 'complete', ['R4']],
    ]);
    expect(buses[1]!.requests[0]).toEqual({
      id: 'R1',
      status: 'partial',
      awardedMw: 48.51998,
      requestedMw: 60,
      rank: 2,
    });
    expect(requestsByBus(windowResult(), 'order')!.map((b) => b.status)).toEqual([
      'partial',
      'none',
      'none',
      'none',
    ]);
  });

  it('says a bus whose requests differ is mixed, and counts requests by status and mixed buses', () => {
    const buses = requestsByBus(withSecondRequestAtBus2(), 'max')!;
    const bus2 = buses.find((b) => b.bus === 2)!;
    expect(bus2.status).toBe('mixed');
    expect(bus2.requests.map((r) => r.id)).toEqual(['R1', 'R5']);
    expect(markerCounts(buses)).toEqual({ complete: 3, partial: 1, none: 1, mixed: 1 });
    expect(markerLabel(bus2, more)).toBe(`${STATUS_MARKS.mixed.symbol} R1, R5`);
  });

  it('labels a marker with its symbol and its first two ids, then how many more', () => {
    const bus = {
      bus: 7,
      busName: 'B7',
      status: 'none' as const,
      requests: ['A', 'B', 'C', 'D'].map((id, i) => ({
        id,
        status: 'none' as const,
        awardedMw: 0,
        requestedMw: 10,
        rank: i + 1,
      })),
    };
    expect(markerLabel(bus, more)).toBe('✕ A, B +2');
    // A click selects the first request, the next click the next one, then back to the first.
    expect(requestAtBus(bus, null)).toBe('A');
    expect(requestAtBus(bus, 'A')).toBe('B');
    expect(requestAtBus(bus, 'D')).toBe('A');
    expect(requestAtBus(bus, 'R9')).toBe('A');
  });

  it('has no marks for a rule the solver failed', () => {
    const result = windowResult();
    result.rules.fair = {
      ok: false,
      rule: 'fair',
      error: { code: 'WINDOW_SOLVER_FAILED', message: 'falló' },
    };
    expect(requestsByBus(result, 'fair')).toBeNull();
  });

  it('gives every status its own colour and symbol', () => {
    const marks = Object.values(STATUS_MARKS);
    expect(new Set(marks.map((m) => m.color)).size).toBe(marks.length);
    expect(new Set(marks.map((m) => m.symbol)).size).toBe(marks.length);
  });
});
