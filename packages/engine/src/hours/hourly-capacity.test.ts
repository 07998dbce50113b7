import { readReferenceText } from '@holgura/test-fixtures';
import { describe, expect, it } from 'vitest';
import { busbarCapacity } from '../busbar/capacity';
import { busbarStudy, transferIsland } from '../busbar/setup';
import { readMatpower } from '../io/matpower/read-matpower';
import type { Network } from '../model/network';
import { EngineError } from '../util/engine-error';
import { hourlyCapacities, infeasibleHours } from './hourly-capacity';
import { hourlyDispatch } from './hourly-dispatch';
import type { HourlyProfiles } from './profiles';
import { readCsvProfiles, readProfiles } from './profiles';

const case118 = readMatpower(readReferenceText('cases/case118.m')).network;
const activsg200 = readMatpower(readReferenceText('cases/case_ACTIVSg200.m')).network;

/** Hour t's case rebuilt from scratch (hourly-dispatch.ts) and analysed by busbarCapacity. */
function bruteForce(
  net: Network,
  profiles: HourlyProfiles,
  hour: number,
  buses: number[],
  preExisting: 'limit' | 'ignore',
): number[] {
  const study = busbarStudy(net, {});
  const dispatch = hourlyDispatch(
    study.net,
    study.model.active,
    study.model.islands,
    transferIsland(study.net, study.model),
    profiles,
  );
  const r = busbarCapacity(dispatch.network(hour), { buses, preExisting });
  return r.results.map((x) => x.capacityMw);
}

/**
 * ACTIVSg200 over two days: the load from 100 % to 130 %, the largest unit following its own
 * profile and the second largest out around noon.
 */
function twoDaysOf200(): string {
  const g = activsg200.generators;
  const bySize = Array.from({ length: g.count }, (_, k) => k).sort(
    (a, b) => g.pmaxMw[b]! - g.pmaxMw[a]!,
  );
  const busOf = (k: number) => activsg200.buses.number[g.bus[k]!]!;
  const header = [
    'hora',
    'area 1 factor',
    `unidad ${busOf(bySize[0]!)}`,
    `estado ${busOf(bySize[1]!)}`,
  ];
  const rows = Array.from({ length: 48 }, (_, t) => {
    const factor = 1.15 + 0.15 * Math.sin((2 * Math.PI * (t - 6)) / 24);
    const unit = 220 + 75 * (1 + Math.cos((2 * Math.PI * t) / 24));
    const status = t % 24 >= 11 && t % 24 <= 13 ? 0 : 1;
    return [t + 1, factor.toFixed(4), unit.toFixed(2), status].join(',');
  });
  return [header.join(','), ...rows].join('\n');
}

