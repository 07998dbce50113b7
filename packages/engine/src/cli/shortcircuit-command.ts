import type { Network } from '../model/network';
import { shortCircuitStrength, type ShortCircuitResult } from '../shortcircuit/scc';
import {
  readBreakerRatings,
  shortCircuitLimits,
  type PlantTechnology,
} from '../shortcircuit/limits';
import { indexOfBus, makeBusLookup } from '../model/indexing';
import { EngineError } from '../util/engine-error';
import type { CommandOutput } from './format';

/**
 * `holgura shortcircuit CASE [--xd X]` (issue #31): every bus's three-phase short-circuit power,
 * the maximum (c = 1.1) and the N-1 minimum (c = 1.0), and the maximum's fault current. A case
 * whose machine data cannot give a meaningful figure is refused with the reason, never printed
 * with a plausible-looking one.
 */
export function shortcircuit(net: Network, xdPu: number | undefined): CommandOutput {
  const r = strengthOrRefusal(net, xdPu);
  const { number, baseKv } = net.buses;
  const buses = Array.from({ length: net.buses.count }, (_, k) => ({
    bus: number[k]!,
    baseKv: baseKv[k]!,
    sccMaxMva: r.sccMaxMva[k]!,
    sccMinMva: r.sccMinMva[k]!,
    // The branch (1-based row) whose outage gives the minimum; null: the base case.
    minOutageBranch: r.minOutage[k]! < 0 ? null : r.minOutage[k]! + 1,
    faultCurrentKa: Number.isFinite(r.faultCurrentKa[k]!) ? r.faultCurrentKa[k]! : null,
  }));
  return {
    json: {
      machines: r.machines,
      ...(xdPu === undefined ? {} : { xdPu }),
      voltageFactor: { max: 1.1, min: 1.0 },
      buses,
      seconds: (r.timingsMs.factor + r.timingsMs.n0 + r.timingsMs.n1) / 1000,
    },
    table: {
      columns: [
        { header: 'bus' },
        { header: 'baseKv', decimals: 1 },
        { header: 'sccMaxMva', decimals: 1 },
        { header: 'sccMinMva', decimals: 1 },
        { header: 'minOutageBranch' },
        { header: 'faultCurrentKa', decimals: 2 },
      ],
      rows: buses.map((b) => [
        b.bus,
        b.baseKv,
        b.sccMaxMva,
        b.sccMinMva,
        b.minOutageBranch,
        b.faultCurrentKa,
      ]),
      summary: [
        `units: ${r.machines.fromFile} with the file's source impedance, ${r.machines.fromXd} with --xd, ${r.machines.without} without data (left out)` +
          (r.machines.placeholder > 0 && r.machines.fromFile > 0
            ? `; ${r.machines.placeholder} of the file's carry the placeholder ZX = 1.0`
            : ''),
        'sccMaxMva: c = 1.1; sccMinMva: c = 1.0, the least of the base case and every branch outage that islands nothing (minOutageBranch, 1-based; "-" = base case); 0 where no unit reaches the bus',
      ],
    },
  };
}

/** What `capacity --short-circuit` adds (issue #31). */
export interface CapacityShortCircuitOptions {
  readonly xdPu?: number;
  readonly scrMin: number;
  readonly technology: PlantTechnology;
  /** The ratings table's text (`bus,ka` or `kv,ka`), when given. */
  readonly breakerRatings?: { readonly file: string; readonly text: string };
}

type CapacityRow = { bus: number; capacityMw: number | null } & Record<string, unknown>;

/**
 * `capacity --bus … --short-circuit`: beside each bus's thermal (DC) figure, the weak-grid and
 * breaker-duty figures and the short-circuit powers; `capacityMw` becomes the least of them
 * and `limitingVariable` names which ('thermal', 'weak-grid', 'breaker-duty').
 */
