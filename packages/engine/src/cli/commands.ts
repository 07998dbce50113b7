import type { SlackRule } from '../base/base-dispatch';
import { prepareBaseCase } from '../base/base-case';
import { screenN1 } from '../contingency/n1';
import { baseCaseSummary, baseCaseToV1 } from '../report/base-case-v1';
import type { PostRating } from '../contingency/n1';
import { branchDisplayName } from '../model/display-names';
import { indexOfBus, makeBusLookup } from '../model/indexing';
import type { Network } from '../model/network';
import { runAcPowerFlow } from '../powerflow/acpf';
import { buildDcModel, runDcPowerFlow } from '../powerflow/dcpf';
import { findBridges } from '../sensitivity/bridges';
import { lodfColumn, makeDfactors, ptdfColumn, ptdfRow } from '../sensitivity/dfactors';
import { EngineError } from '../util/engine-error';
import type { LoadedCase } from '../io/load-case';
import type { CommandOutput, Table } from './format';

function branchIndex(net: Network, oneBased: number): number {
  if (oneBased < 1 || oneBased > net.branches.count) {
    throw new EngineError(
      'MODEL_BRANCH_INDEX_INVALID',
      `branch ${oneBased} does not exist (the case has ${net.branches.count})`,
    );
  }
  return oneBased - 1;
}

/** A distribution-factor matrix as CSV: one row per branch, one column per bus or outage. */
function matrixTable(
  rowHeader: string,
  rows: readonly number[],
  columnHeader: string,
  columns: readonly number[],
  values: readonly (readonly (number | null)[])[],
): Table {
  return {
    columns: [
      { header: rowHeader },
      ...columns.map((c) => ({ header: `${columnHeader}${c}`, decimals: 6 })),
    ],
    rows: rows.map((r, i) => [r, ...values[i]]),
  };
}

export function info(c: LoadedCase): unknown {
  const { buses, branches, generators } = c.network;
  let loads = 0;
  for (let i = 0; i < buses.count; i++) if (buses.pdMw[i] !== 0 || buses.qdMvar[i] !== 0) loads++;
  // What the input does to the figures, before any is computed (the analyses' base case).
  const baseCase = baseCaseToV1(c.network, prepareBaseCase(c.network).report);
  return {
    format: c.format,
    revision: c.revision,
    compressed: c.compressed,
    baseMva: c.network.baseMva,
    counts: { buses: buses.count, branches: branches.count, generators: generators.count, loads },
    warnings: c.warnings.map((w) => ({ code: w.code, message: w.message, line: w.line ?? null })),
    baseCase,
  };
}

/**
 * `holgura dcpf`: MATPOWER's rundcpf by default (the accuracy tests compare with it); with
 * `slack: 'distributed'`, the analyses' base case (base/base-case.ts), whose report is printed.
 */
export function dcpf(input: Network, slack: SlackRule = 'single'): unknown {
  const base = prepareBaseCase(input, { slack });
  const net = slack === 'single' ? input : base.net;
  const pf = runDcPowerFlow(net);
  const num = net.buses.number;
  return {
    converged: pf.converged,
    baseCase: baseCaseToV1(input, base.report),
    bus: Array.from(num, (number, i) => ({ number, vaDeg: pf.vaDeg[i] })),
    branch: Array.from(pf.pfMw, (pfMw, k) => ({
      index: k + 1,
      fromBus: num[net.branches.fromBus[k]],
      toBus: num[net.branches.toBus[k]],
      circuit: net.branches.circuit[k],
      pfMw,
    })),
    gen: Array.from(pf.pgMw, (pgMw, g) => ({
      index: g + 1,
      bus: num[net.generators.bus[g]],
      pgMw,
    })),
  };
}

/**
 * `holgura acpf`: MATPOWER's runpf. A diverged Newton is an error, never a printed solution:
 * its last iterate (voltages of thousands of p.u.) is no state of the network.
 */
export function acpf(net: Network): unknown {
  const pf = runAcPowerFlow(net);
  if (!pf.converged) {
    throw new EngineError(
      'POWERFLOW_AC_DIVERGED',
      `the AC power flow did not converge in ${pf.iterations} Newton iterations ` +
        `(largest power mismatch ${Number.isFinite(pf.mismatchPu) ? pf.mismatchPu.toExponential(2) : pf.mismatchPu} p.u., ` +
        'tolerance 1e-8): the case has no AC solution near its starting voltages, or its data ' +
        'are inconsistent (check impedances, loads and voltage set-points)',
    );
  }
  return {
    converged: pf.converged,
    iterations: pf.iterations,
    bus: Array.from(net.buses.number, (number, i) => ({
      number,
      vmPu: pf.vmPu[i],
      vaDeg: pf.vaDeg[i],
    })),
    branch: Array.from(pf.pfMw, (pfMw, k) => ({
      index: k + 1,
      pfMw,
      qfMvar: pf.qfMvar[k],
      ptMw: pf.ptMw[k],
      qtMvar: pf.qtMvar[k],
    })),
    gen: Array.from(pf.pgMw, (pgMw, g) => ({ index: g + 1, pgMw, qgMvar: pf.qgMvar[g] })),
  };
}

export interface PtdfOptions {
  /** 1-based branch rows. */
  readonly branches: readonly number[];
  /** Bus numbers. */
  readonly buses: readonly number[];
}