describe('hourlyCapacities', () => {
  for (const preExisting of ['ignore', 'limit'] as const) {
    it(`equals busbarCapacity on each hour's case rebuilt from scratch (ACTIVSg200, every bus, ${preExisting})`, () => {
      const profiles = readCsvProfiles(twoDaysOf200(), activsg200);
      expect(profiles.hours).toBe(48);
      const r = hourlyCapacities(activsg200, profiles, { preExisting });
      expect(r.infeasibleHours).toEqual([]);
      const buses = r.results.map((b) => b.bus);
      let changed = 0;
      for (let t = 0; t < 48; t += 1) {
        const expected = bruteForce(activsg200, profiles, t, buses, preExisting);
        r.results.forEach((b, j) => {
          expect(b.capacityMw[t], `hour ${t + 1}, bus ${b.busNumber}`).toBeCloseTo(expected[j]!, 6);
          if (t > 0 && Math.abs(b.capacityMw[t]! - b.capacityMw[0]!) > 1) changed++;
        });
      }
      // The profiles move the figures: not the same case 48 times.
      expect(changed).toBeGreaterThan(100);
      // Each hour's limiting constraint is one of the bus's, and the hours add up.
      for (const b of r.results) {
        const limited = Array.from(b.limiting).filter((q) => q >= 0).length;
        expect(b.constraints.reduce((s, k) => s + k.hours, 0)).toBe(limited);
      }
    });
  }

  it('follows the profiled technology and reports the hours the other units cannot balance', () => {
    // ACTIVSg200's wind at 0 to 100 % of Pmax; hours 5 and 6 ask for more load than the case can serve.
    const rows = Array.from({ length: 12 }, (_, t) => {
      const factor = t === 4 || t === 5 ? 3 : 0.7 + 0.05 * t;
      return `${t + 1},${factor},${(t / 11).toFixed(4)}`;
    });
    const profiles = readCsvProfiles(
      ['hora,area 1 factor,tecnologia wind fc', ...rows].join('\n'),
      activsg200,
    );
    const r = hourlyCapacities(activsg200, profiles, { preExisting: 'ignore' });
    expect(r.infeasibleHours.map((h) => h.hour)).toEqual([4, 5]);
    // The same hours from the dispatch alone, as the API's profiles summary counts them.
    expect(infeasibleHours(activsg200, profiles)).toEqual(r.infeasibleHours);
    expect(r.infeasibleHours[0]!.shortfallMw).toBeGreaterThan(0);
    const buses = r.results.map((b) => b.bus);
    for (const t of [0, 3, 6, 11]) {
      const expected = bruteForce(activsg200, profiles, t, buses, 'ignore');
      r.results.forEach((b, j) => expect(b.capacityMw[t]).toBeCloseTo(expected[j]!, 6));
    }
    for (const b of r.results) {
      expect(b.capacityMw[4]).toBeNaN();
      expect(b.limiting[4]).toBe(-1);
    }
  });

  it('reads MATPOWER hourly change tables: area loads replaced, scaled or added to, and unit outputs', () => {
    const table = `function chgtab = horas
define_constants;
chgtab = [
  1 0 CT_TAREALOAD 1 CT_LOAD_ALL_P CT_REP 3000;
  2 0 CT_TAREALOAD 1 CT_LOAD_ALL_PQ CT_REL 1.1;
  2 0 CT_TGEN 3 PG CT_REP 50;
  3 0 CT_TAREALOAD 1 CT_LOAD_ALL_P CT_ADD -100;
];`;
    const p = readProfiles(table, case118);
    const base = Array.from(case118.buses.pdMw).reduce((s, v) => s + v, 0);
    expect(p.hours).toBe(3);
    expect(p.areas[0]!.factor[0]).toBeCloseTo(3000 / base, 12);
    expect(p.areas[0]!.factor[1]).toBe(1.1);
    expect(p.areas[0]!.factor[2]).toBeCloseTo((base - 100) / base, 12);
    expect(Array.from(p.units[0]!.pgMw)).toEqual([
      case118.generators.pgMw[2],
      50,
      case118.generators.pgMw[2],
    ]);
  });

  it('refuses profiles that name what the case lacks, or are not profiles', () => {
    const code = (fn: () => unknown) => {
      try {
        fn();
      } catch (e) {
        return e instanceof EngineError ? e.code : String(e);
      }
      return null;
    };
    expect(code(() => readCsvProfiles('hora,area 7\n1,100', case118))).toBe(
      'HOURLY_PROFILES_UNRESOLVED',
    );
    expect(code(() => readCsvProfiles('hora,unidad 2\n1,100', case118))).toBe(
      'HOURLY_PROFILES_UNRESOLVED',
    );
    expect(code(() => readCsvProfiles('hora,area 1\n1,abc', case118))).toBe(
      'HOURLY_PROFILES_INVALID',
    );
    expect(code(() => readCsvProfiles('hora,viento\n1,1', case118))).toBe(
      'HOURLY_PROFILES_INVALID',
    );
    expect(
      code(() => readProfiles('chgtab = [\n 1 0 8 1 4 1 100;\n 3 0 8 1 4 1 100;\n];', case118)),
    ).toBe('HOURLY_PROFILES_INVALID');
  });
});

describe('hourlyCapacities on ACTIVSg2000 with its 8,784 hours (scenarios_ACTIVSg2000.m)', () => {
  it('equals a re-solve of sampled hours at three buses, and says which hours cannot be balanced', () => {
    const net = readMatpower(readReferenceText('cases/case_ACTIVSg2000.m')).network;
    const profiles = readProfiles(readReferenceText('cases/scenarios_ACTIVSg2000.m'), net);
    expect(profiles.hours).toBe(8784);
    expect(profiles.areas).toHaveLength(8);
    const numbers = [5136, 7093, 8160];
    const buses = numbers.map((n) => net.buses.number.indexOf(n));
    const r = hourlyCapacities(net, profiles, { buses, preExisting: 'ignore' });
    // The case's units cannot go below their Pmin (32.6 GW in all) in the year's lightest hours.
    expect(r.infeasibleHours.length).toBeGreaterThan(1000);
    expect(r.infeasibleHours.every((h) => h.shortfallMw < 0)).toBe(true);
    const feasible = Array.from({ length: 8784 }, (_, t) => t).filter(
      (t) => !Number.isNaN(r.effectiveCapMw[t]),
    );
    const sample = [0, 0.2, 0.4, 0.6, 0.8, 1].map(
      (x) => feasible[Math.floor(x * (feasible.length - 1))]!,
    );
    for (const t of sample) {
      const expected = bruteForce(net, profiles, t, buses, 'ignore');
      r.results.forEach((b, j) =>
        expect(b.capacityMw[t], `hour ${t + 1}`).toBeCloseTo(expected[j]!, 6),
      );
    }
    expect(r.results.map((b) => b.busNumber)).toEqual(numbers);
    expect(r.results.every((b) => b.constraints.length > 0)).toBe(true);
  });
});
