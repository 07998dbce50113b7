import type { ShortCircuitResponse } from '@holgura/contracts';
import type { EngineFailure } from '../../jobs/engine-failure';
import { createRequestThread } from '../../jobs/request-thread';

export interface ShortCircuitRequest {
  /** The upload's content key: the thread keeps the last case and figures it computed. */
  sha256: string;
  networkBytes: Uint8Array;
  xdPu: number | null;
}

export type ShortCircuitOutcome =
  { ok: true; figures: Omit<ShortCircuitResponse, 'caseId'> } | EngineFailure;

export interface ShortCircuitCalculator {
  compute(request: ShortCircuitRequest): Promise<ShortCircuitOutcome>;
  close(): Promise<void>;
}

/** Source (tsx, Vitest) runs short-circuit-worker.ts; the bundle its dist/ .js. */
function defaultWorkerUrl(): URL {
  return import.meta.url.endsWith('.ts')
    ? new URL('./short-circuit-worker.ts', import.meta.url)
    : new URL('./short-circuit-worker.js', import.meta.url);
}

/**
 * A case's short-circuit strength (issue #31) on its own thread: reading the case and a Z-bus
 * diagonal plus one update per branch take seconds on 10,000 buses (7 s on ACTIVSg10k), none of
 * which may stall the event loop. One at a time; the last case and answer are kept.
 */
export function createShortCircuitCalculator(
  workerUrl: URL = defaultWorkerUrl(),
): ShortCircuitCalculator {
  const thread = createRequestThread<ShortCircuitRequest, ShortCircuitOutcome>(
    workerUrl,
    'short-circuit',
  );
  return { compute: (request) => thread.request(request), close: () => thread.close() };
}
