import type { BaseCaseReport } from '../base/base-case';
import { busbarCapacity } from '../busbar/capacity';
import type { BusbarStudyOptions } from '../busbar/setup';
import { busbarStudy } from '../busbar/setup';
import type { PostRating } from '../contingency/n1';
import { branchDisplayName } from '../model/display-names';
import type { Network } from '../model/network';
import { buildDcModel } from '../powerflow/dcpf';
import { EngineError } from '../util/engine-error';
import type { Highs } from 'highs';
import { SolverAborted, WindowLp, discardSolver, loadSolver } from './lp';
import type { PlacedRequest, WindowRequest } from './requests';
import { placeRequests } from './requests';
import type { WindowRows } from './rows';
import { addRow, makeWindowRows, screenAtAward } from './rows';
import type { BindingRow, WindowRule } from './rules';
import { runRule } from './rules';

/**
 * A connection window's joint N-1 allocation (issue #28): the awards of many requests that fit
 * together — all applied at once, each at its bus against the busbar sink, every monitored
 * branch within its rating under N-0 and every non-islanding branch outage (the busbar capacity's
 * ratings, contingencies and pre-existing rule), and their total within the sink's room.
 *
 * Rows are lazy: the LP starts from each request's own limiting constraints (its stand-alone
 * busbar capacity's first `top`), the rule is solved, the whole N-0/N-1 set is screened at the
 * award with one LODF stream (rows.ts), the violated constraints become rows, and again until
 * nothing is violated. max's and fair's optima over fewer rows that satisfy them all are their
 * optima over all of them (the feasible set only shrinks), so the result is exact, not a
 * screen's guess. order maximises each request with those after it at 0, so its screen checks
 * every prefix of the award in priority order (rows.ts), each of which must fit by itself.
 */
export interface WindowOptions extends Omit<BusbarStudyOptions, 'buses' | 'capMw'> {
  readonly rule: WindowRule;
  /** 'limit' (default): a constraint over its limit at x = 0 may not get worse; 'ignore': left aside. */
  readonly preExisting?: 'limit' | 'ignore';
  /** |factor| below this does not count (default 0: none is dropped). */
  readonly distributionFactorCutoff?: number;
  /** Each request's stand-alone constraints the LP starts from (default 5). */
  readonly startRows?: number;
  /** Most rows added per screen (default 2000). */
  readonly rowsPerScreen?: number;
  /** Most screens (default 50). */
  readonly maxScreens?: number;
  /** A HiGHS already loaded (default: loaded once per thread). */
  readonly highs?: Highs;
}

export type RequestStatus = 'complete' | 'partial' | 'none';

export interface WindowBinding {
  /** 'sink-room': the sink cannot give more; monitored and contingency are then −1. */
  readonly kind: 'constraint' | 'sink-room';
  /** 0-based branch rows; contingency −1 is N-0. */
  readonly monitored: number;
  readonly contingency: number;
  readonly monitoredName: string | null;
  readonly contingencyName: string | null;
  readonly limitMw: number;
  /** MW the rule's objective gains per MW more of this limit (the settling LP's dual). */
  readonly shadowPrice: number;
  /** The request's MW on the constraint per MW awarded. */
  readonly distributionFactor: number;
}

export interface WindowAward {
  readonly request: WindowRequest;
  /** 0-based bus row. */
  readonly busRow: number;
  readonly requestedMw: number;
  readonly awardedMw: number;
  readonly status: RequestStatus;
  /** Its busbar capacity alone with the same settings, at most what it asked. */
  readonly standaloneMw: number;
  /** Constraints at their limit that kept it from more (empty when complete). */
  readonly binding: WindowBinding[];
  /** Ids of other awarded requests that load its binding constraints the same way. */
  readonly competitors: string[];
}

