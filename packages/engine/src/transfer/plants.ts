import type { InService } from '../model/indexing';
import type { Network } from '../model/network';
import { busLabel } from '../model/display-names';
import { busIndex } from '../model/network';

/**
 * Generators grouped into plants, one per bus (docs/analysis.md §1): `G <bus name>`, the in-service
 * machines as units in parallel, and the sums of their P0, Pmax and Pmin. A bus whose machines
 * are all out of service is still a plant (with zero units), so plant indices do not move when
 * a unit is switched.
 */
export interface Plant {
  readonly index: number;
  readonly name: string;
  readonly bus: number;
  readonly busNumber: number;
  /** 0-based generator rows of the in-service machines. */
  readonly generators: number[];
  readonly pInitialMw: number;
  readonly pMaxMw: number;
  readonly pMinMw: number;
}

export interface Plants {
  readonly list: Plant[];
  /** Plant index per generator row (every row, in service or not). */
  readonly plantOfGenerator: Int32Array;
}

export function groupPlants(net: Network, active: InService): Plants {
  const g = net.generators;
  const plantOfBus = new Map<number, number>();
  const plantOfGenerator = new Int32Array(g.count);
  const gens: number[][] = [];
  const buses: number[] = [];
  for (let k = 0; k < g.count; k++) {
    let p = plantOfBus.get(g.bus[k]);
    if (p === undefined) {
      p = buses.length;
      plantOfBus.set(g.bus[k], p);
      buses.push(g.bus[k]);
      gens.push([]);
    }
    plantOfGenerator[k] = p;
    if (active.genActive[k]) gens[p].push(k);
  }
  const list = buses.map((bus, index): Plant => {
    let p0 = 0;
    let pmax = 0;
    let pmin = 0;
    for (const k of gens[index]) {
      p0 += g.pgMw[k];
      pmax += g.pmaxMw[k];
      pmin += g.pminMw[k];
    }
    return {
      index,
      // «G NOMBRE (número, kV)» (issue #29): a plant as engineers find its bus.
      name: `G ${busLabel(net, busIndex(bus))}`,
      bus,
      busNumber: net.buses.number[bus],
      generators: gens[index],
      pInitialMw: p0,
      pMaxMw: pmax,
      pMinMw: pmin,
    };
  });
  return { list, plantOfGenerator };
}