export function withShortCircuit(
  output: CommandOutput,
  net: Network,
  options: CapacityShortCircuitOptions,
): CommandOutput {
  if (!(options.scrMin > 0)) {
    throw new EngineError('VALIDATION_FAILED', `--scr-min ${options.scrMin}: above 0`, {
      field: 'scr-min',
    });
  }
  const scc = strengthOrRefusal(net, options.xdPu);
  let breakerKa: Float64Array | undefined;
  if (options.breakerRatings !== undefined) {
    const read = readBreakerRatings(
      options.breakerRatings.text,
      net.buses.number,
      net.buses.baseKv,
    );
    if (read.problems.length > 0) {
      throw new EngineError(
        'VALIDATION_FAILED',
        `${options.breakerRatings.file}: ${read.problems.slice(0, 5).join('; ')}`,
        { field: 'breaker-ratings' },
      );
    }
    breakerKa = read.ka;
  }
  const lookup = makeBusLookup(net.buses.number);
  const json = output.json as { results: CapacityRow[] };
  const results = json.results.map((row) => {
    const bus = indexOfBus(lookup, row.bus);
    const limits = shortCircuitLimits(scc, net.buses.baseKv, bus, {
      scrMin: options.scrMin,
      technology: options.technology,
      ...(breakerKa === undefined ? {} : { breakerKa }),
    });
    // After `--ac` the row's capacity is the AC figure and names its variable already.
    const dcMw = (row.dcMw as number | null | undefined) ?? row.capacityMw;
    const candidates: [string, number][] = [
      ['weak-grid', limits.scrMw],
      ...(limits.breakerMw === null
        ? []
        : [['breaker-duty', limits.breakerMw] as [string, number]]),
    ];
    let capacityMw = row.capacityMw;
    let limitingVariable: string | null =
      'limitingVariable' in row
        ? (row.limitingVariable as string | null)
        : dcMw === null
          ? null
          : 'thermal';
    for (const [variable, mw] of candidates) {
      if (capacityMw !== null && mw < capacityMw) {
        capacityMw = mw;
        limitingVariable = variable;
      }
    }
    return {
      ...row,
      capacityMw,
      limitingVariable,
      dcMw,
      scrMw: limits.scrMw,
      breakerMw: limits.breakerMw,
      breakerExceeded: limits.breakerExceeded,
      sccMaxMva: scc.sccMaxMva[bus]!,
      sccMinMva: scc.sccMinMva[bus]!,
    };
  });
  const table = output.table;
  const at = table?.columns.findIndex((c) => c.header === 'capacityMw') ?? -1;
  const variableAt = table?.columns.findIndex((c) => c.header === 'limitingVariable') ?? -1;
  const verified = variableAt >= 0;
  return {
    json: {
      ...json,
      shortCircuit: {
        machines: scc.machines,
        scrMin: options.scrMin,
        technology: options.technology,
        ...(options.xdPu === undefined ? {} : { xdPu: options.xdPu }),
        breakerRatings: options.breakerRatings?.file ?? null,
      },
      results,
    },
    ...(table === undefined
      ? {}
      : {
          table: {
            ...table,
            columns: [
              ...table.columns,
              ...(verified ? [] : [{ header: 'dcMw', decimals: 1 }]),
              { header: 'scrMw', decimals: 1 },
              { header: 'breakerMw', decimals: 1 },
              ...(verified ? [] : [{ header: 'limitingVariable' }]),
            ],
            rows: table.rows.map((cells, i) => {
              const r = results[i]!;
              // The table's capacity column is the least figure, as the JSON's (and after
              // --ac its variable column names what sets it).
              const shown = cells.map((cell, c) =>
                c === at ? r.capacityMw : c === variableAt ? r.limitingVariable : cell,
              );
              return verified
                ? [...shown, r.scrMw, r.breakerMw]
                : [...shown, r.dcMw, r.scrMw, r.breakerMw, r.limitingVariable];
            }),
            summary: [
              ...(table.summary ?? []),
              `short circuit: SCR ≥ ${options.scrMin} on the N-1 minimum Scc; ${options.technology} plant` +
                (options.breakerRatings === undefined
                  ? '; no breaker ratings (no breaker-duty limit)'
                  : `; breaker ratings from ${options.breakerRatings.file}`),
            ],
          },
        }),
  };
}

/** The case's strength, or the reason it has none (as `holgura shortcircuit` refuses). */
function strengthOrRefusal(net: Network, xdPu: number | undefined): ShortCircuitResult {
  if (xdPu !== undefined && !(xdPu > 0 && xdPu < 10)) {
    throw new EngineError('VALIDATION_FAILED', `--xd ${xdPu}: a reactance in p.u., above 0`, {
      field: 'xd',
    });
  }
  const r = shortCircuitStrength(net, xdPu === undefined ? {} : { xdPu });
  if (r.status === 'unavailable') {
    throw new EngineError(
      'SHORT_CIRCUIT_UNAVAILABLE',
      'the case has no machine impedances (a MATPOWER case never does): give a subtransient ' +
        'reactance with --xd X (p.u. on each unit’s MBASE)',
    );
  }
  if (r.status === 'placeholder') {
    throw new EngineError(
      'SHORT_CIRCUIT_PLACEHOLDER',
      `every in-service unit (${r.machines.placeholder}) carries the placeholder ZX = 1.0 on ` +
        'MBASE = SBASE that public RAW exports write: the figures would mean nothing. Give a ' +
        'subtransient reactance with --xd X (p.u. on each unit’s MBASE)',
    );
  }
  return r;
}
