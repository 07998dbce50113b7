import type { ContingencyCounts, ContingencyRules, ContingencySetN1 } from '@holgura/contracts';
import type { EngineFailure } from '../../jobs/engine-failure';
import { createRequestThread } from '../../jobs/request-thread';

export interface ContingencySetReadRequest {
  /** The case's file as uploaded (plain or xz). */
  networkBytes: Uint8Array;
  /** The definitions file as Latin-1 text (empty with `rules`). */
  content: string;
  fileName: string;
  /** Contingencies by rule instead of a file. */
  rules?: ContingencyRules;
}

/** What a definitions file gives on a case: counts, and the lines that name nothing in it. */
export type ContingencySetReadOutcome =
  | {
      ok: true;
      format: 'contab' | 'psse-con' | 'rules';
      counts: ContingencyCounts;
      unresolvedCount: number;
      /** The first ones (contracts' MAX_UNRESOLVED_LINES_SHOWN), the engine's English reason. */
      unresolved: { line: number; text: string; code: string; reason: string }[];
      /** The case's N-1 on the set; null when the set is refused or empty. */
      n1: ContingencySetN1 | null;
    }
  | EngineFailure;

export interface ContingencySetReader {
  read(request: ContingencySetReadRequest): Promise<ContingencySetReadOutcome>;
  close(): Promise<void>;
}

/** Source (tsx, Vitest) runs contingency-set-worker.ts; the bundle its dist/ file. */
function defaultWorkerUrl(): URL {
  return import.meta.url.endsWith('.ts')
    ? new URL('./contingency-set-worker.ts', import.meta.url)
    : new URL('./contingency-set-worker.js', import.meta.url);
}

/**
 * Definitions files are read against their case on their own thread: the case must be parsed
 * (about a second for 10,000 buses), which on the event loop would stall every other request.
 */
export function createContingencySetReader(
  workerUrl: URL = defaultWorkerUrl(),
): ContingencySetReader {
  const thread = createRequestThread<ContingencySetReadRequest, ContingencySetReadOutcome>(
    workerUrl,
    'contingency-set',
  );
  return { read: (request) => thread.request(request), close: () => thread.close() };
}
