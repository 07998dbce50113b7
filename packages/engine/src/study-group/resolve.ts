import type { InService } from '../model/indexing';
import type { Network } from '../model/network';
import { transferError, type StudyGroupSpec } from '../transfer/weights';

/**
 * The study group of a flexibility analysis (docs/analysis.md §5): which units rise. A choice names
 * a rule; `resolveStudyGroup` turns it into the units of a case. Groups pick units, not plants:
 * a wind unit and a gas unit at one bus are apart in a group by fuel.
 *
 * The text form (`renewables`, `all`, `fuel:wind`, `area:3`, `zone:2`, `kv:230`, `gens:3,4,7`)
 * and its Spanish wording live in @holgura/contracts (study-group.ts), which parses text into
 * this same shape for the API and the CLI; src/cli/contract-types.ts keeps the two declarations
 * equal (and the kinds, reason codes and facts below).
 */
export type StudyGroupChoice =
  /** docs/analysis.md §5: renewables when their headroom is meaningful, else every unit with headroom. */
  | { readonly kind: 'default' }
  /** Wind and solar units (MATPOWER genfuel). */
  | { readonly kind: 'renewables' }
  /** Every in-service unit with headroom; the loads take the transfer. */
  | { readonly kind: 'all' }
  /** Units of one fuel as genfuel names it ('wind', 'ng', 'coal', …), lower-case. */
  | { readonly kind: 'fuel'; readonly fuel: string }
  /** Units at buses of one area or one zone (the bus's AREA / ZONE). */
  | { readonly kind: 'area'; readonly area: number }
  | { readonly kind: 'zone'; readonly zone: number }
  /** Units at buses whose base kV is at least `minKv`. */
  | { readonly kind: 'kv'; readonly minKv: number }
  /**
   * Hand-picked units by their 1-based generator row (file order, the row the generator
   * catalogue shows and MATPOWER's `mpc.gen` numbering). Each unit rises alone.
   */
  | { readonly kind: 'gens'; readonly rows: readonly number[] };

export type StudyGroupKind = Exclude<StudyGroupChoice['kind'], 'default'>;

/**
 * Why the group is the one studied, as a stable code; the Spanish sentence is written from it
 * and the facts below by @holgura/contracts (`studyGroupReasonText`).
 */
export type StudyGroupReasonCode =
  /** The caller named the group (upload option, re-run, CLI --group). */
  | 'GROUP_REQUESTED'
  /** Default rule: the wind and solar units have meaningful headroom. */
  | 'DEFAULT_RENEWABLES'
  /** Default rule: wind and solar units exist, but their headroom is below 1 MW or 1 %. */
  | 'DEFAULT_RENEWABLES_NO_HEADROOM'
  /** Default rule: the case names no wind or solar unit (no genfuel, or none of those fuels). */
  | 'DEFAULT_NO_RENEWABLES';

/** The in-service wind and solar units of a case: what the default rule looks at. */
export interface RenewableFacts {
  readonly units: number;
  /** Σ max(0, Pmax − P0), MW. */
  readonly headroomMw: number;
  /** Σ Pmax, MW. */
  readonly capacityMw: number;
}

/** docs/analysis.md §5: headroom is meaningful from 1 MW and 1 % of the units' capacity. */
export const MEANINGFUL_HEADROOM_MW = 1;
export const MEANINGFUL_HEADROOM_SHARE = 0.01;

export function headroomIsMeaningful(facts: RenewableFacts): boolean {
  return (
    facts.headroomMw >= MEANINGFUL_HEADROOM_MW &&
    facts.headroomMw >= MEANINGFUL_HEADROOM_SHARE * facts.capacityMw
  );
}

/** Fuels counted as renewables (genfuel is lower-cased by the reader). */
export const RENEWABLE_FUELS: ReadonlySet<string> = new Set([
  'wind',
  'solar',
  'pv',
  'solar pv',
  'solar fv',
  'eolica',
  'eólica',
]);

/** A choice resolved on one case, before the transfer is built. */
export interface ResolvedStudyGroup {
  /** The rule applied: for the default, the one it chose. */
  readonly choice: Exclude<StudyGroupChoice, { kind: 'default' }>;
  readonly chosenBy: 'default' | 'request';
  readonly reason: StudyGroupReasonCode;
  /** Set when the default rule looked at them (and on a requested 'renewables' group). */
  readonly renewables: RenewableFacts | null;
  /** In-service units the rule picks, with headroom or not (0-based rows). */
  readonly matchedUnits: number[];
  /** What buildTransferWeights takes. */
  readonly spec: StudyGroupSpec;
}

