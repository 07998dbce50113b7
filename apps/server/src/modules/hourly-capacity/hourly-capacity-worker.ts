// The thread that reads a case's hourly profiles and computes a bus's year of hours
// (hourly-capacity-thread.ts), as `holgura hours` does (engine cli/hours-command.ts).
import { parentPort } from 'node:worker_threads';
import type { HourlyCapacityResponse } from '@holgura/contracts';
import {
  constraintsOutput,
  hourlyCapacities,
  indexOfBus,
  infeasibleHours,
  makeBusLookup,
  monthHourMean,
  plantProfile,
  readProfiles,
  yearFigures,
  type BusIndex,
  type HourlyProfiles,
  type Network,
} from '@holgura/engine';
import { engineFailure, readCaseForJob, type EngineFailure } from '../../jobs/engine-failure';
import { serveRequests } from '../../jobs/request-thread';
import { capacityEngineOptions } from '../busbar-capacities/busbar-capacities';
import type { ProfilesFigures } from './hourly-capacity.repository';
import type {
  CapacityOutcome,
  CapacityRequest,
  HourlyOutcome,
  HourlyRequest,
  ReadProfilesOutcome,
  ReadProfilesRequest,
  TemplateOutcome,
  TemplateRequest,
} from './hourly-capacity-thread';

/** The template's year: 365 days (the planner's file may have 8,784 hours, a leap year). */
const TEMPLATE_HOURS = 8760;

/** One bus's year, what every answer at that bus shares whatever the plant. */
type Series = Pick<
  HourlyCapacityResponse,
  | 'bus'
  | 'name'
  | 'hours'
  | 'capMw'
  | 'preExisting'
  | 'capacityMw'
  | 'limiting'
  | 'constraints'
  | 'infeasibleHours'
  | 'sinkFallbackHours'
  | 'byMonthHourMw'
  | 'seconds'
> & { busIndex: number; values: Float64Array };

let lastCase: { sha256: string; net: Network; lookup: Map<number, BusIndex> } | null = null;
let lastProfiles: { key: string; profiles: HourlyProfiles } | null = null;
let lastSeries: { key: string; series: Series | 'islanded' } | null = null;

async function caseOf(request: { caseSha256: string; networkBytes: Uint8Array }) {
  if (lastCase?.sha256 !== request.caseSha256) {
    // A new case: whatever was kept for the old one goes with it.
    lastCase = null;
    lastProfiles = null;
    lastSeries = null;
    const { network } = await readCaseForJob(request.networkBytes);
    lastCase = {
      sha256: request.caseSha256,
      net: network,
      lookup: makeBusLookup(network.buses.number),
    };
  }
  return lastCase;
}

function profilesOf(
  request: { caseSha256: string; profilesSha256: string; profilesText: string },
  net: Network,
): HourlyProfiles {
  const key = `${request.caseSha256}:${request.profilesSha256}`;
  if (lastProfiles?.key !== key) {
    lastProfiles = null;
    lastProfiles = { key, profiles: readProfiles(request.profilesText, net) };
  }
  return lastProfiles.profiles;
}

/** Σ Pd of each area's buses (MW), as the engine's profiles scale them (profiles.ts). */
function areaLoadsMw(net: Network): Map<number, number> {
  const loads = new Map<number, number>();
  const { area, pdMw, count } = net.buses;
  for (let i = 0; i < count; i++) loads.set(area[i]!, (loads.get(area[i]!) ?? 0) + pdMw[i]!);
  return loads;
}

/**
 * The engine names where a profiles file went wrong in its message ("line 12: …", "row 3,
 * column "area 2": …", "column "area 9 factor": …"): as the line and field the Spanish message
 * gives.
 */
function located(failure: EngineFailure): EngineFailure {
  if (!failure.code.startsWith('HOURLY_PROFILES_')) return failure;
  const at = /^(?:(?:line|row) (\d+)(?:, )?)?(?:column "([^"]*)")?/.exec(failure.detail);
  return {
    ...failure,
    ...(at?.[1] === undefined ? {} : { line: Number(at[1]) }),
    ...(at?.[2] === undefined ? {} : { field: at[2] }),
  };
}

const failed = (error: unknown) => located(engineFailure(error));

/** What the profiles give on the case: the summary's figures and the hours nothing can balance. */
export async function readProfilesSummary(
  request: ReadProfilesRequest,
): Promise<ReadProfilesOutcome> {
  try {
    const { net } = await caseOf(request);
    const profiles = profilesOf(request, net);
    const loads = areaLoadsMw(net);
    const areas = profiles.areas
      .map(({ area, factor }) => {
        let minFactor = Infinity;
        let maxFactor = -Infinity;
        for (const f of factor) {
          if (f < minFactor) minFactor = f;
          if (f > maxFactor) maxFactor = f;
        }
        return { area, caseLoadMw: loads.get(area) ?? 0, minFactor, maxFactor };
      })
      .sort((a, b) => a.area - b.area);
    const g = net.generators;
    const technologies = new Set<string>();
    for (const { generator } of profiles.units) {
      const fuel = g.fuel?.[generator];
      // The plant simulator's technologies: those plantProfile can average (Pmax > 0).
      if (fuel !== undefined && fuel !== '' && g.pmaxMw[generator]! > 0) technologies.add(fuel);
    }
    // The hours the units without a profile cannot balance: each hour's dispatch, no flows.
    const infeasible = infeasibleHours(
      net,
      profiles,
      capacityEngineOptions(request.options, 'attributable'),
    ).length;
    const figures: ProfilesFigures = {
      hours: profiles.hours,
      areas,
      units: profiles.units.length,
      statuses: profiles.statuses.length,
      technologies: [...technologies].sort(),
      infeasibleHours: infeasible,
    };
    return { ok: true, format: profiles.format, figures };
  } catch (error) {
    return failed(error);
  }
}

