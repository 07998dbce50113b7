import { readReferenceText } from '@holgura/test-fixtures';
import { describe, expect, it } from 'vitest';
import { readMatpower } from '../io/matpower/read-matpower';
import type { HourlyCapacityResult } from './hourly-capacity';
import { hourlyCapacities } from './hourly-capacity';
import { readCsvProfiles } from './profiles';
import { hourlyCapacitiesOnThreads } from './threads';

const net = readMatpower(readReferenceText('cases/case_ACTIVSg200.m')).network;

/** A day of ACTIVSg200's load from 90 % to 130 %. */
const day = readCsvProfiles(
  [
    'hora,area 1 factor',
    ...Array.from({ length: 24 }, (_, t) =>
      [t + 1, (1.1 + 0.2 * Math.sin((2 * Math.PI * (t - 6)) / 24)).toFixed(4)].join(','),
    ),
  ].join('\n'),
  net,
);

/** Everything a bus's year says, comparable with toEqual. */
const years = (r: HourlyCapacityResult) =>
  r.results.map((b) => ({
    bus: b.bus,
    capacityMw: Array.from(b.capacityMw),
    limiting: Array.from(b.limiting),
    constraints: b.constraints,
  }));

describe('hourlyCapacitiesOnThreads', () => {
  const alone = hourlyCapacities(net, day, { preExisting: 'ignore' });

  it('gives every bus the same year as one thread, in the order asked', async () => {
    const r = await hourlyCapacitiesOnThreads(net, day, { preExisting: 'ignore' }, { threads: 2 });
    expect(alone.results.length).toBeGreaterThan(100);
    expect(r.threads).toBe(2);
    expect(years(r)).toEqual(years(alone));
    expect(r.skippedBuses).toEqual(alone.skippedBuses);
    expect(r.infeasibleHours).toEqual(alone.infeasibleHours);
    expect(Array.from(r.effectiveCapMw)).toEqual(Array.from(alone.effectiveCapMw));
  });

  it('keeps a list of buses in the order given, and reports progress to the end', async () => {
    const buses = alone.results
      .map((b) => b.bus)
      .reverse()
      .slice(0, 40);
    const seen: number[] = [];
    const r = await hourlyCapacitiesOnThreads(
      net,
      day,
      { preExisting: 'limit', buses, onProgress: (f) => seen.push(f) },
      { threads: 3 },
    );
    const one = hourlyCapacities(net, day, { preExisting: 'limit', buses });
    expect(r.threads).toBe(3);
    expect(r.results.map((b) => b.bus)).toEqual(buses);
    expect(years(r)).toEqual(years(one));
    expect(seen.at(-1)).toBe(1);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!).toBeGreaterThanOrEqual(seen[i - 1]!);
  });

  it('computes a helper’s part itself when the helper cannot start', async () => {
    const r = await hourlyCapacitiesOnThreads(
      net,
      day,
      { preExisting: 'ignore' },
      { threads: 2, worker: new URL('./no-such-worker.js', import.meta.url) },
    );
    expect(r.threads).toBe(1);
    expect(years(r)).toEqual(years(alone));
  });
});
