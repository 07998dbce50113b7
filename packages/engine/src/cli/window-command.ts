import { readFileSync } from 'node:fs';
import type { SlackRule } from '../base/base-dispatch';
import type { PostRating } from '../contingency/n1';
import type { Network } from '../model/network';
import { EngineError } from '../util/engine-error';
import type {
  WindowAward,
  WindowRequest,
  WindowResult,
  WindowRule,
  WindowSituation,
} from '../window/index';
import { allocateFirmWindow, bindingOneBased } from '../window/index';
import type { CommandOutput, Table } from './format';
import type { Contingency, ContingencyCounts } from '../contingency/sets/contingency-set';
import type { GenerationPickup } from '../contingency/sets/outage-flows';
import type { PreExisting } from './transfer-commands';

/** What `holgura window` passes on; the option parsing lives in program.ts. */
export interface WindowCommandOptions {
  readonly rule: WindowRule;
  readonly preExisting: PreExisting;
  readonly postRating: PostRating;
  readonly slack?: SlackRule;
  /**
   * `--contingencies FILE` (issue #30): each situation's list (the file read against its
   * network), the .mon's branches to watch, and who picks up a lost unit's output.
   */
  readonly onSet?: {
    readonly file: string;
    readonly contingenciesOf: (situation: number) => readonly Contingency[];
    readonly counts: ContingencyCounts;
    readonly unresolved: number;
    readonly monitored?: readonly number[];
    /** Rated interfaces of the .mon: a window does not watch them (said in the output). */
    readonly interfacesNotWatched: number;
    readonly pickup: GenerationPickup;
  };
}

const FIELDS = [
  'id',
  'bus',
  'mw',
  'minMw',
  'priority',
  'year',
  'name',
  'technology',
  'company',
] as const;

/**
 * WINDOW.json, `{"requests":[{"id","bus","mw","minMw"?,"priority"?,"name"?,"technology"?,
 * "company"?}]}`: its shape checked here (a number where a number goes, strings for the rest,
 * the row and field named); the values (bus in the case, MW ≥ 0, minMw ≤ mw, ids once) by the
 * engine (window/requests.ts).
 */
