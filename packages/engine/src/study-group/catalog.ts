import type { BaseCaseOptions } from '../base/base-case';
import { prepareBaseCase } from '../base/base-case';
import { inServiceMask } from '../model/indexing';
import type { Network } from '../model/network';
import { busDisplayName, busIndex } from '../model/network';
import type { RenewableFacts, StudyGroupChoice, StudyGroupReasonCode } from './resolve';
import { resolveStudyGroup, unitsOfChoice } from './resolve';

/**
 * What a study-group picker offers on one case (issue #21): every generator with what the
 * rules look at, and each option the case has (its fuels, areas, zones, kV levels) with the
 * units it picks and their headroom, so a 10,000-bus case's choices can be searched and sized
 * without running anything. Cost: one pass over the generators per option. Sized on the base
 * case (base/base-case.ts), so an option's headroom is the Tmax its analysis finds.
 */
export interface CatalogOption {
  readonly choice: Exclude<StudyGroupChoice, { kind: 'default' }>;
  /** In-service units the rule picks. */
  readonly units: number;
  readonly unitsWithHeadroom: number;
  /** Σ max(0, Pmax − P0) over them, MW. */
  readonly headroomMw: number;
}

export interface GeneratorCatalog {
  readonly count: number;
  readonly busNumber: number[];
  readonly busName: string[];
  /** PSS/E machine ID when given, else the unit's 1-based order among its bus's machines. */
  readonly machineId: string[];
  readonly fuel: (string | null)[];
  readonly pMaxMw: number[];
  readonly pMinMw: number[];
  readonly pInitialMw: number[];
  readonly baseKv: number[];
  readonly area: number[];
  readonly zone: number[];
  readonly inService: boolean[];
  readonly defaultGroup: {
    readonly choice: Exclude<StudyGroupChoice, { kind: 'default' }>;
    readonly reason: StudyGroupReasonCode;
    readonly renewables: RenewableFacts | null;
  };
  readonly renewables: CatalogOption;
  readonly all: CatalogOption;
  readonly fuels: CatalogOption[];
  readonly areas: CatalogOption[];
  readonly zones: CatalogOption[];
  /** Descending kV. */
  readonly kvLevels: CatalogOption[];
}

export function generatorCatalog(
  input: Network,
  generatorIds?: readonly string[],
  options: BaseCaseOptions = {},
): GeneratorCatalog {
  // Sized on the base case the analysis will run on: its P0 and limits, not the file's.
  const net = prepareBaseCase(input, options).net;
  const g = net.generators;
  const { area, zone, baseKv, number } = net.buses;
  const active = inServiceMask(net);
  const option = (choice: CatalogOption['choice']): CatalogOption => {
    const units = unitsOfChoice(net, active, choice);
    let unitsWithHeadroom = 0;
    let headroomMw = 0;
    for (const k of units) {
      const room = g.pmaxMw[k] - g.pgMw[k];
      if (room > 0) {
        unitsWithHeadroom++;
        headroomMw += room;
      }
    }
    return { choice, units: units.length, unitsWithHeadroom, headroomMw };
  };
  const live: number[] = [];
  for (let k = 0; k < g.count; k++) if (active.genActive[k]) live.push(k);
  const distinct = <T>(values: T[]) => [...new Set(values)];
  const orderAtBus = new Map<number, number>();
  const machineId = Array.from({ length: g.count }, (_, k) => {
    const order = (orderAtBus.get(g.bus[k]) ?? 0) + 1;
    orderAtBus.set(g.bus[k], order);
    return generatorIds?.[k]?.trim() || String(order);
  });
  let defaultGroup: GeneratorCatalog['defaultGroup'];
  try {
    const resolved = resolveStudyGroup(net, active, { kind: 'default' });
    defaultGroup = {
      choice: resolved.choice,
      reason: resolved.reason,
      renewables: resolved.renewables,
    };
  } catch {
    // A case with no unit in service: the analysis will say so; the picker offers 'all'.
    defaultGroup = { choice: { kind: 'all' }, reason: 'DEFAULT_NO_RENEWABLES', renewables: null };
  }
  return {
    count: g.count,
    busNumber: Array.from(g.bus, (b) => number[b]),
    busName: Array.from(g.bus, (b) => busDisplayName(net, busIndex(b))),
    machineId,
    fuel: Array.from({ length: g.count }, (_, k) => g.fuel?.[k] || null),
    pMaxMw: Array.from(g.pmaxMw),
    pMinMw: Array.from(g.pminMw),
    pInitialMw: Array.from(g.pgMw),
    baseKv: Array.from(g.bus, (b) => baseKv[b]),
    area: Array.from(g.bus, (b) => area[b]),
    zone: Array.from(g.bus, (b) => zone[b]),
    inService: Array.from(active.genActive, (on) => on === 1),
    defaultGroup,
    renewables: option({ kind: 'renewables' }),
    all: option({ kind: 'all' }),
    fuels: distinct(live.flatMap((k) => (g.fuel?.[k] ? [g.fuel[k]] : [])))
      .sort()
      .map((fuel) => option({ kind: 'fuel', fuel })),
    areas: distinct(live.map((k) => area[g.bus[k]]))
      .sort((a, b) => a - b)
      .map((n) => option({ kind: 'area', area: n })),
    zones: distinct(live.map((k) => zone[g.bus[k]]))
      .sort((a, b) => a - b)
      .map((n) => option({ kind: 'zone', zone: n })),
    kvLevels: distinct(live.map((k) => baseKv[g.bus[k]]))
      .sort((a, b) => b - a)
      .map((minKv) => option({ kind: 'kv', minKv })),
  };
}