export interface WindowStats {
  readonly screens: number;
  readonly rows: number;
  readonly lpSolves: number;
  /** Violations left when the loop stopped (0 when it converged). */
  readonly violatedAtEnd: number;
  /** The largest of them, MW over the limit (0 when none). */
  readonly worstExcessMw: number;
  /** `fair` only: requests settled at the last level solved when HiGHS failed the next one. */
  readonly settledAtFailedLevel: number;
  readonly timingsMs: {
    standalone: number;
    rows: number;
    solve: number;
    screen: number;
    total: number;
  };
}

export interface WindowResult {
  readonly rule: WindowRule;
  readonly preExisting: 'limit' | 'ignore';
  readonly postContingencyRating: PostRating;
  readonly sinkRoomMw: number;
  readonly totalRequestedMw: number;
  readonly totalAwardedMw: number;
  readonly requests: WindowAward[];
  readonly baseCase: BaseCaseReport;
  /** The network analysed (the base case's), for checks of the awards. */
  readonly network: Network;
  /** dP/dT of the sink per generator row (≤ 0) and where it withdraws per bus. */
  readonly unitParticipation: Float64Array;
  readonly sinkByBus: Float64Array;
  readonly stats: WindowStats;
}

/** Competing: the other request's factor is at least this, the same way as the binding side. */
const COMPETITOR_FACTOR = 1e-3;

export async function allocateWindow(
  input: Network,
  requests: readonly WindowRequest[],
  options: WindowOptions,
): Promise<WindowResult> {
  const t0 = performance.now();
  const highs = options.highs ?? (await loadSolver());
  const placed = placeRequests(input, requests);
  const ignore = options.preExisting === 'ignore';
  const cutoff = options.distributionFactorCutoff ?? 0;
  const model = buildDcModel(input);
  const buses = [...new Set(placed.map((p) => p.busRow))];
  const study = busbarStudy(input, { ...options, buses }, model);
  const outside = placed.find((p) => study.setup.skippedBuses.includes(p.busRow));
  if (outside) {
    throw new EngineError(
      'TRANSFER_BUS_OUTSIDE_ISLAND',
      `request ${outside.request.id}: bus ${outside.request.bus} is outside the island the sink is in`,
      { field: 'bus' },
    );
  }
  // Each request alone, with the same settings: its stand-alone figure and its first rows.
  const top = options.startRows ?? 5;
  const alone = busbarCapacity(
    input,
    {
      ...options,
      buses,
      capMw: Math.max(1, ...placed.map((p) => p.mw)),
      // 0 is floored at round-off by the busbar study itself (transfer/cutoff.ts).
      distributionFactorCutoff: cutoff,
      preExisting: ignore ? 'ignore' : 'limit',
      top,
    },
    model,
  );
  const byBus = new Map(alone.results.map((r) => [r.bus, r]));
  const t1 = performance.now();
  const w = makeWindowRows(study.setup, placed, ignore, cutoff);
  for (const r of alone.results)
    for (const c of r.top) addRow(w, c.monitored, c.contingency, c.lodf);
  const t2 = performance.now();

  const lp = new WindowLp(highs, placed.length, study.setup.sinkRoomMw);
  const byRank = placed.map((_, i) => i).sort((a, b) => placed[a].rank - placed[b].rank);
  let solveMs = 0;
  let screenMs = 0;
  let screens = 0;
  let violatedAtEnd = 0;
  let worstExcessMw = 0;
  try {
    let outcome;
    for (;;) {
      const s0 = performance.now();
      lp.sync(w);
      outcome = runRule(options.rule, lp, w, placed);
      const s1 = performance.now();
      const screen = screenAtAward(
        w,
        outcome.award,
        1e-6,
        options.rowsPerScreen ?? 2000,
        options.rule === 'order' ? byRank : undefined,
      );
      screens++;
      screenMs += performance.now() - s1;
      solveMs += s1 - s0;
      violatedAtEnd = screen.violated;
      worstExcessMw = screen.violated > 0 ? screen.worstOverMw : 0;
      if (screen.added === 0 || screens >= (options.maxScreens ?? 50)) break;
    }
    const { award, binding } = outcome;
    const results = placed.map((p, i) =>
      describeAward(p, i, award, binding[i], w, placed, byBus.get(p.busRow)?.capacityMw ?? 0),
    );
    return {
      rule: options.rule,
      preExisting: ignore ? 'ignore' : 'limit',
      postContingencyRating: w.ctx.postRating,
      sinkRoomMw: study.setup.sinkRoomMw,
      totalRequestedMw: placed.reduce((s, p) => s + p.mw, 0),
      totalAwardedMw: award.reduce((s, v) => s + v, 0),
      requests: results,
      baseCase: study.base.report,
      network: study.net,
      unitParticipation: study.setup.unitParticipation,
      sinkByBus: study.setup.sinkByBus,
      stats: {
        screens,
        rows: w.rows.length,
        lpSolves: lp.solves,
        violatedAtEnd,
        worstExcessMw,
        settledAtFailedLevel: outcome.settledAtFailedLevel,
        timingsMs: {
          standalone: t1 - t0,
          rows: t2 - t1,
          solve: solveMs,
          screen: screenMs,
          total: performance.now() - t0,
        },
      },
    };
  } catch (error) {
    // WebAssembly's RuntimeError: HiGHS's abort (out of its memory: 1,600 dense requests on ACTIVSg10k) leaves
    // the module unusable: the next window loads a fresh one, and this one says why it stopped.
    if (error instanceof Error && error.name === 'RuntimeError') {
      if (options.highs === undefined) discardSolver();
      throw new SolverAborted(error.message);
    }
    throw error;
  } finally {
    try {
      lp.dispose();
    } catch {
      // A module that aborted cannot free its model; it is dropped whole.
    }
  }
}

