import type { BaseCaseReport } from '../base/base-case';
import { busbarCapacity } from '../busbar/capacity';
import type { BusbarStudyOptions } from '../busbar/setup';
import { busbarStudy } from '../busbar/setup';
import type { PostRating } from '../contingency/n1';
import { branchDisplayName } from '../model/display-names';
import { contingencyName } from '../contingency/sets/read-definitions';
import type { Network } from '../model/network';
import { buildDcModel } from '../powerflow/dcpf';
import { EngineError } from '../util/engine-error';
import type { Highs } from 'highs';
import type { WindowSink } from './lp';
import { SolverAborted, WindowLp, discardSolver, loadSolver } from './lp';
import type { PlacedRequest, WindowRequest } from './requests';
import { placeRequests } from './requests';
import type { NetworkRow, WindowRows } from './rows';
import { addRow, makeWindowRows, screenAtAward } from './rows';
import type { BindingRow, WindowRule } from './rules';
import { runRule } from './rules';
import type { Contingency } from '../contingency/sets/contingency-set';
import { busbarCapacitiesOnSet } from '../contingency/sets/busbar-on-set';
import type { GenerationPickup } from '../contingency/sets/outage-flows';
import type { WindowSet } from './set-rows';
import { makeWindowSet, setIndexOfRow, setRowCode, streamedSingles } from './set-rows';

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
  /** Each request's stand-alone constraints the LP starts from (default 5, down to 1 so that a
   * window starts from about 1,000 rows: dense rows of 1,600 requests exhausted HiGHS). */
  readonly startRows?: number;
  /** Most rows added per screen (default 100: the awards' violations are few and the LP's time
   * grows with its rows — 2,000 per screen made fair on 200 requests 3× slower, same screens). */
  readonly rowsPerScreen?: number;
  /** Most screens (default 50). */
  readonly maxScreens?: number;
  /**
   * A planner's contingencies (issue #30) instead of every branch one at a time: N-0 and every
   * contingency of the list (branches and units at once; a lost unit's output made up by
   * `pickup`, default 'headroom' as the product's other analyses on a set). `contingenciesOf`
   * gives the list of each situation (a study's cases resolve the file against their own
   * network); `contingencies` alone serves every situation.
   */
  readonly contingencySet?: {
    readonly contingencies: readonly Contingency[];
    readonly contingenciesOf?: (situation: number) => readonly Contingency[];
    readonly pickup?: GenerationPickup;
  };
  /** A HiGHS already loaded (default: loaded once per thread). */
  readonly highs?: Highs;
  /**
   * `fair`: called after each level with the requests settled so far and the pass (the filling
   * starts again after each screen that adds rows): a long filling's progress.
   */
  readonly onFairLevel?: (settled: number, total: number, pass: number) => void;
}

export type RequestStatus = 'complete' | 'partial' | 'none';

/** A network the window must hold in: a case, or one scenario × year case of a study. */
export interface WindowSituation {
  readonly network: Network;
  readonly scenario?: string;
  /** Requests with a later `year` are not in service in this situation. */
  readonly year?: number;
}

export interface AnalysedSituationView {
  readonly scenario: string | null;
  readonly year: number | null;
  readonly network: Network;
  readonly sinkRoomMw: number;
  readonly sinkByBus: Float64Array;
  /** Per request: counted in this situation. */
  readonly inService: readonly boolean[];
  /**
   * On a planner's set: its contingencies in this situation and those not screened (islanding,
   * nobody to pick up a lost unit, the whole sink lost), as indices into the list.
   */
  readonly contingencySet: {
    readonly contingencies: readonly Contingency[];
    readonly notScreened: readonly number[];
  } | null;
}

export interface AnalysedSituation {
  readonly situation: WindowSituation;
  readonly study: ReturnType<typeof busbarStudy>;
  readonly w: WindowRows;
  readonly inService: boolean[];
  readonly set: WindowSet | null;
}

/** A request counts in a situation from its year on (always in a case without years). */
function inServiceIn(p: PlacedRequest, situation: WindowSituation): boolean {
  const from = p.request.year;
  return from === undefined || situation.year === undefined || from <= situation.year;
}

