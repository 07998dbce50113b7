// The thread that checks one bus's capacity with an AC power flow (ac-check-thread.ts).
import { parentPort } from 'node:worker_threads';
import {
  busbarAcCheck,
  busbarAcCheckOnSet,
  indexOfBus,
  makeBusLookup,
  type LoadedCase,
} from '@holgura/engine';
import { engineFailure, readCaseForJob } from '../../jobs/engine-failure';
import { toAcCheckResult } from '../analyses/group-flexibility';
import { serveRequests } from '../../jobs/request-thread';
import type { BusbarAcCheckOutcome, BusbarAcCheckRequest } from './ac-check-thread';
import { readCapacitySet } from './busbar-capacities';

let last: { sha256: string; loaded: LoadedCase } | null = null;

export async function checkBusbar(request: BusbarAcCheckRequest): Promise<BusbarAcCheckOutcome> {
  try {
    if (last?.sha256 !== request.sha256) {
      last = { sha256: request.sha256, loaded: await readCaseForJob(request.networkBytes) };
    }
    const net = last.loaded.network;
    const bus = indexOfBus(makeBusLookup(net.buses.number), request.busNumber);
    const { options } = request;
    const common = {
      capMw: options.capMw,
      postRating: options.postRating,
      preExisting: request.figure === 'strict' ? ('limit' as const) : ('ignore' as const),
      ...(options.distributionFactorCutoff === undefined
        ? {}
        : { distributionFactorCutoff: options.distributionFactorCutoff }),
      ...(options.sink === undefined ? {} : { sink: options.sink }),
      ...(options.slack === undefined ? {} : { slack: options.slack }),
    };
    const file = options.contingencySet;
    if (file !== undefined) {
      // The figure was computed on the case's set: found again on it, and checked with the
      // limiting contingency's elements out (issue #30).
      const set = readCapacitySet(net, file, last.loaded.generatorIds);
      const watched = set.monitored;
      const result = busbarAcCheckOnSet(net, bus, set.contingencies, {
        ...common,
        pickup: 'headroom',
        ...(watched === undefined
          ? {}
          : { monitored: watched.branches, interfaces: watched.interfaces }),
      });
      const limiting = result.limiting;
      const c =
        limiting === null || limiting.contingency < 0
          ? null
          : set.contingencies[limiting.contingency]!;
      // A one-branch contingency by its branch row; several elements or a unit: none.
      const branch =
        c !== null && c.branches.length === 1 && c.generators.length === 0 ? c.branches[0]! : -1;
      return answerOf(result, limiting === null ? null : { ...limiting, contingency: branch });
    }
    const result = busbarAcCheck(net, bus, common);
    return answerOf(result, result.limiting);
  } catch (error) {
    return engineFailure(error);
  }
}

/**
 * The answer from an AC check: the figure, its limiting branch and contingency as 1-based rows
 * (monitored −1 or below: an interface, no row; contingency −1: N-0 or not one branch).
 */
function answerOf(
  result: { capacityMw: number; acCheck: Parameters<typeof toAcCheckResult>[0] | null },
  limiting: { monitored: number; contingency: number } | null,
): BusbarAcCheckOutcome {
  return {
    ok: true,
    capacityMw: result.capacityMw,
    limiting:
      limiting === null
        ? null
        : {
            monitored: limiting.monitored < 0 ? null : limiting.monitored + 1,
            contingency: limiting.contingency < 0 ? null : limiting.contingency + 1,
          },
    acCheck: result.acCheck === null ? null : toAcCheckResult(result.acCheck),
  };
}

if (parentPort !== null) {
  serveRequests<BusbarAcCheckRequest, BusbarAcCheckOutcome>(parentPort, async (request) => ({
    value: await checkBusbar(request),
  }));
}
