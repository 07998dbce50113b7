import { EngineError } from '../util/engine-error';
import type { BusIndex, BusNumber, Network } from './network';
import { BusType } from './network';

/** Bus number → internal index, for reading files and for user input (`--buses 1,2,3`). */
export function makeBusLookup(numbers: Int32Array): Map<number, BusIndex> {
  const map = new Map<number, BusIndex>();
  for (let i = 0; i < numbers.length; i++) {
    if (map.has(numbers[i])) {
      throw new EngineError('MODEL_BUS_DUPLICATE', `bus number ${numbers[i]} appears twice`);
    }
    map.set(numbers[i], i as BusIndex);
  }
  return map;
}

export function indexOfBus(lookup: Map<number, BusIndex>, number: BusNumber | number): BusIndex {
  const i = lookup.get(number);
  if (i === undefined)
    throw new EngineError('MODEL_BUS_UNKNOWN', `bus ${number} is not in the case`);
  return i;
}

/**
 * What MATPOWER's ext2int keeps: buses not of type 4, in-service branches between such buses,
 * in-service generators at such buses. Internal indices stay the file rows; callers skip what is
 * excluded, so results map back to file order with no renumbering.
 */
export interface InService {
  readonly busActive: Uint8Array;
  readonly branchActive: Uint8Array;
  readonly genActive: Uint8Array;
  readonly nActiveBranches: number;
}

export function inServiceMask(net: Network): InService {
  const { buses, branches, generators } = net;
  const busActive = new Uint8Array(buses.count);
  for (let i = 0; i < buses.count; i++) busActive[i] = buses.type[i] === BusType.ISOLATED ? 0 : 1;
  const branchActive = new Uint8Array(branches.count);
  let nActiveBranches = 0;
  for (let k = 0; k < branches.count; k++) {
    const on =
      branches.inService[k] === 1 &&
      busActive[branches.fromBus[k]] === 1 &&
      busActive[branches.toBus[k]] === 1;
    branchActive[k] = on ? 1 : 0;
    if (on) nActiveBranches++;
  }
  const genActive = new Uint8Array(generators.count);
  for (let g = 0; g < generators.count; g++) {
    genActive[g] = generators.inService[g] === 1 && busActive[generators.bus[g]] === 1 ? 1 : 0;
  }
  return { busActive, branchActive, genActive, nActiveBranches };
}
