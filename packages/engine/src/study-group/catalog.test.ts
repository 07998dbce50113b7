import { readReference } from '@holgura/test-fixtures';
import { describe, expect, it } from 'vitest';
import { loadCase } from '../io/load-case';
import { readMatpower } from '../io/matpower/read-matpower';
import { analyseFlexibility } from '../flexibility/analyse';
import { generatorCatalog } from './catalog';

// Bus 3 holds a wind unit and a coal unit; bus 2's wind unit is out of service. Areas 1, 1, 2, 2;
// zones 1, 2, 2, 1; kV 230, 115, 230, 13.8. Load and generation balance (160 MW): the base
// dispatch leaves every P0 as written.
const CASE = `mpc.baseMVA = 100;
mpc.bus = [
1 3 0 0 0 0 1 1 0 230 1 1.1 0.9;
2 1 130 0 0 0 1 1 0 115 2 1.1 0.9;
3 2 0 0 0 0 2 1 0 230 2 1.1 0.9;
4 1 30 0 0 0 2 1 0 13.8 1 1.1 0.9;
];
mpc.gen = [
1 100 0 0 0 1 100 1 200 0;
3 20 0 0 0 1 100 1 50 0;
3 30 0 0 0 1 100 1 60 10;
4 10 0 0 0 1 100 1 10 0;
2 0 0 0 0 1 100 0 40 0;
];
mpc.branch = [
1 2 0 0.1 0 200 250 0 0 0 1;
2 3 0 0.1 0 200 250 0 0 0 1;
1 3 0 0.1 0 200 250 0 0 0 1;
3 4 0 0.1 0 200 250 0 0 0 1;
];
mpc.genfuel = {
'ng';
'wind';
'coal';
'solar';
'wind';
};`;

const net = readMatpower(CASE).network;

describe('the generator catalogue a study-group picker reads', () => {
  const catalog = generatorCatalog(net);

  it('lists every generator row with its bus, machine, fuel and limits', () => {
    expect(catalog.count).toBe(5);
    expect(catalog.busNumber).toEqual([1, 3, 3, 4, 2]);
    expect(catalog.busName).toEqual(['B1', 'B3', 'B3', 'B4', 'B2']);
    // MATPOWER has no machine ids: the order of the unit among its bus's machines.
    expect(catalog.machineId).toEqual(['1', '1', '2', '1', '1']);
    expect(catalog.fuel).toEqual(['ng', 'wind', 'coal', 'solar', 'wind']);
    expect(catalog.inService).toEqual([true, true, true, true, false]);
    expect(catalog.baseKv).toEqual([230, 230, 230, 13.8, 115]);
  });

  it('sizes each option by its in-service units and their headroom', () => {
    const size = (o: { units: number; unitsWithHeadroom: number; headroomMw: number }) => [
      o.units,
      o.unitsWithHeadroom,
      o.headroomMw,
    ];
    expect(size(catalog.renewables)).toEqual([2, 1, 30]);
    expect(size(catalog.all)).toEqual([4, 3, 160]);
    expect(catalog.fuels.map((o) => [o.choice, ...size(o)])).toEqual([
      [{ kind: 'fuel', fuel: 'coal' }, 1, 1, 30],
      [{ kind: 'fuel', fuel: 'ng' }, 1, 1, 100],
      [{ kind: 'fuel', fuel: 'solar' }, 1, 0, 0],
      [{ kind: 'fuel', fuel: 'wind' }, 1, 1, 30],
    ]);
    expect(catalog.areas.map((o) => [o.choice, o.units])).toEqual([
      [{ kind: 'area', area: 1 }, 1],
      [{ kind: 'area', area: 2 }, 3],
    ]);
    expect(catalog.zones.map((o) => [o.choice, o.units])).toEqual([
      [{ kind: 'zone', zone: 1 }, 2],
      [{ kind: 'zone', zone: 2 }, 2],
    ]);
    expect(catalog.kvLevels.map((o) => [o.choice, o.units])).toEqual([
      [{ kind: 'kv', minKv: 230 }, 3],
      [{ kind: 'kv', minKv: 13.8 }, 4],
    ]);
  });

  it('sizes an option as the analysis of that group finds it', () => {
    for (const option of [catalog.all, catalog.areas[1]!, catalog.kvLevels[0]!]) {
      const r = analyseFlexibility(net, { group: option.choice });
      expect(r.tmaxMw, `Tmax of ${JSON.stringify(option.choice)}`).toBeCloseTo(
        option.headroomMw,
        9,
      );
      expect(r.studyGroup.units.length).toBe(option.unitsWithHeadroom);
    }
  });

  it('names the default rule’s choice: the renewables have 30 MW of headroom here', () => {
    expect(catalog.defaultGroup.choice).toEqual({ kind: 'renewables' });
    expect(catalog.defaultGroup.reason).toBe('DEFAULT_RENEWABLES');
  });

  it('takes PSS/E machine ids from the file', async () => {
    const loaded = await loadCase(readReference('raw/IEEE_14_bus.raw'));
    expect(loaded.generatorIds).toHaveLength(loaded.network.generators.count);
    const ids = generatorCatalog(loaded.network, loaded.generatorIds).machineId;
    expect(ids).toEqual(loaded.generatorIds!.map((id) => id.trim()));
  });
});