export function readWindowFile(path: string): WindowRequest[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new EngineError('INPUT_UNREADABLE', `cannot read ${path}: ${(e as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new EngineError('VALIDATION_FAILED', `${path} is not JSON: ${(e as Error).message}`);
  }
  const requests = (parsed as { requests?: unknown } | null)?.requests;
  if (!Array.isArray(requests)) {
    throw new EngineError('VALIDATION_FAILED', `${path}: expected {"requests": [...]}`, {
      field: 'requests',
    });
  }
  return requests.map((raw: unknown, at) => {
    const row = at + 1;
    const bad = (field: string, what: string) =>
      new EngineError('VALIDATION_FAILED', `request ${row}: ${field} ${what}`, {
        line: row,
        field,
      });
    if (typeof raw !== 'object' || raw === null) throw bad('request', 'is not an object');
    const r = raw as Record<string, unknown>;
    for (const key of Object.keys(r)) {
      if (!(FIELDS as readonly string[]).includes(key)) throw bad(key, 'is not a request field');
    }
    const id = typeof r.id === 'number' ? String(r.id) : r.id;
    if (typeof id !== 'string') throw bad('id', 'must be a string');
    for (const key of ['bus', 'mw'] as const) {
      if (typeof r[key] !== 'number') throw bad(key, 'must be a number');
    }
    for (const key of ['minMw', 'priority', 'year'] as const) {
      if (r[key] !== undefined && typeof r[key] !== 'number') throw bad(key, 'must be a number');
    }
    for (const key of ['name', 'technology', 'company'] as const) {
      if (r[key] !== undefined && typeof r[key] !== 'string') throw bad(key, 'must be a string');
    }
    return { ...(r as unknown as WindowRequest), id };
  });
}

/** `holgura window CASE WINDOW.json --rule …`: a connection window's joint N-1 allocation. */
export async function window(
  net: Network | readonly WindowSituation[],
  requests: readonly WindowRequest[],
  options: WindowCommandOptions,
): Promise<CommandOutput> {
  // A network: a window on that case; situations: a window over a study (firm in each).
  const situations = Array.isArray(net) ? net : [{ network: net as Network }];
  const { onSet } = options;
  const result = await allocateFirmWindow(situations, requests, {
    rule: options.rule,
    preExisting: options.preExisting,
    postRating: options.postRating,
    ...(options.slack === undefined ? {} : { slack: options.slack }),
    ...(onSet === undefined
      ? {}
      : {
          contingencySet: {
            contingencies: onSet.contingenciesOf(0),
            contingenciesOf: onSet.contingenciesOf,
            pickup: onSet.pickup,
          },
          ...(onSet.monitored === undefined ? {} : { monitored: onSet.monitored }),
        }),
  });
  const rows = result.requests.map((a) => requestOutput(a, result));
  return {
    json: {
      rule: result.rule,
      preExisting: result.preExisting,
      postContingencyRating: result.postContingencyRating,
      sinkRoomMw: Number.isFinite(result.sinkRoomMw) ? result.sinkRoomMw : null,
      ...(situations.length > 1 || situations[0]?.year !== undefined
        ? {
            cases: result.situations.map((s) => ({
              scenario: s.scenario,
              year: s.year,
              sinkRoomMw: Number.isFinite(s.sinkRoomMw) ? s.sinkRoomMw : null,
            })),
          }
        : {}),
      ...(onSet === undefined
        ? {}
        : {
            contingencySet: {
              file: onSet.file,
              counts: onSet.counts,
              unresolvedLines: onSet.unresolved,
              // Per situation: contingencies not screened (islanding, no pickup, whole sink lost).
              notScreened: result.situations.map((s) => s.contingencySet?.notScreened.length ?? 0),
              interfacesNotWatched: onSet.interfacesNotWatched,
            },
          }),
      totalRequestedMw: result.totalRequestedMw,
      totalAwardedMw: result.totalAwardedMw,
      requests: rows,
      stats: {
        screens: result.stats.screens,
        rows: result.stats.rows,
        lpSolves: result.stats.lpSolves,
        violatedAtEnd: result.stats.violatedAtEnd,
        worstExcessMw: result.stats.worstExcessMw,
        seconds: result.stats.timingsMs.total / 1000,
      },
    },
    table: windowTable(result, rows, options),
  };
}

type RequestOutput = ReturnType<typeof requestOutput>;

/** One request as the CLI contract has it: branches as 1-based rows, like `holgura capacity`. */
function requestOutput(a: WindowAward, result: WindowResult) {
  const { request } = a;
  return {
    id: request.id,
    ...(request.name === undefined ? {} : { name: request.name }),
    ...(request.company === undefined ? {} : { company: request.company }),
    ...(request.technology === undefined ? {} : { technology: request.technology }),
    bus: request.bus,
    priority: request.priority ?? null,
    ...(request.year === undefined ? {} : { year: request.year }),
    requestedMw: a.requestedMw,
    minMw: request.minMw ?? 0,
    awardedMw: a.awardedMw,
    status: a.status,
    standaloneMw: a.standaloneMw,
    // Over a study, each binding row names the scenario × year case it binds in.
    binding: a.binding.map((b) => {
      const situation = result.situations[b.situation];
      const c =
        b.setContingency === null
          ? null
          : situation?.contingencySet?.contingencies[b.setContingency];
      // A planner's contingency by its label too (a double circuit or a unit has no branch row).
      const named =
        c == null ? bindingOneBased(b) : { ...bindingOneBased(b), setContingency: c.label };
      return situation?.year == null
        ? named
        : { ...named, scenario: situation.scenario, year: situation.year };
    }),
    competitors: a.competitors,
  };
}

function windowTable(
  result: WindowResult,
  rows: RequestOutput[],
  options: WindowCommandOptions,
): Table {
  return {
    columns: [
      { header: 'id' },
      { header: 'bus' },
      { header: 'requestedMw', decimals: 1 },
      { header: 'awardedMw', decimals: 1 },
      { header: 'status' },
      { header: 'standaloneMw', decimals: 1 },
      { header: 'bindingMonitored' },
      { header: 'bindingContingency' },
      { header: 'shadowPrice', decimals: 3 },
      { header: 'competitors' },
    ],
    rows: rows.map((r) => {
      const b = r.binding[0];
      return [
        r.id,
        r.bus,
        r.requestedMw,
        r.awardedMw,
        r.status,
        r.standaloneMw,
        b ? (b.kind === 'sink-room' ? 'sink-room' : b.monitored) : null,
        (b !== undefined && 'setContingency' in b ? b.setContingency : null) ??
          b?.contingency ??
          null,
        b?.shadowPrice ?? null,
        r.competitors.join(' '),
      ];
    }),
    summary: [
      `rule: ${result.rule}; requested ${result.totalRequestedMw.toFixed(1)} MW, awarded ${result.totalAwardedMw.toFixed(1)} MW`,
      `pre-existing violations: ${result.preExisting}; post-contingency rating: ${result.postContingencyRating}`,
      `binding: the first constraint that kept the request from more (1-based branch rows; contingency "-" = N-0${result.situations[0]?.contingencySet ? ", else the file's label" : ''})`,
      ...(options.onSet === undefined
        ? []
        : [
            `contingencies: ${options.onSet.file} (${options.onSet.counts.total}; not screened: ${result.situations.map((s) => s.contingencySet?.notScreened.length ?? 0).join(', ')})` +
              (options.onSet.interfacesNotWatched > 0
                ? `; ${options.onSet.interfacesNotWatched} rated interfaces of the .mon not watched by windows`
                : ''),
          ]),
    ],
  };
}
