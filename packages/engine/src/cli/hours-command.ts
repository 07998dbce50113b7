import type { SlackRule } from '../base/base-dispatch';
import type { PostRating } from '../contingency/n1';
import type { BusHours, HourlyCapacityResult } from '../hours/hourly-capacity';
import { availableParallelism } from 'node:os';
import { hourlyCapacitiesOnThreads } from '../hours/threads';
import { constraintsOutput, yearFigures } from '../hours/year-figures';
import type { PlantProfileSpec } from '../hours/plant-profile';
import { plantProfile } from '../hours/plant-profile';
import type { HourlyProfiles } from '../hours/profiles';
import { indexOfBus, makeBusLookup } from '../model/indexing';
import type { Network } from '../model/network';
import type { CommandOutput } from './format';

export interface HoursCommandOptions {
  /** Bus numbers; undefined with `all`. */
  readonly buses?: readonly number[];
  readonly all: boolean;
  readonly capMw: number;
  readonly postRating: PostRating;
  readonly preExisting: 'limit' | 'ignore';
  readonly slack: SlackRule;
  readonly plant: PlantProfileSpec;
  readonly plantMw?: number;
  readonly onProgress?: (fraction: number) => void;
}

const orNull = (v: number): number | null => (Number.isNaN(v) ? null : v);

/**
 * `holgura hours CASE PROFILES (--bus N | --all)` (issue #32): each bus's capacity in every hour
 * of the profiles, its firm MW and the MW at 1, 3 and 5 % of the energy curtailed for the plant
 * profile (flat by default), and, with --plant-mw, that plant's curtailed MWh and %. With
 * --bus, the hourly series (`capacityMw`, one per hour, null in an infeasible hour); with
 * --all, each bus's summary only (8,784 numbers × every bus would be hundreds of MB).
 */
export async function hours(
  net: Network,
  profiles: HourlyProfiles,
  options: HoursCommandOptions,
): Promise<CommandOutput> {
  const lookup = makeBusLookup(net.buses.number);
  // Many buses (--all) on every core: each bus's year is independent of the others'.
  const result = await hourlyCapacitiesOnThreads(
    net,
    profiles,
    {
      ...(options.buses ? { buses: options.buses.map((n) => indexOfBus(lookup, n)) } : {}),
      capMw: options.capMw,
      postRating: options.postRating,
      preExisting: options.preExisting,
      slack: options.slack,
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    },
    { threads: availableParallelism() },
  );
  const results = result.results.map((bus) => busOutput(bus, result, net, profiles, options));
  const header = {
    hours: result.hours,
    capMw: result.capMw,
    preExisting: result.preExisting,
    sink: result.sinkRule,
    sinkFallbackHours: result.sinkFallbackHours,
    distributionFactorCutoff: result.distributionFactorCutoff,
    infeasibleHours: result.infeasibleHours.map((h) => ({
      hour: h.hour + 1,
      shortfallMw: h.shortfallMw,
    })),
    skippedBuses: result.skippedBuses.map((b) => net.buses.number[b]!),
    seconds: result.timingsMs.total / 1000,
  };
  if (options.all) {
    const summaries = results.map((r) => ({ ...r, capacityMw: undefined }));
    return {
      json: { ...header, results: summaries },
      table: {
        columns: [
          { header: 'bus' },
          { header: 'minMw', decimals: 1 },
          { header: 'medianMw', decimals: 1 },
          { header: 'firmMw', decimals: 1 },
          { header: 'mwAt1', decimals: 1 },
          { header: 'mwAt3', decimals: 1 },
          { header: 'mwAt5', decimals: 1 },
          { header: 'hoursLimited' },
          { header: 'mainConstraint' },
        ],
        rows: summaries.map((r) => [
          r.bus,
          r.minMw,
          r.medianMw,
          r.firmMw,
          r.mwAtCurtailment['1'],
          r.mwAtCurtailment['3'],
          r.mwAtCurtailment['5'],
          r.hoursLimited,
          r.constraints[0]?.monitoredName ?? null,
        ]),
        summary: summaryLines(result),
      },
    };
  }
  const json =
    results.length === 1 ? { ...header, ...results[0]!, results } : { ...header, results };
  return {
    json,
    table: {
      columns: [
        { header: 'hour' },
        ...results.map((r) => ({ header: `bus${r.bus}`, decimals: 1 })),
      ],
      rows: Array.from({ length: result.hours }, (_, t) => [
        t + 1,
        ...results.map((r) => r.capacityMw[t] ?? null),
      ]),
      summary: [
        ...summaryLines(result),
        ...results.map(
          (r) =>
            `bus ${r.bus}: firm ${fmt(r.firmMw)} MW; at 1/3/5 % curtailed ${fmt(r.mwAtCurtailment['1'])} / ${fmt(r.mwAtCurtailment['3'])} / ${fmt(r.mwAtCurtailment['5'])} MW (profile: ${r.profile.label})` +
            (r.curtailment
              ? `; a ${r.curtailment.plantMw} MW plant loses ${r.curtailment.mwh.toFixed(0)} MWh (${r.curtailment.percent.toFixed(2)} %)`
              : ''),
        ),
      ],
    },
  };
}

const fmt = (v: number | null) => (v === null ? '≥ cap' : v.toFixed(1));

function summaryLines(result: HourlyCapacityResult): string[] {
  return [
    `${result.hours} hours, ${result.infeasibleHours.length} infeasible (the units without a profile cannot balance them: not computed)`,
    `sink: ${result.sinkRule}; cap: ${result.capMw} MW; pre-existing violations: ${result.preExisting === 'limit' ? 'limit the connection' : 'ignored'}`,
  ];
}

function busOutput(
  bus: BusHours,
  result: HourlyCapacityResult,
  net: Network,
  profiles: HourlyProfiles,
  options: HoursCommandOptions,
) {
  const profile = plantProfile(options.plant, net, profiles, bus.bus);
  const c = bus.capacityMw;
  const sorted = Array.from(c)
    .filter((v) => !Number.isNaN(v))
    .sort((x, y) => x - y);
  let hoursLimited = 0;
  for (const q of bus.limiting) if (q >= 0) hoursLimited++;
  const { curtailment, ...figures } = yearFigures(
    c,
    profile,
    result.capMw,
    options.plantMw ?? null,
  );
  return {
    bus: bus.busNumber,
    name: bus.name,
    capacityMw: Array.from(c, orNull),
    minMw: sorted.length ? sorted[0]! : null,
    medianMw: sorted.length ? sorted[Math.floor(sorted.length / 2)]! : null,
    maxMw: sorted.length ? sorted[sorted.length - 1]! : null,
    // firmMw and mwAtCurtailment null: the cap (the study's most) is reached first.
    ...figures,
    hoursLimited,
    constraints: constraintsOutput(bus.constraints),
    ...(curtailment ? { curtailment } : {}),
  };
}
