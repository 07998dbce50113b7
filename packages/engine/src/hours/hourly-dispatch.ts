import type { InService } from '../model/indexing';
import type { Islands } from '../model/islands';
import type { Network } from '../model/network';
import type { HourlyProfiles } from './profiles';

/**
 * Hour t's case from the base case and the profiles (docs/analysis.md §13.1): each profiled
 * area's loads scaled by its factor (P, and Q where the profile says), each profiled unit at its
 * output, a unit whose status is 0 out; then, per island, the imbalance against the base
 * case's balance taken by the in-service units without a profile in proportion to their room in
 * the direction needed (Pmax − P0 up, P0 − Pmin down), so none passes a limit. An hour those
 * units cannot balance is infeasible: reported, never computed.
 */
export interface HourDispatch {
  /** The hour's injections, written into the caller's arrays. */
  readonly pdMw: Float64Array;
  readonly pgMw: Float64Array;
  readonly genActive: Uint8Array;
  /** False when the transfer island's units without a profile lack the room to balance it. */
  feasible: boolean;
  /** What the transfer island lacked, MW (> 0 short of generation, < 0 short of reduction). */
  shortfallMw: number;
}

export interface HourlyDispatch {
  readonly hours: number;
  /** Fills `out` with hour t (0-based). */
  hour(t: number, out: HourDispatch): HourDispatch;
  makeHour(): HourDispatch;
  /** Hour t as a network of its own (for checks and brute force). */
  network(t: number): Network;
}

/** Balance tolerance, MW: round-off of the sums, not a real shortfall. */
const BALANCE_TOLERANCE_MW = 1e-6;

export function hourlyDispatch(
  net: Network,
  active: InService,
  islands: Islands,
  transferIsland: number,
  profiles: HourlyProfiles,
): HourlyDispatch {
  const b = net.buses;
  const g = net.generators;
  const profileOfBus = new Int32Array(b.count).fill(-1);
  const areaIndex = new Map(profiles.areas.map((p, i) => [p.area, i]));
  for (let i = 0; i < b.count; i++) profileOfBus[i] = areaIndex.get(b.area[i]) ?? -1;
  const unitSeries: (Float64Array | null)[] = new Array<Float64Array | null>(g.count).fill(null);
  for (const u of profiles.units) unitSeries[u.generator] = u.pgMw;
  const statusSeries: (Uint8Array | null)[] = new Array<Uint8Array | null>(g.count).fill(null);
  for (const s of profiles.statuses) statusSeries[s.generator] = s.status;
  const nIsl = Math.max(islands.count, 1);
  const gs = new Float64Array(nIsl);
  for (let i = 0; i < b.count; i++) {
    const isl = islands.islandByBus[i];
    if (isl >= 0) gs[isl] += b.gsMw[i];
  }
  const load = new Float64Array(nIsl);
  const gen = new Float64Array(nIsl);
  const roomUp = new Float64Array(nIsl);
  const roomDown = new Float64Array(nIsl);

  const makeHour = (): HourDispatch => ({
    pdMw: new Float64Array(b.count),
    pgMw: new Float64Array(g.count),
    genActive: new Uint8Array(g.count),
    feasible: true,
    shortfallMw: 0,
  });

  const hour = (t: number, out: HourDispatch): HourDispatch => {
    load.set(gs);
    gen.fill(0);
    roomUp.fill(0);
    roomDown.fill(0);
    for (let i = 0; i < b.count; i++) {
      const p = profileOfBus[i];
      out.pdMw[i] = p >= 0 ? b.pdMw[i] * profiles.areas[p]!.factor[t]! : b.pdMw[i];
      const isl = islands.islandByBus[i];
      if (isl >= 0) load[isl] += out.pdMw[i];
    }
    for (let k = 0; k < g.count; k++) {
      const status = statusSeries[k];
      const on = active.genActive[k] === 1 && (status === null || status[t] === 1);
      out.genActive[k] = on ? 1 : 0;
      const series = unitSeries[k];
      out.pgMw[k] = !on ? 0 : series ? series[t]! : g.pgMw[k];
      const isl = islands.islandByBus[g.bus[k]];
      if (!on || isl < 0) continue;
      gen[isl] += out.pgMw[k];
      if (series) continue;
      roomUp[isl] += Math.max(0, g.pmaxMw[k] - g.pgMw[k]);
      roomDown[isl] += Math.max(0, g.pgMw[k] - g.pminMw[k]);
    }
    out.feasible = true;
    out.shortfallMw = 0;
    const share = new Float64Array(nIsl);
    for (let isl = 0; isl < nIsl; isl++) {
      const delta = load[isl] - gen[isl];
      const room = delta > 0 ? roomUp[isl] : roomDown[isl];
      if (Math.abs(delta) > room + BALANCE_TOLERANCE_MW && isl === transferIsland) {
        out.feasible = false;
        out.shortfallMw = delta > 0 ? delta - room : delta + room;
      }
      // Past every unit's room (another island only, or an infeasible hour) the units go beyond
      // their limits in the same proportion, so the hour still balances where it is read.
      share[isl] = room > 0 ? delta / room : 0;
    }
    for (let k = 0; k < g.count; k++) {
      if (!out.genActive[k] || unitSeries[k]) continue;
      const isl = islands.islandByBus[g.bus[k]];
      if (isl < 0 || share[isl] === 0) continue;
      const room =
        share[isl] > 0
          ? Math.max(0, g.pmaxMw[k] - g.pgMw[k])
          : Math.max(0, g.pgMw[k] - g.pminMw[k]);
      out.pgMw[k] += share[isl] * room;
    }
    return out;
  };

  const network = (t: number): Network => {
    const h = hour(t, makeHour());
    const qdMvar = Float64Array.from(b.qdMvar);
    for (let i = 0; i < b.count; i++) {
      const p = profileOfBus[i];
      if (p >= 0 && profiles.areas[p]!.reactiveToo) qdMvar[i] *= profiles.areas[p]!.factor[t]!;
    }
    return {
      ...net,
      buses: { ...b, pdMw: h.pdMw, qdMvar },
      generators: {
        ...g,
        pgMw: h.pgMw,
        inService: Uint8Array.from(g.inService, (s, k) =>
          h.genActive[k] || !active.genActive[k] ? s : 0,
        ),
      },
    };
  };

  return { hours: profiles.hours, hour, makeHour, network };
}