function describeAward(
  p: PlacedRequest,
  i: number,
  award: Float64Array,
  rows: readonly BindingRow[],
  w: WindowRows,
  placed: readonly PlacedRequest[],
  capacityMw: number,
): WindowAward {
  const net = w.ctx.net;
  const x = award[i];
  const status: RequestStatus = x >= p.mw - 1e-6 ? 'complete' : x <= 1e-6 ? 'none' : 'partial';
  const competitors = new Set<string>();
  const binding = rows.map((b): WindowBinding => {
    const row = b.row >= 0 ? w.rows[b.row] : null;
    placed.forEach((q, j) => {
      if (j === i || award[j] <= 1e-6) return;
      const a = row ? row.factor[j] : 1;
      if (a * Math.sign(b.factor) >= COMPETITOR_FACTOR) competitors.add(q.request.id);
    });
    if (!row) {
      return {
        kind: 'sink-room',
        monitored: -1,
        contingency: -1,
        monitoredName: null,
        contingencyName: null,
        limitMw: Number.NaN,
        shadowPrice: b.shadowPrice,
        distributionFactor: 1,
      };
    }
    return {
      kind: 'constraint',
      monitored: row.monitored,
      contingency: row.contingency,
      monitoredName: branchDisplayName(net, row.monitored),
      contingencyName: row.contingency >= 0 ? branchDisplayName(net, row.contingency) : null,
      limitMw: row.limitMw,
      shadowPrice: b.shadowPrice,
      distributionFactor: b.factor,
    };
  });
  return {
    request: p.request,
    busRow: p.busRow,
    requestedMw: p.mw,
    awardedMw: x,
    status,
    standaloneMw: Math.min(p.mw, capacityMw),
    binding,
    competitors: [...competitors],
  };
}

/** A binding row as users and files read it: branches as 1-based rows, null for N-0 or none. */
export function bindingOneBased(b: WindowBinding) {
  return {
    kind: b.kind,
    monitored: b.monitored < 0 ? null : b.monitored + 1,
    monitoredName: b.monitoredName,
    contingency: b.contingency < 0 ? null : b.contingency + 1,
    contingencyName: b.contingencyName,
    limitMw: Number.isFinite(b.limitMw) ? b.limitMw : null,
    distributionFactor: b.distributionFactor,
    shadowPrice: b.shadowPrice,
  };
}