export function ptdf(net: Network, options: PtdfOptions): CommandOutput {
  const branches = options.branches.map((b) => branchIndex(net, b));
  const lookup = makeBusLookup(net.buses.number);
  const buses = options.buses.map((n) => indexOfBus(lookup, n));
  const model = buildDcModel(net);
  const d = makeDfactors(model);
  const values = branches.map(() => new Array<number>(buses.length));
  // One solve per row or per column, whichever is fewer.
  if (branches.length <= buses.length) {
    const row = new Float64Array(net.buses.count);
    branches.forEach((k, r) => {
      ptdfRow(d, k, row);
      buses.forEach((bus, c) => (values[r][c] = row[bus]));
    });
  } else {
    const col = new Float64Array(net.branches.count);
    buses.forEach((bus, c) => {
      ptdfColumn(d, bus, col);
      branches.forEach((k, r) => (values[r][c] = col[k]));
    });
  }
  const slack = model.slackBuses.length > 0 ? net.buses.number[model.slackBuses[0]] : null;
  return {
    json: { slackBus: slack, values },
    table: {
      ...matrixTable('branch', options.branches, 'bus ', options.buses, values),
      summary: [`PTDF, MW on the branch per MW injected at the bus (slack bus ${slack ?? '-'})`],
    },
  };
}

export interface LodfOptions {
  /** 1-based branch rows, monitored and outaged. */
  readonly branches: readonly number[];
  readonly outages: readonly number[];
}

export function lodf(net: Network, options: LodfOptions): CommandOutput {
  const branches = options.branches.map((b) => branchIndex(net, b));
  const outages = options.outages.map((b) => branchIndex(net, b));
  const model = buildDcModel(net);
  const bridges = findBridges(net, model.active.branchActive);
  const d = makeDfactors(model);
  const col = new Float64Array(net.branches.count);
  const values = branches.map(() => new Array<number | null>(outages.length));
  const islanding: number[] = [];
  outages.forEach((k, c) => {
    // A bridge's LODF column is undefined (1 − h = 0): null, and listed as islanding.
    if (bridges[k]) {
      islanding.push(k + 1);
      branches.forEach((_, r) => (values[r][c] = null));
      return;
    }
    lodfColumn(d, k, col);
    branches.forEach((m, r) => (values[r][c] = col[m]));
  });
  return {
    json: { values, islanding },
    table: {
      ...matrixTable('branch', options.branches, 'outage ', options.outages, values),
      summary: [
        'LODF, change of flow on the branch per MW the outaged branch carried',
        `islanding outages (no LODF): ${islanding.length === 0 ? 'none' : islanding.join(', ')}`,
      ],
    },
  };
}

export interface N1CommandOptions {
  readonly top: number;
  readonly postRating: PostRating;
  readonly minKv: number;
  readonly slack: SlackRule;
}

export function n1(net: Network, options: N1CommandOptions): CommandOutput {
  const { top } = options;
  const t0 = performance.now();
  const r = screenN1(net, {
    top,
    postRating: options.postRating,
    minKv: options.minKv,
    slack: options.slack,
  });
  const baseCase = baseCaseToV1(net, r.baseCase);
  const entries = [...r.baseCaseTop, ...r.top]
    .sort(
      (a, b) => b.loading - a.loading || a.contingency - b.contingency || a.monitored - b.monitored,
    )
    .slice(0, top);
  const json = {
    contingencies: r.nContingencies,
    islanding: r.islanding.map((i) => i.branch + 1),
    islandingDisconnectedMw: r.islanding.map((i) => i.disconnectedMw),
    monitored: r.nMonitored,
    baseCaseOverloads: r.baseCaseOverloads,
    overloadedPairs: r.overloadedPairs,
    top: entries.map((e) => ({
      monitored: e.monitored + 1,
      contingency: e.contingency < 0 ? null : e.contingency + 1,
      flowMw: e.flowMw,
      limitMva: e.limitMva,
      loadingPercent: e.loading * 100,
    })),
    baseCase,
    timingsMs: { ...r.timingsMs, total: performance.now() - t0 },
  };
  const table: Table = {
    summary: [
      `contingencies: ${json.contingencies} (${json.islanding.length} islanding, not screened)`,
      `monitored branches: ${json.monitored}`,
      `base-case overloads: ${json.baseCaseOverloads}; overloaded (monitored, contingency) pairs: ${json.overloadedPairs}`,
      `post-contingency rating: ${options.postRating}; contingency "-" = base case (N-0)`,
      ...baseCaseSummary(baseCase),
    ],
    columns: [
      { header: 'monitored' },
      { header: 'monitoredName' },
      { header: 'contingency' },
      { header: 'contingencyName' },
      { header: 'flowMw', decimals: 2 },
      { header: 'limitMva', decimals: 2 },
      { header: 'loadingPercent', decimals: 2 },
    ],
    rows: entries.map((e, i) => {
      const row = json.top[i];
      return [
        row.monitored,
        branchDisplayName(net, e.monitored),
        row.contingency,
        e.contingency < 0 ? null : branchDisplayName(net, e.contingency),
        row.flowMw,
        row.limitMva,
        row.loadingPercent,
      ];
    }),
  };
  return { json, table };
}