function lastYear(situations: readonly WindowSituation[]): number | undefined {
  const years = situations.map((s) => s.year).filter((y): y is number => y !== undefined);
  return years.length > 0 ? Math.max(...years) : undefined;
}

export interface WindowBinding {
  /** 'sink-room': the sink cannot give more; monitored and contingency are then −1. */
  readonly kind: 'constraint' | 'sink-room';
  /** Index into WindowResult.situations (0 for a case). */
  readonly situation: number;
  /**
   * 0-based branch rows; contingency −1 is N-0 (or, with `setContingency`, a planner's
   * contingency that is not one branch).
   */
  readonly monitored: number;
  readonly contingency: number;
  /** On a planner's set: the index of the contingency in the situation's list; else null. */
  readonly setContingency: number | null;
  readonly monitoredName: string | null;
  /** A planner's contingency: the engine's element list (the product names it with its label). */
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
  /** Each network the awards hold in: one for a case, each scenario × year of a study. */
  readonly situations: readonly AnalysedSituationView[];
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
  return allocateFirmWindow([{ network: input }], requests, options);
}

/**
 * A firm window (issue #28, a window over a study): the awards must hold in every situation —
 * each scenario × year case — at once, with each request counted only from its `year` on. One
 * LP over the same awards carries every situation's rows and sink; each situation is screened
 * with its own network. The stand-alone figure is the least over the situations it is in.
 */
export async function allocateFirmWindow(
  situations: readonly WindowSituation[],
  requests: readonly WindowRequest[],
  options: WindowOptions,
): Promise<WindowResult> {
  return allocatePrepared(prepareWindow(situations, requests, options), options.rule);
}

/**
 * What every rule of a window shares, computed once: the requests placed, each situation's DC
 * model, busbar setup, request columns and stand-alone figures, and the rows each rule starts
 * from. The three rules of a server window used to compute it three times (ACTIVSg10k: 3–4 s
 * each). Each rule still finds its own rows from the same start, so a rule's awards are the
 * same whether it runs alone or beside the others.
 */
export interface PreparedWindow {
  readonly placed: readonly PlacedRequest[];
  readonly options: Omit<WindowOptions, 'rule'>;
  readonly analysed: readonly AnalysedSituation[];
  readonly standalone: Float64Array;
  /** Per situation, the start rows (monitored, contingency, LODF). */
  readonly startRows: readonly (readonly [number, number, number][])[];
  readonly timingsMs: { standalone: number; rows: number };
}

