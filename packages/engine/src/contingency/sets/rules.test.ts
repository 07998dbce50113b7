import { describe, expect, it } from 'vitest';
import { readReferenceText } from '@holgura/test-fixtures';
import { allBusbarCapacities } from '../../busbar/all/capacities';
import { readMatpower } from '../../io/matpower/read-matpower';
import { branchKv } from '../n1';
import { allBusbarCapacitiesOnSet } from './busbars-on-set';
import { expandContingencyRules } from './rules';

const net = readMatpower(readReferenceText('cases/case_ACTIVSg2000.m')).network;
const none = { singleBranches: false, parallelCircuits: false, units: false };

describe('contingencies by rule (issue #30, ACTIVSg2000)', () => {
  it('each branch alone is the product’s default: every bus the same figure', () => {
    const set = expandContingencyRules(net, { ...none, singleBranches: true });
    const inService = Array.from(net.branches.inService).filter((s) => s === 1).length;
    expect(set.counts).toEqual({
      total: inService,
      branch: inService,
      multiBranch: 0,
      generator: 0,
      mixed: 0,
    });
    const options = { preExisting: 'ignore' as const, threads: 1 };
    const onRules = allBusbarCapacitiesOnSet(net, set.contingencies, options);
    const plain = allBusbarCapacities(net, options);
    expect(Array.from(onRules.attributable.capacityMw)).toEqual(
      Array.from(plain.attributable.capacityMw),
    );
  }, 60_000);

  it('double circuits out together, units with output, filtered by kV and area', () => {
    const set = expandContingencyRules(net, { ...none, parallelCircuits: true, units: true });
    const pairs = new Map<string, number>();
    for (let k = 0; k < net.branches.count; k++) {
      if (!net.branches.inService[k]) continue;
      const [a, b] = [net.branches.fromBus[k]!, net.branches.toBus[k]!].sort((x, y) => x - y);
      pairs.set(`${a}-${b}`, (pairs.get(`${a}-${b}`) ?? 0) + 1);
    }
    const parallel = [...pairs.values()].filter((n) => n >= 2).length;
    const producing = Array.from(net.generators.pgMw).filter(
      (pg, g) => pg !== 0 && net.generators.inService[g] === 1,
    ).length;
    expect(set.counts).toMatchObject({ multiBranch: parallel, generator: producing });
    expect(parallel).toBeGreaterThan(400);
    expect(set.contingencies[0]!.label).toBe('N-2 1');

    const area = net.buses.area[0]!;
    const high = expandContingencyRules(net, {
      ...none,
      singleBranches: true,
      units: true,
      minKv: 230,
      areas: [area],
    });
    expect(high.counts.branch).toBeGreaterThan(0);
    expect(high.counts.branch).toBeLessThan(set.counts.total);
    for (const c of high.contingencies) {
      for (const k of c.branches) {
        expect(branchKv(net, k)).toBeGreaterThanOrEqual(230);
        const ends = [net.branches.fromBus[k]!, net.branches.toBus[k]!];
        expect(ends.some((b) => net.buses.area[b] === area)).toBe(true);
      }
      for (const g of c.generators) {
        expect(net.buses.baseKv[net.generators.bus[g]!]).toBeGreaterThanOrEqual(230);
        expect(net.buses.area[net.generators.bus[g]!]).toBe(area);
      }
    }
  });
});
