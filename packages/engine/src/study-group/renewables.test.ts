import { readReferenceText } from '@holgura/test-fixtures';
import { describe, expect, it } from 'vitest';
import { readMatpower } from '../io/matpower/read-matpower';
import { analyseFlexibility } from '../flexibility/analyse';

describe("the 'renewables' study group (docs/analysis.md §5)", () => {
  const net = readMatpower(readReferenceText('cases/case_ACTIVSg200.m')).network;

  it('reads MATPOWER genfuel, one fuel per generator', () => {
    expect(net.generators.fuel).toHaveLength(net.generators.count);
    expect(
      net.generators.fuel!.filter((f) => f === 'wind' || f === 'solar').length,
    ).toBeGreaterThan(0);
  });

  it('refuses it when every wind and solar unit already runs at its maximum', () => {
    // As published, ACTIVSg200's wind and solar units produce their Pmax.
    expect(() => analyseFlexibility(net, { studyGroup: { rule: 'renewables' } })).toThrow(
      expect.objectContaining({ code: 'TRANSFER_GROUP_EMPTY' }),
    );
  });

  it('raises exactly the wind and solar plants with room to rise', () => {
    // Curtail every renewable unit to half its maximum so it has room.
    const pgMw = Float64Array.from(net.generators.pgMw);
    net.generators.fuel!.forEach((f, k) => {
      if (f === 'wind' || f === 'solar') pgMw[k] = net.generators.pmaxMw[k]! / 2;
    });
    const curtailed = { ...net, generators: { ...net.generators, pgMw } };
    const r = analyseFlexibility(curtailed, { studyGroup: { rule: 'renewables' } });
    expect(r.options.studyGroup.rule).toBe('renewables');
    const fuel = net.generators.fuel!;
    for (const plant of r.plants) {
      const renewable = plant.generators.some((k) => fuel[k] === 'wind' || fuel[k] === 'solar');
      const headroom = plant.generators.some((k) => net.generators.pmaxMw[k]! - pgMw[k]! > 0);
      expect(plant.inStudyGroup, `ACTIVSg200 plant ${plant.name}`).toBe(renewable && headroom);
    }
  });
});
