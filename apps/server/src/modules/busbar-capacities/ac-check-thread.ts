import type { AcCapacityResult, AcCheckResult } from '@holgura/contracts';
import type { EngineFailure } from '../../jobs/engine-failure';
import { createRequestThread } from '../../jobs/request-thread';
import type { CapacityRunOptions } from './busbar-capacities';

export interface BusbarAcCheckRequest {
  /** The upload's content key: the thread keeps the last case it read. */
  sha256: string;
  networkBytes: Uint8Array;
  busNumber: number;
  figure: 'attributable' | 'strict';
  options: CapacityRunOptions;
}

/**
 * What the thread computes: the bus's figure again, what sets it, the AC check there (issue
 * #25) and the figure verified in AC (issue #31).
 */
export type BusbarAcCheckOutcome =
  | {
      ok: true;
      capacityMw: number;
      /**
       * 1-based branch rows; null when nothing binds before the cap. On a planner's set, monitored
       * null is a .mon interface and contingency null the base case or several elements.
       */
      limiting: { monitored: number | null; contingency: number | null } | null;
      acCheck: AcCheckResult | null;
      /** Its `dcMw` is the figure found again: it must be `capacityMw`. */
      acCapacity: AcCapacityResult;
    }
  | EngineFailure;

export interface BusbarAcChecker {
  check(request: BusbarAcCheckRequest): Promise<BusbarAcCheckOutcome>;
  close(): Promise<void>;
}

/** Source (tsx, Vitest) runs ac-check-worker.ts; the bundle runs dist/ac-check-worker.js. */
function defaultWorkerUrl(): URL {
  return import.meta.url.endsWith('.ts')
    ? new URL('./ac-check-worker.ts', import.meta.url)
    : new URL('./ac-check-worker.js', import.meta.url);
}

/**
 * A bus's AC check (issue #25) and AC-verified capacity (issue #31) on its own thread: it reads
 * the case (a second on a 10,000-bus case), computes the bus's capacity, one AC power flow at
 * its limit and the AC search — about half a second on ACTIVSg2000, 2 to 4 s on ACTIVSg10k —,
 * none of which may stall the event loop. One at a time; the thread keeps the last case read,
 * so checking several buses of one case reads it once.
 */
export function createBusbarAcChecker(workerUrl: URL = defaultWorkerUrl()): BusbarAcChecker {
  const thread = createRequestThread<BusbarAcCheckRequest, BusbarAcCheckOutcome>(
    workerUrl,
    'busbar-ac-check',
  );
  return { check: (request) => thread.request(request), close: () => thread.close() };
}
