import {
  branchDisplayName,
  busDisplayName,
  busIndex,
  computeAreaLayout,
  geographicLayoutOf,
  parseBusCoordinatesCsv,
  prepareBaseCase,
  runDcPowerFlow,
  type NetworkLayout,
  type Network,
} from '@holgura/engine';
import { networkViewV1Schema, type NetworkViewV1 } from '@holgura/contracts';

/** Layout units to one decimal, MW to two: plenty on screen, half the JSON of full doubles. */
const round = (value: number, digits: number) => {
  const scale = 10 ** digits;
  const rounded = Math.round(value * scale) / scale;
  return Object.is(rounded, -0) ? 0 : rounded;
};

/**
 * The network view stored with a case (issue #9 item 1): the layout computed once, the base
 * case's DC flows, ratings and generators, each bus's area and load. Runs where the network is
 * already in memory (the analysis worker, the demo builder). The layout is the area layout
 * (issue #29: each area a region, its highest voltages first; a small case of one area gets the
 * force layout) unless `layout` gives another, e.g. geographic; `areaNames` (a PSS/E case's
 * area data) label the regions.
 */
export function buildNetworkView(
  net: Network,
  options: { layout?: NetworkLayout; areaNames?: ReadonlyMap<number, string> } = {},
): NetworkViewV1 {
  const placed = options.layout ?? computeAreaLayout(net);
  const { buses, branches } = net;
  let flows: Float64Array;
  // The analyses' base case: its dispatch and flows, and real limits in place of placeholders.
  let { generators } = net;
  try {
    const base = prepareBaseCase(net).net;
    generators = base.generators;
    flows = runDcPowerFlow(base).pfMw;
  } catch {
    // A case the DC power flow cannot solve still has a picture; its flows are unknown, not 0.
    flows = new Float64Array(branches.count).fill(Number.NaN);
  }
  const named = [...new Set(buses.area)]
    .sort((a, b) => a - b)
    .filter((area) => (options.areaNames?.get(area) ?? '') !== '');
  const view: NetworkViewV1 = {
    schemaVersion: 1,
    layout: placed.source,
    ...(named.length === 0
      ? {}
      : { areas: { number: named, name: named.map((area) => options.areaNames!.get(area)!) } }),
    buses: {
      number: Array.from(buses.number),
      name: Array.from({ length: buses.count }, (_, i) => busDisplayName(net, busIndex(i))),
      baseKv: Array.from(buses.baseKv),
      x: Array.from(placed.x, (v) => round(v, 1)),
      y: Array.from(placed.y, (v) => round(v, 1)),
      type: Array.from(buses.type, (type) => (type >= 1 && type <= 4 ? type : 1)),
      area: Array.from(buses.area),
      loadMw: Array.from(buses.pdMw, (v) => round(v, 2)),
    },
    branches: {
      from: Array.from(branches.fromBus, (i) => buses.number[i]!),
      to: Array.from(branches.toBus, (i) => buses.number[i]!),
      name: Array.from({ length: branches.count }, (_, k) => branchDisplayName(net, k)),
      ratingMw: Array.from(branches.rateAMva, (v) => Math.max(0, v)),
      // JSON has no NaN: an unsolved case stores 0 and the view knows from `inService`.
      flowMw: Array.from(flows, (v) => (Number.isFinite(v) ? round(v, 2) : 0)),
      inService: Array.from(branches.inService, (v) => v === 1),
    },
    generators: {
      bus: Array.from(generators.bus, (i) => buses.number[i]!),
      pMw: Array.from(generators.pgMw, (v) => round(v, 2)),
      pMaxMw: Array.from(generators.pmaxMw, (v) => round(v, 2)),
      inService: Array.from(generators.inService, (v) => v === 1),
    },
  };
  return networkViewV1Schema.parse(view);
}

/**
 * The view with positions from a companion coordinates CSV: only the positions change, so the
 * stored view is re-projected without reading the case again. Throws the engine's coded errors.
 */
export function reprojectNetwork(view: NetworkViewV1, csv: string): NetworkViewV1 {
  const coordinates = parseBusCoordinatesCsv(csv);
  const indexByNumber = new Map(view.buses.number.map((number, i) => [number, i]));
  const layout = geographicLayoutOf(
    {
      busNumber: view.buses.number,
      fromBus: view.branches.from.map((number) => indexByNumber.get(number)!),
      toBus: view.branches.to.map((number) => indexByNumber.get(number)!),
    },
    coordinates,
  );
  return networkViewV1Schema.parse({
    ...view,
    layout: layout.source,
    buses: {
      ...view.buses,
      x: Array.from(layout.x, (v) => round(v, 2)),
      y: Array.from(layout.y, (v) => round(v, 2)),
    },
  });
}
