import type {
  ContingencyCounts,
  ContingencyRules,
  ContingencySetN1,
  ContingencySetSummary,
} from '@holgura/contracts';
import type { EngineFailure } from '../../jobs/engine-failure';
import { createRequestThread } from '../../jobs/request-thread';

/** One file of a set as sent: its name and its Latin-1 text (xz already undone). */
export interface DefinitionFileText {
  fileName: string;
  content: string;
}

export interface ContingencySetReadRequest {
  /** The case's file as uploaded (plain or xz). */
  networkBytes: Uint8Array;
  /**
   * The files sent: a contingency file (contab or .con) and, optionally, its .sub and .mon, told
   * apart by content on the thread. Empty with `rules`.
   */
  files: DefinitionFileText[];
  /** Contingencies by rule instead of files. */
  rules?: ContingencyRules;
}

/** The files of an accepted set by what they are (the repository keeps them so). */
export interface ClassifiedFiles {
  contingencies: DefinitionFileText;
  subsystems: DefinitionFileText | null;
  monitored: DefinitionFileText | null;
}

/** What a set's files give on a case: counts, and the lines that name nothing in it. */
export type ContingencySetReadOutcome =
  | {
      ok: true;
      format: 'contab' | 'psse-con' | 'rules';
      /** The files by what they are (null with rules). */
      files: ClassifiedFiles | null;
      counts: ContingencyCounts;
      unresolvedCount: number;
      /**
       * The first ones (contracts' MAX_UNRESOLVED_LINES_SHOWN), the engine's English reason, and
       * the file they are in.
       */
      unresolved: { line: number; text: string; code: string; reason: string; file: string }[];
      /** The case's N-1 on the set; null when the set is refused or empty. */
      n1: ContingencySetN1 | null;
      subsystemsFile: ContingencySetSummary['subsystemsFile'];
      monitoredFile: ContingencySetSummary['monitoredFile'];
    }
  | (EngineFailure & { file?: string });

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