/**
 * A flat year at the case's own loads: `hora` and one `area N` column (MW) per area with load,
 * in area order, 8,760 rows. Each load is written as the shortest decimal that reads back as
 * the same number, so the file reads back as factor 1 in every hour.
 */
export async function profilesTemplate(request: TemplateRequest): Promise<TemplateOutcome> {
  try {
    const { net } = await caseOf(request);
    const areas = [...areaLoadsMw(net)].filter(([, mw]) => mw !== 0).sort(([a], [b]) => a - b);
    const header = ['hora', ...areas.map(([area]) => `area ${area}`)].join(',');
    const loads = areas.map(([, mw]) => `,${String(mw)}`).join('');
    const lines = [header];
    for (let t = 1; t <= TEMPLATE_HOURS; t++) lines.push(`${t}${loads}`);
    return { ok: true, csv: `${lines.join('\r\n')}\r\n` };
  } catch (error) {
    return failed(error);
  }
}

const orNull = (v: number): number | null => (Number.isNaN(v) ? null : v);

/** The bus's hourly series, computed once per case, profiles, options, bus and figure. */
function seriesOf(
  request: CapacityRequest,
  net: Network,
  profiles: HourlyProfiles,
  bus: number,
): Series | 'islanded' {
  const key = [
    request.caseSha256,
    request.profilesSha256,
    JSON.stringify(request.options),
    bus,
    request.preExisting,
  ].join('|');
  if (lastSeries?.key === key) return lastSeries.series;
  lastSeries = null;
  const r = hourlyCapacities(net, profiles, {
    ...capacityEngineOptions(
      request.options,
      request.preExisting === 'limit' ? 'strict' : 'attributable',
    ),
    buses: [bus],
  });
  const b = r.results[0];
  if (b === undefined) {
    lastSeries = { key, series: 'islanded' };
    return 'islanded';
  }
  const c = b.capacityMw;
  const series: Series = {
    bus: b.busNumber,
    name: b.name,
    hours: r.hours,
    capMw: r.capMw,
    preExisting: r.preExisting,
    capacityMw: Array.from(c, orNull),
    limiting: Array.from(b.limiting),
    constraints: constraintsOutput(b.constraints),
    infeasibleHours: r.infeasibleHours.map((h) => ({
      hour: h.hour + 1,
      shortfallMw: h.shortfallMw,
    })),
    sinkFallbackHours: r.sinkFallbackHours,
    byMonthHourMw: monthHourMean(c).map((row) => Array.from(row, orNull)),
    // What the year took to compute, kept with it: a new plant at the bus reuses it.
    seconds: r.timingsMs.total / 1000,
    busIndex: bus,
    values: c,
  };
  lastSeries = { key, series };
  return series;
}

/**
 * One bus's capacity in every hour and, for the plant's profile (flat without a plant), its firm
 * MW, the MW at 1, 3 and 5 % of the energy curtailed and the plant's curtailment. A figure at or
 * past the cap is null: beyond it the grid was not checked (cli/hours-command.ts).
 */
export async function hourlyCapacity(request: CapacityRequest): Promise<CapacityOutcome> {
  try {
    const { net, lookup } = await caseOf(request);
    const profiles = profilesOf(request, net);
    const bus = indexOfBus(lookup, request.bus);
    const series = seriesOf(request, net, profiles, bus);
    if (series === 'islanded') {
      return {
        ok: false,
        code: 'HOURLY_BUS_ISLANDED',
        detail: `bus ${request.bus} is outside the transfer island`,
      };
    }
    const { busIndex, values: c, ...shared } = series;
    const plant = request.plant;
    const profile = plantProfile(plant?.profile ?? { kind: 'flat' }, net, profiles, busIndex);
    const figures: Omit<HourlyCapacityResponse, 'caseId'> = {
      ...shared,
      ...yearFigures(c, profile, series.capMw, plant?.mw ?? null),
    };
    return { ok: true, figures };
  } catch (error) {
    return failed(error);
  }
}

export async function handleHourlyRequest(
  request: HourlyRequest,
): Promise<HourlyOutcome<HourlyRequest>> {
  switch (request.kind) {
    case 'read':
      return readProfilesSummary(request);
    case 'template':
      return profilesTemplate(request);
    case 'capacity':
      return hourlyCapacity(request);
  }
}

if (parentPort !== null) {
  serveRequests<HourlyRequest, HourlyOutcome<HourlyRequest>>(parentPort, async (request) => ({
    value: await handleHourlyRequest(request),
  }));
}
