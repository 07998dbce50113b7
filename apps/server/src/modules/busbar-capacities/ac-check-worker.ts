// The thread that checks one bus's capacity with an AC power flow (ac-check-thread.ts).
import { parentPort } from 'node:worker_threads';
import type { AcCapacityResult } from '@holgura/contracts';
import {
  AcSolver,
  buildDcModel,
  type AcReuse,
  acVerifiedCapacity,
  acVerifiedCapacityOnSet,
  busbarAcCheck,
  busbarAcCheckOnSet,
  indexOfBus,
  makeBusLookup,
  type LoadedCase,
} from '@holgura/engine';
import { engineFailure, readCaseForJob } from '../../jobs/engine-failure';
import { toAcCheckResult } from '../analyses/group-flexibility';
import { serveRequests } from '../../jobs/request-thread';
import { toAcCapacityResult } from './ac-capacity-result';
import type { BusbarAcCheckOutcome, BusbarAcCheckRequest } from './ac-check-thread';
import { capacityEngineOptions, capacityOnSetOptions, readCapacitySet } from './busbar-capacities';

/**
 * The last case read, with what its AC verifications share (the DC model, the AC solver's
 * ordering and factors): checking several buses of one case reads and orders it once.
 */
let last: { sha256: string; loaded: LoadedCase; reuse: AcReuse } | null = null;

export async function checkBusbar(request: BusbarAcCheckRequest): Promise<BusbarAcCheckOutcome> {
  try {
    if (last?.sha256 !== request.sha256) {
      const loaded = await readCaseForJob(request.networkBytes);
      last = {
        sha256: request.sha256,
        loaded,
        reuse: { dcModel: buildDcModel(loaded.network), acSolver: new AcSolver(loaded.network) },
      };
    }
    const net = last.loaded.network;
    const bus = indexOfBus(makeBusLookup(net.buses.number), request.busNumber);
    const { options } = request;
    const common = capacityEngineOptions(options, request.figure);
    const file = options.contingencySet;
    if (file !== undefined) {
      // The figure was computed on the case's set: found again on it, and checked with the
      // limiting contingency's elements out (issue #30).
      const set = readCapacitySet(net, file, last.loaded.generatorIds);
      const onSet = capacityOnSetOptions(common, set);
      const result = busbarAcCheckOnSet(net, bus, set.contingencies, onSet);
      // Issue #31: the figure verified in AC on the same set.
      const verified = acVerifiedCapacityOnSet(net, bus, set.contingencies, onSet);
      const limiting = result.limiting;
      const c =
        limiting === null || limiting.contingency < 0
          ? null
          : set.contingencies[limiting.contingency]!;
      // A one-branch contingency by its branch row; several elements or a unit: none.
      const branch =
        c !== null && c.branches.length === 1 && c.generators.length === 0 ? c.branches[0]! : -1;
      return answerOf(
        result,
        limiting === null ? null : { ...limiting, contingency: branch },
        toAcCapacityResult(verified),
      );
    }
    const result = busbarAcCheck(net, bus, common);
    const verified = acVerifiedCapacity(net, bus, common, last.reuse);
    return answerOf(result, result.limiting, toAcCapacityResult(verified));
  } catch (error) {
    return engineFailure(error);
  }
}

/**
 * The answer from an AC check: the figure, its limiting branch and contingency as 1-based rows
 * (monitored −1 or below: an interface, no row; contingency −1: N-0 or not one branch), and the
 * figure verified in AC.
 */
function answerOf(
  result: { capacityMw: number; acCheck: Parameters<typeof toAcCheckResult>[0] | null },
  limiting: { monitored: number; contingency: number } | null,
  acCapacity: AcCapacityResult,
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
    acCapacity,
  };
}

if (parentPort !== null) {
  serveRequests<BusbarAcCheckRequest, BusbarAcCheckOutcome>(parentPort, async (request) => ({
    value: await checkBusbar(request),
  }));
}
