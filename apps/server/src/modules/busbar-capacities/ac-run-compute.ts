import type { AcCapacityResult } from '@holgura/contracts';
import {
  acVerifiedCapacities,
  acVerifiedCapacityOnSet,
  buildDcModel,
  indexOfBus,
  makeBusLookup,
  type DcModel,
  type LoadedCase,
} from '@holgura/engine';
import { readCaseForJob } from '../../jobs/engine-failure';
import { toAcCapacityResult } from './ac-capacity-result';
import {
  capacityEngineOptions,
  capacityOnSetOptions,
  readCapacitySet,
  type CapacityRunOptions,
} from './busbar-capacities';

/** One bus verified in AC by the all-bus job: its number and the API's AC-verified capacity. */
export interface VerifiedBus {
  busNumber: number;
  capacity: AcCapacityResult;
}

/** What both threads of an all-bus AC slice are asked (ac-run-thread.ts, ac-run-helper.ts). */
export interface AcSliceRequest {
  /** The upload's content key: each thread keeps the last case it read. */
  key: string;
  bytes: Uint8Array;
  options: CapacityRunOptions;
  figure: 'attributable' | 'strict';
  /** Bus numbers, in the order they are verified. */
  buses: number[];
}

/** A case read for the all-bus AC job, with what every slice of it shares. */
export interface ReadCase {
  key: string;
  loaded: LoadedCase;
  dcModel: DcModel;
}

let last: ReadCase | null = null;

/** The case of a request: read once per thread while the same upload's slices come. */
export async function caseOf(request: Pick<AcSliceRequest, 'key' | 'bytes'>): Promise<ReadCase> {
  if (last?.key === request.key) return last;
  last = null;
  const loaded = await readCaseForJob(request.bytes);
  last = { key: request.key, loaded, dcModel: buildDcModel(loaded.network) };
  return last;
}

/**
 * Verifies these buses in AC on this thread (issue #31), as «Verificar en AC» does for one bus:
 * on every branch, one at a time, the engine's batch (one DC pass for the buses, one AC solver,
 * each outage's 0 MW state solved once); on a planner's set, each bus on that set. Buses outside
 * the transfer island give nothing. `onBus` is called after each bus. Engine errors are thrown.
 */
export function verifyBuses(
  read: ReadCase,
  request: Pick<AcSliceRequest, 'options' | 'figure' | 'buses'>,
  onBus: () => void,
): VerifiedBus[] {
  const net = read.loaded.network;
  const lookup = makeBusLookup(net.buses.number);
  const indices = request.buses.map((bus) => indexOfBus(lookup, bus) as number);
  const { options } = request;
  const common = capacityEngineOptions(options, request.figure);
  const file = options.contingencySet;
  if (file === undefined) {
    const batch = acVerifiedCapacities(
      net,
      { ...common, figure: request.figure, buses: indices, threads: 1, onBus: () => onBus() },
      read.dcModel,
    );
    return batch.results.map((result) => ({
      busNumber: result.busNumber,
      capacity: toAcCapacityResult(result),
    }));
  }
  // The figure was computed on the case's set: verified on it, bus by bus (issue #30).
  const set = readCapacitySet(net, file, read.loaded.generatorIds);
  const onSet = capacityOnSetOptions(common, set);
  const out: VerifiedBus[] = [];
  for (const bus of indices) {
    try {
      const verified = acVerifiedCapacityOnSet(net, bus, set.contingencies, onSet);
      out.push({ busNumber: verified.busNumber, capacity: toAcCapacityResult(verified) });
    } catch (error) {
      // Outside the transfer island: nothing to verify, as the batch leaves it out.
      if ((error as { code?: string }).code !== 'TRANSFER_BUS_OUTSIDE_ISLAND') throw error;
    }
    onBus();
  }
  return out;
}