export function prepareWindow(
  situations: readonly WindowSituation[],
  requests: readonly WindowRequest[],
  options: Omit<WindowOptions, 'rule'>,
): PreparedWindow {
  const t0 = performance.now();
  if (situations.length === 0) throw new Error('a window needs at least one situation');
  const first = situations[0].network;
  const placed = placeRequests(first, requests, lastYear(situations));
  const ignore = options.preExisting === 'ignore';
  const cutoff = options.distributionFactorCutoff ?? 0;
  const top = options.startRows ?? Math.min(5, Math.max(1, Math.floor(1000 / placed.length)));
  const standalone = Float64Array.from(placed, () => Infinity);
  const startRows: [number, number, number][][] = [];
  let rowsMs = 0;
  const analysed = situations.map((situation, s): AnalysedSituation => {
    const input = situation.network;
    if (input.buses.count !== first.buses.count) {
      throw new Error('the situations of a window must share their buses');
    }
    const inService = placed.map((p) => inServiceIn(p, situation));
    const model = buildDcModel(input);
    const buses = [...new Set(placed.filter((_, i) => inService[i]).map((p) => p.busRow))];
    const setOption = options.contingencySet;
    const contingencies =
      setOption === undefined ? null : (setOption.contingenciesOf?.(s) ?? setOption.contingencies);
    // On a set, the stream carries its one-branch contingencies (set-rows.ts).
    const streamed = contingencies === null ? null : streamedSingles(contingencies);
    const study = busbarStudy(
      input,
      { ...options, buses, ...(streamed === null ? {} : { contingencies: [...streamed.keys()] }) },
      model,
    );
    const outside = placed.find(
      (p, i) => inService[i] && study.setup.skippedBuses.includes(p.busRow),
    );
    if (outside) {
      throw new EngineError(
        'TRANSFER_BUS_OUTSIDE_ISLAND',
        `request ${outside.request.id}: bus ${outside.request.bus} is outside the island the sink is in`,
        { field: 'bus' },
      );
    }
    // Each request alone, with the same settings: its stand-alone figure and its first rows.
    const aloneOptions = {
      ...options,
      buses,
      capMw: Math.max(1, ...placed.map((p) => p.mw)),
      // 0 is floored at round-off by the busbar study itself (transfer/cutoff.ts).
      distributionFactorCutoff: cutoff,
      preExisting: ignore ? ('ignore' as const) : ('limit' as const),
      top,
    };
    const set =
      contingencies === null
        ? null
        : makeWindowSet(study, contingencies, setOption?.pickup ?? 'headroom');
    // The stand-alone figures: the busbar capacity's fast pass over the one-branch outages
    // (the set's, on a set), and on a set the others one at a time (busbarCapacitiesOnSet):
    // the least of the two. 200 buses of ACTIVSg2000 through busbarCapacitiesOnSet alone took
    // 15 s, its per-bus walk of every (outage, monitored) pair; this, under a second.
    const alone = busbarCapacity(
      input,
      { ...aloneOptions, ...(streamed === null ? {} : { contingencies: [...streamed.keys()] }) },
      model,
    );
    const byBus = new Map(alone.results.map((r) => [r.bus, r.capacityMw]));
    const rowsFrom = alone.results.flatMap((r) =>
      r.top.map((c): [number, number, number] => [c.monitored, c.contingency, c.lodf]),
    );
    if (set !== null && set.evaluated.length > 0) {
      const others = set.evaluated.map((index) => set.contingencies[index]!);
      const extras = busbarCapacitiesOnSet(input, buses, others, {
        ...aloneOptions,
        pickup: setOption?.pickup ?? 'headroom',
      });
      buses.forEach((b, at) => {
        const extra = extras[at]!;
        byBus.set(b, Math.min(byBus.get(b) ?? Infinity, extra.capacityMw ?? 0));
        for (const c of extra.top) {
          if (c.contingency < 0 || c.monitored < 0) continue;
          rowsFrom.push([c.monitored, setRowCode(set.evaluated[c.contingency]!), 0]);
        }
      });
    }
    placed.forEach((p, i) => {
      if (inService[i]) standalone[i] = Math.min(standalone[i], byBus.get(p.busRow) ?? 0);
    });
    const r0 = performance.now();
    // Its columns; each rule gives it the one row list all situations share (allocatePrepared).
    const w = makeWindowRows(study.setup, placed, ignore, cutoff, { situation: s, inService }, set);
    startRows.push(rowsFrom);
    rowsMs += performance.now() - r0;
    return { situation, study, w, inService, set };
  });
  const total = performance.now() - t0;
  return {
    placed,
    options,
    analysed,
    standalone,
    startRows,
    timingsMs: { standalone: total - rowsMs, rows: rowsMs },
  };
}

