import type { Network } from './network';
import { BusType } from './network';
import type { InService } from './indexing';

export interface Islands {
  readonly count: number;
  /** Island id per bus, -1 for an inactive (isolated) bus. Ids follow the lowest bus row. */
  readonly islandByBus: Int32Array;
  /** Per island: its reference bus (see findIslands), -1 when the island has no generation. */
  readonly refBus: Int32Array;
  /** Per island: whether any active generator sits in it (else it is de-energised). */
  readonly hasGeneration: Uint8Array;
}

/** Connected components of the in-service network, by union–find over active branches. */
export function findIslands(net: Network, active: InService): Islands {
  const nb = net.buses.count;
  const parent = new Int32Array(nb);
  for (let i = 0; i < nb; i++) parent[i] = i;
  const root = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  };
  const { fromBus, toBus } = net.branches;
  for (let k = 0; k < net.branches.count; k++) {
    if (!active.branchActive[k]) continue;
    const a = root(fromBus[k]);
    const b = root(toBus[k]);
    if (a !== b) parent[a < b ? b : a] = a < b ? a : b;
  }
  const islandByBus = new Int32Array(nb).fill(-1);
  const idOfRoot = new Int32Array(nb).fill(-1);
  let count = 0;
  for (let i = 0; i < nb; i++) {
    if (!active.busActive[i]) continue;
    const r = root(i);
    if (idOfRoot[r] < 0) idOfRoot[r] = count++;
    islandByBus[i] = idOfRoot[r];
  }
  // Reference per island as MATPOWER bustypes picks it: the first REF bus with an in-service
  // generator, else the first PV bus with one, else (not a MATPOWER case) the first bus with one.
  const hasGeneration = new Uint8Array(count);
  const genAtBus = new Uint8Array(nb);
  for (let g = 0; g < net.generators.count; g++) {
    if (!active.genActive[g]) continue;
    genAtBus[net.generators.bus[g]] = 1;
    hasGeneration[islandByBus[net.generators.bus[g]]] = 1;
  }
  const refBus = new Int32Array(count).fill(-1);
  for (const wanted of [BusType.REF, BusType.PV, 0]) {
    for (let i = 0; i < nb; i++) {
      const isl = islandByBus[i];
      if (isl < 0 || refBus[isl] >= 0 || !genAtBus[i]) continue;
      if (wanted === 0 || net.buses.type[i] === wanted) refBus[isl] = i;
    }
  }
  return { count, islandByBus, refBus, hasGeneration };
}
