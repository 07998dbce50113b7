import type { Network } from '../model/network';
import { shortCircuitStrength } from '../shortcircuit/scc';
import { EngineError } from '../util/engine-error';
import type { CommandOutput } from './format';

/**
 * `holgura shortcircuit CASE [--xd X]` (issue #31): every bus's three-phase short-circuit power,
 * the maximum (c = 1.1) and the N-1 minimum (c = 1.0), and the maximum's fault current. A case
 * whose machine data cannot give a meaningful figure is refused with the reason, never printed
 * with a plausible-looking one.
 */
export function shortcircuit(net: Network, xdPu: number | undefined): CommandOutput {
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