/** One rule on a prepared window: its own rows from the shared start, its own LP. */
export async function allocatePrepared(
  prepared: PreparedWindow,
  rule: WindowRule,
): Promise<WindowResult> {
  const t0 = performance.now();
  const { placed, options, standalone } = prepared;
  const highs = options.highs ?? (await loadSolver());
  const ignore = options.preExisting === 'ignore';
  const rows: NetworkRow[] = [];
  const keys = new Set<string>();
  const analysed = prepared.analysed.map((a, s) => {
    const w: WindowRows = { ...a.w, rows, keys };
    for (const [m, k, lodf] of prepared.startRows[s]) addRow(w, m, k, lodf);
    return { ...a, w };
  });
  const w = analysed[0].w;
  const sinks = analysed.map((a, s): WindowSink => ({
    situation: s,
    roomMw: a.study.setup.sinkRoomMw,
    inService: a.inService,
  }));
  const lp = new WindowLp(highs, placed.length, sinks);
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
      // order needs no solver (rules.ts's ratio test): its rows stay out of HiGHS.
      if (rule !== 'order') lp.sync(w);
      const pass = screens + 1;
      outcome = runRule(rule, lp, w, placed, (settled, total) =>
        options.onFairLevel?.(settled, total, pass),
      );
      const s1 = performance.now();
      let added = 0;
      violatedAtEnd = 0;
      worstExcessMw = 0;
      for (const a of analysed) {
        const screen = screenAtAward(
          a.w,
          outcome.award,
          1e-6,
          options.rowsPerScreen ?? 100,
          rule === 'order' ? byRank : undefined,
        );
        added += screen.added;
        violatedAtEnd += screen.violated;
        if (screen.violated > 0) worstExcessMw = Math.max(worstExcessMw, screen.worstOverMw);
      }
      screens++;
      screenMs += performance.now() - s1;
      solveMs += s1 - s0;
      if (added === 0 || screens >= (options.maxScreens ?? 50)) break;
    }
    const { award, binding } = outcome;
    const nets = analysed.map((a) => ({ net: a.study.net, inService: a.inService, set: a.set }));
    const results = placed.map((p, i) =>
      describeAward(p, i, award, binding[i], w, nets, placed, standalone[i]),
    );
    const { study } = analysed[0];
    return {
      rule,
      preExisting: ignore ? 'ignore' : 'limit',
      postContingencyRating: w.ctx.postRating,
      sinkRoomMw: study.setup.sinkRoomMw,
      situations: analysed.map((a) => ({
        scenario: a.situation.scenario ?? null,
        year: a.situation.year ?? null,
        network: a.study.net,
        sinkRoomMw: a.study.setup.sinkRoomMw,
        sinkByBus: a.study.setup.sinkByBus,
        inService: a.inService,
        contingencySet:
          a.set === null
            ? null
            : {
                contingencies: a.set.contingencies,
                notScreened: [...a.set.notScreened].sort((x, y) => x - y),
              },
      })),
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
          standalone: prepared.timingsMs.standalone,
          rows: prepared.timingsMs.rows,
          solve: solveMs,
          screen: screenMs,
          // With the preparation, once per rule even when the rules share it.
          total: performance.now() - t0 + prepared.timingsMs.standalone + prepared.timingsMs.rows,
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
  situations: readonly { net: Network; inService: readonly boolean[]; set: WindowSet | null }[],
  placed: readonly PlacedRequest[],
  capacityMw: number,
): WindowAward {
  const x = award[i];
  const status: RequestStatus = x >= p.mw - 1e-6 ? 'complete' : x <= 1e-6 ? 'none' : 'partial';
  const competitors = new Set<string>();
  const binding = rows.map((b): WindowBinding => {
    const row = b.row >= 0 ? w.rows[b.row] : null;
    placed.forEach((q, j) => {
      if (j === i || award[j] <= 1e-6) return;
      const a = row ? row.factor[j] : situations[b.situation].inService[j] ? 1 : 0;
      if (a * Math.sign(b.factor) >= COMPETITOR_FACTOR) competitors.add(q.request.id);
    });
    if (!row) {
      return {
        kind: 'sink-room',
        situation: b.situation,
        monitored: -1,
        contingency: -1,
        setContingency: null,
        monitoredName: null,
        contingencyName: null,
        limitMw: Number.NaN,
        shadowPrice: b.shadowPrice,
        distributionFactor: 1,
      };
    }
    const { net, set } = situations[row.situation];
    // On a set: a one-branch contingency by its branch row, any other by its index.
    const setContingency =
      set === null
        ? null
        : (setIndexOfRow(row.contingency) ??
          (row.contingency >= 0 ? (set.streamed.get(row.contingency) ?? null) : null));
    const branch = row.contingency >= 0 ? row.contingency : -1;
    return {
      kind: 'constraint',
      situation: row.situation,
      monitored: row.monitored,
      contingency: branch,
      setContingency,
      monitoredName: branchDisplayName(net, row.monitored),
      contingencyName:
        setContingency !== null
          ? contingencyName(net, set!.contingencies[setContingency]!)
          : branch >= 0
            ? branchDisplayName(net, branch)
            : null,
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
