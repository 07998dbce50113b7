import { screenN1 } from '../contingency/n1';
import type { PostRating } from '../contingency/n1';
import { indexOfBus, makeBusLookup } from '../model/indexing';
import type { Network } from '../model/network';
import { runAcPowerFlow } from '../powerflow/acpf';
import { buildDcModel, runDcPowerFlow } from '../powerflow/dcpf';
import { findBridges } from '../sensitivity/bridges';
import { lodfColumn, makeDfactors, ptdfColumn, ptdfRow } from '../sensitivity/dfactors';
import { EngineError } from '../util/engine-error';
import type { LoadedCase } from '../io/load-case';

export type Flags = Record<string, string | undefined>;

/** Parses a 1-based list like "1,5,9" (branch or generator indices, or bus numbers). */
function parseList(flags: Flags, name: string): number[] {
  const raw = flags[name];
  if (raw === undefined || raw.trim() === '') {
    throw new EngineError('CLI_USAGE', `--${name} is required (a comma-separated list)`);
  }
  return raw.split(',').map((s) => {
    const v = Number(s.trim());
    if (!Number.isInteger(v))
      throw new EngineError('CLI_USAGE', `--${name}: '${s}' is not an integer`);
    return v;
  });
}

function branchIndex(net: Network, oneBased: number): number {
  if (oneBased < 1 || oneBased > net.branches.count) {
    throw new EngineError(
      'MODEL_BRANCH_INDEX_INVALID',
      `branch ${oneBased} does not exist (the case has ${net.branches.count})`,
    );
  }
  return oneBased - 1;
}

export function info(c: LoadedCase): unknown {
  const { buses, branches, generators } = c.network;
  let loads = 0;
  for (let i = 0; i < buses.count; i++) if (buses.pdMw[i] !== 0 || buses.qdMvar[i] !== 0) loads++;
  return {
    format: c.format,
    revision: c.revision,
    compressed: c.compressed,
    baseMva: c.network.baseMva,
    counts: { buses: buses.count, branches: branches.count, generators: generators.count, loads },
    warnings: c.warnings.map((w) => ({ code: w.code, message: w.message, line: w.line ?? null })),
  };
}

export function dcpf(net: Network): unknown {
  const pf = runDcPowerFlow(net);
  const num = net.buses.number;
  return {
    converged: pf.converged,
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

export function acpf(net: Network): unknown {
  const pf = runAcPowerFlow(net);
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

export function ptdf(net: Network, flags: Flags): unknown {
  const branches = parseList(flags, 'branches').map((b) => branchIndex(net, b));
  const lookup = makeBusLookup(net.buses.number);
  const buses = parseList(flags, 'buses').map((n) => indexOfBus(lookup, n));
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
  return { slackBus: slack, values };
}

export function lodf(net: Network, flags: Flags): unknown {
  const branches = parseList(flags, 'branches').map((b) => branchIndex(net, b));
  const outages = parseList(flags, 'outages').map((b) => branchIndex(net, b));
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
  return { values, islanding };
}

export function n1(net: Network, flags: Flags): unknown {
  const top = flags.top === undefined ? 20 : Number(flags.top);
  if (!Number.isInteger(top) || top < 0)
    throw new EngineError('CLI_USAGE', '--top must be a count');
  const rule = (flags['post-rating'] ?? 'emergency') as PostRating;
  if (!['A', 'B', 'C', 'emergency'].includes(rule)) {
    throw new EngineError('CLI_USAGE', '--post-rating must be A, B or C');
  }
  const minKv = flags['min-kv'] === undefined ? 0 : Number(flags['min-kv']);
  if (!Number.isFinite(minKv)) throw new EngineError('CLI_USAGE', '--min-kv must be a number');
  const t0 = performance.now();
  const r = screenN1(net, { top, postRating: rule, minKv });
  const entries = [...r.baseCaseTop, ...r.top]
    .sort(
      (a, b) => b.loading - a.loading || a.contingency - b.contingency || a.monitored - b.monitored,
    )
    .slice(0, top);
  return {
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
    timingsMs: { ...r.timingsMs, total: performance.now() - t0 },
  };
}
