import { makeBusColumns } from './bus-columns';
import type { ScreenContext } from './screen';
import { injectionFlows } from './screen';

/**
 * G-1 (docs/analysis.md §3, an option): unit u trips at transfer T, losing its output
 * P_u(T) = P0_u + T·part_u, which the rest of the sink picks up in proportion to its weights.
 * The network is intact, so the post-outage flow is
 *   f(m|u)(T) = f(m) + T·d(m) − P_u(T)·s'_u(m),   s'_u = (PTDF(·,bus_u) − S)/(1 − w_u),
 * with S = PTDF·sink (one solve) and w_u the unit's share of the sink: a constraint with
 * flow f(m) − P0_u·s'_u(m) at T = 0 and distribution factor d(m) − part_u·s'_u(m). One column
 * solve per bus with units (four per pass), O(monitored) per unit.
 */
export interface GeneratorOutageInput {
  readonly unitParticipation: Float64Array;
  readonly sinkShareByUnit: Float64Array;
  readonly sinkByBus: Float64Array;
  readonly island: number;
}

/** Units whose outage is studied: in service, in the transfer island, with output to lose. */
export function outagedUnits(ctx: ScreenContext, input: GeneratorOutageInput): number[] {
  const g = ctx.net.generators;
  const units: number[] = [];
  for (let u = 0; u < g.count; u++) {
    if (!ctx.model.active.genActive[u]) continue;
    if (ctx.model.islands.islandByBus[g.bus[u]] !== input.island) continue;
    // A unit that is the whole sink leaves nothing to pick up its output.
    if (input.sinkShareByUnit[u] >= 1 - 1e-12) continue;
    if (g.pgMw[u] !== 0 || input.unitParticipation[u] !== 0) units.push(u);
  }
  return units;
}

/** Calls `visit(u, s)` with s[x] = s'_u(x) for every branch x; `s` is reused between calls. */
export function streamGeneratorOutages(
  ctx: ScreenContext,
  input: GeneratorOutageInput,
  visit: (unit: number, s: Float64Array) => void,
): void {
  const { net, model } = ctx;
  const nl = net.branches.count;
  const sinkFlow = injectionFlows(
    model,
    input.sinkByBus,
    new Float64Array(net.buses.count),
    new Float64Array(nl),
  );
  const columns = makeBusColumns(model, sinkFlow);
  const byBus = new Map<number, number[]>();
  for (const u of outagedUnits(ctx, input)) {
    const b = net.generators.bus[u];
    const list = byBus.get(b);
    if (list) list.push(u);
    else byBus.set(b, [u]);
  }
  const buses = [...byBus.keys()];
  const d = new Float64Array(nl + 1);
  const s = new Float64Array(nl + 1);
  for (let start = 0; start < buses.length; start += 4) {
    const count = columns.solve(buses, start);
    for (let j = 0; j < count; j++) {
      columns.fill(j, d);
      for (const u of byBus.get(buses[start + j]) ?? []) {
        const scale = 1 / (1 - input.sinkShareByUnit[u]);
        for (let x = 0; x < nl; x++) s[x] = d[x] * scale;
        visit(u, s);
      }
    }
  }
}
