// The thread that computes a case's short-circuit strength (short-circuit-thread.ts).
import { parentPort } from 'node:worker_threads';
import {
  branchDisplayName,
  busDisplayName,
  busIndex,
  EngineError,
  shortCircuitLimits,
  shortCircuitStrength,
  type LoadedCase,
} from '@holgura/engine';
import { engineFailure, readCaseForJob } from '../../jobs/engine-failure';
import { serveRequests } from '../../jobs/request-thread';
import type { ShortCircuitOutcome, ShortCircuitRequest } from './short-circuit-thread';

/** The least short-circuit ratio of an inverter-based plant the weak-grid figure keeps. */
const SCR_MIN = 3;

let last: { sha256: string; loaded: LoadedCase } | null = null;
let answered: { key: string; outcome: ShortCircuitOutcome } | null = null;

export async function computeShortCircuit(
  request: ShortCircuitRequest,
): Promise<ShortCircuitOutcome> {
  const key = `${request.sha256}:${request.xdPu ?? ''}`;
  if (answered?.key === key) return answered.outcome;
  try {
    if (last?.sha256 !== request.sha256) {
      last = { sha256: request.sha256, loaded: await readCaseForJob(request.networkBytes) };
    }
    const net = last.loaded.network;
    const r = shortCircuitStrength(net, request.xdPu === null ? {} : { xdPu: request.xdPu });
    // A figure the data cannot support is refused with its reason, never given.
    if (r.status === 'unavailable') {
      throw new EngineError('SHORT_CIRCUIT_UNAVAILABLE', 'no unit has a source impedance');
    }
    if (r.status === 'placeholder') {
      throw new EngineError(
        'SHORT_CIRCUIT_PLACEHOLDER',
        `all ${r.machines.placeholder} units carry the placeholder ZX = 1.0 on MBASE = SBASE`,
      );
    }
    const outcome: ShortCircuitOutcome = {
      ok: true,
      figures: {
        xdPu: request.xdPu,
        voltageFactor: { max: 1.1, min: 1.0 },
        scrMin: SCR_MIN,
        machines: r.machines,
        buses: Array.from({ length: net.buses.count }, (_, k) => {
          const outage = r.minOutage[k]!;
          const ka = r.faultCurrentKa[k]!;
          return {
            bus: net.buses.number[k]!,
            name: busDisplayName(net, busIndex(k)),
            baseKv: net.buses.baseKv[k]!,
            sccMaxMva: r.sccMaxMva[k]!,
            sccMinMva: r.sccMinMva[k]!,
            weakGridMw: shortCircuitLimits(r, net.buses.baseKv, k, { scrMin: SCR_MIN }).scrMw,
            minOutage:
              outage < 0 ? null : { branch: outage + 1, name: branchDisplayName(net, outage) },
            faultCurrentKa: Number.isFinite(ka) ? ka : null,
          };
        }),
        seconds: (r.timingsMs.factor + r.timingsMs.n0 + r.timingsMs.n1) / 1000,
      },
    };
    answered = { key, outcome };
    return outcome;
  } catch (error) {
    return engineFailure(error);
  }
}

if (parentPort !== null) {
  serveRequests<ShortCircuitRequest, ShortCircuitOutcome>(parentPort, async (request) => ({
    value: await computeShortCircuit(request),
  }));
}
