import { makeBusLookup } from '../model/indexing';
import type { Network } from '../model/network';
import { EngineError } from '../util/engine-error';

/**
 * A connection window's requests (issue #28): each asks for `mw` at a bus of the case, and would
 * build anything from `minMw` up (0: any partial award; `mw`: all or nothing).
 */
export interface WindowRequest {
  readonly id: string;
  /** The case's bus number (as in the file), not a 0-based row. */
  readonly bus: number;
  readonly mw: number;
  /** Smallest award worth building, MW (default 0). */
  readonly minMw?: number;
  /** Queue position: lower is served first by `order` and wins `max`'s ties (default: input order). */
  readonly priority?: number;
  /** In a window over a study, the year it enters: it counts in that year's cases and later. */
  readonly year?: number;
  readonly name?: string;
  readonly technology?: string;
  readonly company?: string;
}

/** A request checked against the case: its bus row and its rank in priority order. */
export interface PlacedRequest {
  readonly request: WindowRequest;
  readonly busRow: number;
  readonly mw: number;
  readonly minMw: number;
  /** 0 for the first in priority order (priority ascending, then input order). */
  readonly rank: number;
}

/** More requests than this are refused: the largest round is 1,600. */
export const MAX_WINDOW_REQUESTS = 20_000;

const invalid = (row: number, field: string, message: string): EngineError =>
  new EngineError('VALIDATION_FAILED', `request ${row}: ${message}`, { line: row, field });

/**
 * Checks every request (row = its 1-based position) and ranks them. Errors name the row and
 * the field: an unknown bus, a negative or non-finite MW, minMw above mw, a repeated id.
 */
export function placeRequests(
  net: Network,
  requests: readonly WindowRequest[],
  lastYear?: number,
): PlacedRequest[] {
  if (requests.length > MAX_WINDOW_REQUESTS) {
    throw new EngineError(
      'INPUT_TOO_LARGE',
      `${requests.length} requests; at most ${MAX_WINDOW_REQUESTS}`,
      {
        limit: { name: 'windowRequests', limit: MAX_WINDOW_REQUESTS, actual: requests.length },
      },
    );
  }
  const lookup = makeBusLookup(net.buses.number);
  const seen = new Set<string>();
  const placed = requests.map((request, at) => {
    const row = at + 1;
    const { id, bus, mw } = request;
    if (typeof id !== 'string' || id === '') throw invalid(row, 'id', 'the id is empty');
    if (seen.has(id)) throw invalid(row, 'id', `id "${id}" appears twice`);
    seen.add(id);
    if (!Number.isFinite(mw) || mw < 0) throw invalid(row, 'mw', `mw ${mw} is not a MW ≥ 0`);
    const minMw = request.minMw ?? 0;
    if (!Number.isFinite(minMw) || minMw < 0) {
      throw invalid(row, 'minMw', `minMw ${minMw} is not a MW ≥ 0`);
    }
    if (minMw > mw) throw invalid(row, 'minMw', `minMw ${minMw} is above mw ${mw}`);
    if (request.priority !== undefined && !Number.isFinite(request.priority)) {
      throw invalid(row, 'priority', `priority ${request.priority} is not a number`);
    }
    if (request.year !== undefined) {
      if (!Number.isInteger(request.year)) {
        throw invalid(row, 'year', `year ${request.year} is not a whole year`);
      }
      if (lastYear !== undefined && request.year > lastYear) {
        throw invalid(row, 'year', `year ${request.year} is after the study's last, ${lastYear}`);
      }
    }
    const busRow = lookup.get(bus);
    if (busRow === undefined) {
      throw new EngineError('MODEL_BUS_UNKNOWN', `request ${row}: bus ${bus} is not in the case`, {
        line: row,
        field: 'bus',
      });
    }
    return { request, busRow, mw, minMw, at };
  });
  const order = placed
    .map((p) => p.at)
    .sort((a, b) => (placed[a].request.priority ?? a) - (placed[b].request.priority ?? b) || a - b);
  const rank = new Int32Array(placed.length);
  order.forEach((at, r) => (rank[at] = r));
  return placed.map(({ request, busRow, mw, minMw, at }) => ({
    request,
    busRow,
    mw,
    minMw,
    rank: rank[at],
  }));
}
