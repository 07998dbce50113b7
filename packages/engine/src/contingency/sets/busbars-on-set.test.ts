import { describe, expect, it } from 'vitest';
import { readReferenceText } from '@holgura/test-fixtures';
import { BusbarStatus } from '../../busbar/all/capacities';
import { readMatpower } from '../../io/matpower/read-matpower';
import { busbarCapacityOnSet, interfaceOfMonitored } from './busbar-on-set';
import { AREA7_TO_AREA6_TIGHT } from './psse-definitions.test-support';
import { readMonitored } from './psse-mon';
import type { ScreenedInterface } from './screen-set';
import { allBusbarCapacitiesOnSet, SET_CONTINGENCY } from './busbars-on-set';
import { readContab } from './contab';
import type { Contingency } from './contingency-set';

/**
 * Issue #30: every bus's capacity on a chosen set, against busbarCapacityOnSet one bus at a time
 * (itself equal to re-solving without each contingency's elements: busbar-on-set.test.ts).
 */
const net = readMatpower(readReferenceText('cases/case_ACTIVSg2000.m')).network;
const contab = readContab(readReferenceText('cases/contab_ACTIVSg2000.m'), net);

/** Double circuits and neighbouring pairs: N-2 outages a .con's DOUBLE rule would give. */
function doubleOutages(count: number): Contingency[] {
  const { fromBus, toBus } = net.branches;
  const pairs: Contingency[] = [];
  for (let k = 1; k < net.branches.count && pairs.length < count; k += 7) {
    for (let j = 0; j < k; j++) {
      if (fromBus[j] === fromBus[k] || toBus[j] === toBus[k] || fromBus[j] === toBus[k]) {
        pairs.push({ label: `N-2 ${j + 1}+${k + 1}`, branches: [j, k], generators: [] });
        break;
      }
    }
  }
  return pairs;
}

const sample = (every: number) =>
  Array.from({ length: Math.ceil(net.buses.count / every) }, (_, i) => i * every);

function expectSameAsOneBus(
  set: readonly Contingency[],
  preExisting: 'ignore' | 'limit',
  buses: number[],
  interfaces: readonly ScreenedInterface[] = [],
) {
  const options = {
    slack: 'single' as const,
    preExisting,
    pickup: 'headroom' as const,
    ...(interfaces.length === 0 ? {} : { interfaces }),
  };
  const all = allBusbarCapacitiesOnSet(net, set, { ...options, buses, extrasBudget: 2 ** 19 });
  const figures = preExisting === 'ignore' ? all.attributable : all.strict;
  const setIndex =
    preExisting === 'ignore' ? all.setContingency.attributable : all.setContingency.strict;
  let bySet = 0;
  let byInterface = 0;
  buses.forEach((bus, slot) => {
    if (all.status[slot] !== BusbarStatus.computed) return;
    const one = busbarCapacityOnSet(net, bus, set, options);
    const what = `bus ${net.buses.number[bus]} (${preExisting})`;
    expect(figures.capacityMw[slot], what).toBeCloseTo(one.capacityMw!, 6);
    if (one.limiting === null) {
      expect(figures.monitored[slot], what).toBe(-1);
      return;
    }
    // Pairs may tie (parallel or series circuits; a unit outage that moves a flow by 1e-14 MW):
    // then the
    const named = setIndex[slot]!;
    if (figures.monitored[slot] !== one.limiting.monitored || named !== one.limiting.contingency) {
      // contingency and branch named must give the same figure on their own.
      const flowgate = interfaceOfMonitored(figures.monitored[slot]!);
      const alone = busbarCapacityOnSet(net, bus, named < 0 ? [] : [set[named]!], {
        ...options,
        ...(flowgate === null
          ? { monitored: [figures.monitored[slot]!], interfaces: [] }
          : {
              monitored: [],
              interfaces: interfaces.map((item, i) =>
                i === flowgate ? item : { ...item, limitMw: null },
              ),
            }),
      });
      expect(alone.capacityMw!, `${what}, named alone`).toBeCloseTo(figures.capacityMw[slot]!, 6);
    }
    if (figures.contingency[slot] === SET_CONTINGENCY) bySet++;
    if (interfaceOfMonitored(figures.monitored[slot]!) !== null) byInterface++;
  });
  return { all, bySet, byInterface };
}

describe('every bus’s capacity on a contingency set (ACTIVSg2000)', () => {
  it('on the public contab (3,734: branches and units) equals the one-bus figure', () => {
    const { all, bySet } = expectSameAsOneBus(contab.contingencies, 'ignore', sample(61));
    expect(all.setCounts.generator).toBe(544);
    expect(all.extras.contingencies).toBe(544);
    // Some bus is limited by a unit outage, not by a branch's.
    expect(bySet).toBeGreaterThan(0);
  }, 240_000);

  it('with N-2 and mixed outages, in chunks, equals the one-bus figure, strict and attributable', () => {
    const pairs = doubleOutages(120);
    const units = contab.contingencies.filter((c) => c.generators.length > 0).slice(0, 40);
    const mixed: Contingency = {
      label: 'mixed',
      branches: pairs[3]!.branches,
      generators: units[5]!.generators,
    };
    const singles = contab.contingencies.filter((c) => c.generators.length === 0).slice(0, 600);
    const set = [...singles, ...pairs, ...units, mixed];
    const ignore = expectSameAsOneBus(set, 'ignore', sample(37));
    expect(ignore.all.extras.chunks).toBeGreaterThan(1);
    expect(ignore.bySet).toBeGreaterThan(0);
    expectSameAsOneBus(set, 'limit', sample(41));
  }, 240_000);

  it('with a rated interface, equals the one-bus figure, strict and attributable', () => {
    // The tight area 7 → area 6 interface, and one without a rating (reported, never a limit).
    const { interfaces, unresolved } = readMonitored(
      [
        ...AREA7_TO_AREA6_TIGHT,
        "MONITOR INTERFACE 'SIN LIMITE'",
        '  BRANCH FROM BUS 7199 TO BUS 6062 CKT 1',
        'END',
        'END',
      ].join('\n'),
      net,
    );
    expect(unresolved).toEqual([]);
    const members = interfaces[0]!.members.map((m) => m.branch);
    const singles = contab.contingencies.filter((c) => c.generators.length === 0);
    const set = [
      ...singles.filter((c, i) => i % 5 === 0 || members.includes(c.branches[0]!)),
      ...doubleOutages(30),
      ...contab.contingencies.filter((c) => c.generators.length > 0).slice(0, 20),
    ];
    // Area 7's plants, where the interface binds (busbar-on-set.test.ts), and a sample.
    const near = [7098, 7099, 7199, 7018, 7414].map((n) => net.buses.number.indexOf(n));
    const ignore = expectSameAsOneBus(set, 'ignore', [...near, ...sample(41)], interfaces);
    expect(ignore.byInterface).toBeGreaterThan(0);
    expectSameAsOneBus(set, 'limit', [...near, ...sample(47)], interfaces);
  }, 240_000);
});