function isRenewable(net: Network, k: number): boolean {
  const fuel = net.generators.fuel?.[k];
  return fuel !== undefined && RENEWABLE_FUELS.has(fuel);
}

export function renewableFacts(net: Network, active: InService): RenewableFacts {
  const g = net.generators;
  let units = 0;
  let headroomMw = 0;
  let capacityMw = 0;
  for (let k = 0; k < g.count; k++) {
    if (!active.genActive[k] || !isRenewable(net, k)) continue;
    units++;
    headroomMw += Math.max(0, g.pmaxMw[k] - g.pgMw[k]);
    capacityMw += g.pmaxMw[k];
  }
  return { units, headroomMw, capacityMw };
}

/** In-service units (0-based rows) a rule picks, headroom or not. */
export function unitsOfChoice(
  net: Network,
  active: InService,
  choice: Exclude<StudyGroupChoice, { kind: 'default' }>,
): number[] {
  const g = net.generators;
  const { area, zone, baseKv } = net.buses;
  if (choice.kind === 'gens') {
    const rows = [...new Set(choice.rows)].sort((a, b) => a - b);
    for (const row of rows) {
      if (!Number.isInteger(row) || row < 1 || row > g.count) {
        throw transferError(
          'TRANSFER_GENERATOR_UNKNOWN',
          `generator row ${row} is not in the case (it has ${g.count} generators)`,
        );
      }
    }
    // A unit out of service cannot rise: it is left out, like in every other rule.
    return rows.map((row) => row - 1).filter((k) => active.genActive[k] === 1);
  }
  const picks = (k: number): boolean => {
    switch (choice.kind) {
      case 'all':
        return true;
      case 'renewables':
        return isRenewable(net, k);
      case 'fuel':
        return g.fuel?.[k] === choice.fuel;
      case 'area':
        return area[g.bus[k]] === choice.area;
      case 'zone':
        return zone[g.bus[k]] === choice.zone;
      case 'kv':
        return baseKv[g.bus[k]] >= choice.minKv;
    }
  };
  const units: number[] = [];
  for (let k = 0; k < g.count; k++) if (active.genActive[k] && picks(k)) units.push(k);
  return units;
}

/**
 * Resolves a choice on a case: the default rule of docs/analysis.md §5 (renewables only when their
 * headroom is at least 1 MW and 1 % of their capacity, else every unit with headroom), or the
 * rule asked for. A rule that picks no in-service unit is refused (TRANSFER_GROUP_NO_UNITS);
 * one whose units have no headroom is refused when the transfer is built (TRANSFER_GROUP_EMPTY).
 */
export function resolveStudyGroup(
  net: Network,
  active: InService,
  choice: StudyGroupChoice,
): ResolvedStudyGroup {
  if (choice.kind === 'default') {
    const renewables = renewableFacts(net, active);
    const meaningful = headroomIsMeaningful(renewables);
    const chosen = meaningful ? ({ kind: 'renewables' } as const) : ({ kind: 'all' } as const);
    const reason: StudyGroupReasonCode = meaningful
      ? 'DEFAULT_RENEWABLES'
      : renewables.units > 0
        ? 'DEFAULT_RENEWABLES_NO_HEADROOM'
        : 'DEFAULT_NO_RENEWABLES';
    return { ...resolveStudyGroup(net, active, chosen), chosenBy: 'default', reason, renewables };
  }
  const matchedUnits = unitsOfChoice(net, active, choice);
  if (matchedUnits.length === 0) {
    throw transferError(
      'TRANSFER_GROUP_NO_UNITS',
      `no in-service unit of the case is in the study group ${JSON.stringify(choice)}`,
    );
  }
  return {
    choice,
    chosenBy: 'request',
    reason: 'GROUP_REQUESTED',
    renewables: choice.kind === 'renewables' ? renewableFacts(net, active) : null,
    matchedUnits,
    // 'all' keeps its own rule: with every unit rising, the loads are the sink (§4).
    spec:
      choice.kind === 'all'
        ? { rule: 'all-with-headroom' }
        : { rule: 'named', units: matchedUnits },
  };
}
