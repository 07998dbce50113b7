import {
  EngineError,
  isEngineError,
  loadCase,
  type LimitExceeded,
  type LoadedCase,
} from '@holgura/engine';

/**
 * A job that could not run because of its input, as a worker thread hands it over: the engine's
 * stable code, where in the file, the limit it passed. Never an exception: bad input fails the
 * job with its code (contracts' describeEngineError words it), a bug crashes it.
 */
export type EngineFailure = {
  ok: false;
  code: string;
  line?: number;
  field?: string;
  limit?: LimitExceeded;
  detail: string;
};

/** The failure an engine error is; anything else is a bug and is thrown again. */
export function engineFailure(error: unknown): EngineFailure {
  if (!isEngineError(error)) throw error;
  return {
    ok: false,
    code: error.code,
    ...(error.line === undefined ? {} : { line: error.line }),
    ...(error.field === undefined ? {} : { field: error.field }),
    ...(error.limit === undefined ? {} : { limit: error.limit }),
    detail: error.message,
  };
}

/** The default of MAX_CASE_BUSES (config/env.ts): a national study's case fits many times over. */
export const DEFAULT_MAX_CASE_BUSES = 50_000;

let maxCaseBuses = DEFAULT_MAX_CASE_BUSES;
let reportSize: (buses: number) => void = () => undefined;

/** Who hears a case's size once it is read (worker-handler.ts: the pool, for its lanes). */
export function setCaseSizeReporter(report: (buses: number) => void): void {
  reportSize = report;
}

/** The thread's limit on the size of a case (set at its start from the server's settings). */
export function setMaxCaseBuses(limit: number): void {
  maxCaseBuses = limit;
}

/**
 * A case read for a job (issue #26): refused past MAX_CASE_BUSES before anything else runs on
 * it, with the limit and the case's size in the error. Reading is cheap beside the analyses
 * (a 100,000-bus chain reads in about a second and then took minutes to analyse).
 */
export async function readCaseForJob(bytes: Uint8Array): Promise<LoadedCase> {
  const loaded = await loadCase(bytes);
  const buses = loaded.network.buses.count;
  reportSize(buses);
  if (buses > maxCaseBuses) {
    throw new EngineError(
      'MODEL_CASE_TOO_LARGE',
      `the case has ${buses} buses; this server analyses cases of up to ${maxCaseBuses}`,
      { limit: { name: 'MAX_CASE_BUSES', limit: maxCaseBuses, actual: buses } },
    );
  }
  return loaded;
}
